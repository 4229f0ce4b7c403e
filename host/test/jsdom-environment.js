// jsdom with the Fetch API of Node: react-router's data router builds a `Request` for every navigation (loaders),
// which jsdom lacks. Request, Response, Headers and the abort classes must come from the same implementation.
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
