// jsdom with the Fetch API of Node, which jsdom lacks, for code under test that uses it (the host's suites; the
// federation runtime tests of shared and ops-console name it in their docblock). Request, Response, Headers
// and the abort classes must come from the same implementation.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['fetch', 'Request', 'Response', 'Headers', 'AbortController', 'AbortSignal']) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetchEnvironment;
