/* global jest, afterEach */
// Every API answer a front-end test mocks must be one the server can give.
//
// A part's API calls live in its `src/**/api.ts` files as objects of functions (`refundApi.check`, ...), and the
// component tests mock those functions (`jest.spyOn(refundApi, 'check').mockResolvedValue(...)`). This setup file
// reads each api.ts with the TypeScript parser to learn which route every function calls (its first
// `get`/`post`/`put`/`del`/`upload`/`http.*`/`opsHttp.*` call), and after each test checks every answer those
// mocks resolved to against the JSON schema of the route's 200 `data` (api-types/answers.json, generated from the
// server's route schemas by `npm run api:types`). Objects are closed: the server's serializer drops properties its
// schema does not name, so a mocked answer with a property the schema lacks is one the server cannot give.
// A test fails with the function, the route and what does not fit.
const fs = require('node:fs');
const path = require('node:path');
const Ajv = require('ajv');
const addFormats = require('ajv-formats');
const { apiFilesOf, callsOfFile } = require('./jest-api-calls');

// This file runs once per test file, in that file's module registry: the TypeScript compiler (loaded only when an
// api.ts changed since the last run, see apiFilesOf) and the schema compiler (one route at a time, when a test
// mocked it) are the costly parts, so neither is paid for what a test does not use.

const ANSWERS_FILE = path.join(__dirname, '..', 'api-types', 'answers.json');

/** Objects without `additionalProperties` get `false`, as the server's serializer behaves. */
function closeObjects(schema) {
  if (Array.isArray(schema)) return schema.map(closeObjects);
  if (!schema || typeof schema !== 'object') return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    // `properties` maps names to schemas: close the schemas, keep the names.
    out[key] =
      key === 'properties' && value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, closeObjects(v)]))
        : closeObjects(value);
  }
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined) {
    out.additionalProperties = false;
  }
  // OpenAPI 3.0's `nullable` does not reach `enum` in Ajv: a nullable enum lists null itself.
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null))
    out.enum = [...out.enum, null];
  return out;
}

let routes;
let ajv;
/** `route → { schema, validate }` for every route of answers.json; each route's schema is compiled when first used. */
function validators() {
  if (routes) return routes;
  const answers = JSON.parse(fs.readFileSync(ANSWERS_FILE, 'utf8'));
  routes = new Map();
  for (const [route, schema] of Object.entries(answers)) {
    let validate;
    routes.set(route, {
      schema,
      get validate() {
        if (!ajv) {
          ajv = new Ajv({ allErrors: true, strict: false });
          addFormats(ajv);
          ajv.addFormat('binary', true);
        }
        validate ??= ajv.compile(closeObjects(schema));
        return validate;
      },
    });
  }
  return routes;
}

/** The route template of answers.json that a called URL (`/api/qrcode/*`) stands for, or null. */
function routeFor(call) {
  const [method, url] = call.split(' ');
  const segments = url.split('?')[0].split('/');
  let best = null;
  let bestParams = Infinity;
  for (const route of validators().keys()) {
    const [m, template] = route.split(' ');
    if (m !== method) continue;
    const parts = template.split('/');
    if (parts.length !== segments.length) continue;
    let params = 0;
    const fits = parts.every((part, i) => {
      const isParam = /^\{.+\}$/.test(part);
      if (isParam) params += 1;
      if (isParam || part === segments[i]) return true;
      // A substitution inside a segment (`upload-${kind}`) stands for any text there.
      const glob = segments[i].split('*').map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      return glob.length > 1 && new RegExp(`^${glob.join('.+')}$`).test(part);
    });
    if (fits && params < bestParams) {
      best = route;
      bestParams = params;
    }
  }
  return best;
}

/**
 * The part's API functions: `[{ object, name, label, route }]` for every exported object of its api.ts files,
 * loaded through Jest's module registry (the same instances the test imports). Called after a test, so that a
 * test's own `jest.mock(...)` applies to what the api modules import.
 */
function apiFunctionsOf(files, requireModule) {
  const out = [];
  for (const { file, calls } of files) {
    const mod = requireModule(file);
    for (const [exportName, functions] of Object.entries(calls)) {
      const object = mod[exportName];
      if (!object) continue;
      for (const [name, call] of Object.entries(functions)) {
        out.push({ object, name, label: `${exportName}.${name}`, route: routeFor(call), call });
      }
    }
  }
  return out;
}

/** Answers (or parts of them) a test marked as ones a later server may give: not checked. */
const beyond = new WeakSet();

/**
 * Marks a mocked answer, or a part of one, as beyond today's schema on purpose: for a test of how a part copes
 * with what a later server may send (an unknown statement type, a new status). Returns the value.
 */
function beyondSchema(value) {
  if (value && typeof value === 'object') beyond.add(value);
  return value;
}

function containsBeyond(value) {
  if (!value || typeof value !== 'object') return false;
  if (beyond.has(value)) return true;
  return Object.values(value).some(containsBeyond);
}

/** Lets the promises already settled run their handlers (no timers: tests may fake them). */
async function settle(turns = 20) {
  for (let i = 0; i < turns; i += 1) await Promise.resolve();
}

/**
 * What the mocked API functions resolved to that the server cannot give: one line per answer that does not fit.
 * Answers still pending are not looked at; rejections are errors, not answers.
 */
async function mockedAnswerProblems(functions) {
  const answers = [];
  for (const fn of functions) {
    const current = fn.object[fn.name];
    if (!jest.isMockFunction(current) || !fn.route) continue;
    for (const result of current.mock.results) {
      if (result.type !== 'return' || !result.value || typeof result.value.then !== 'function') continue;
      const seen = { settled: false, value: undefined };
      result.value.then(
        (value) => Object.assign(seen, { settled: true, fulfilled: true, value }),
        () => Object.assign(seen, { settled: true, fulfilled: false }),
      );
      answers.push({ fn, seen });
    }
  }
  await settle();
  const problems = [];
  const checked = new Set();
  for (const { fn, seen } of answers) {
    if (!seen.fulfilled || containsBeyond(seen.value)) continue;
    // A mock that calls through to the real function resolves to what the (test) network gave: not a mock.
    const key = `${fn.label}\u0000${JSON.stringify(seen.value)}`;
    if (checked.has(key)) continue;
    checked.add(key);
    const { validate } = validators().get(fn.route);
    if (validate(seen.value)) continue;
    const why = validate.errors
      .slice(0, 5)
      .map(
        (e) =>
          `${e.instancePath || '(answer)'} ${e.message}${e.params?.additionalProperty ? `: '${e.params.additionalProperty}'` : ''}`,
      )
      .join('; ');
    problems.push(`${fn.label} (${fn.route}) resolved to an answer the server cannot give: ${why}`);
  }
  return problems;
}

module.exports = {
  beyondSchema,
  mockedAnswerProblems,
  apiFunctionsOf,
  apiFilesOf,
  callsOfFile,
  routeFor,
  closeObjects,
  validators,
};

/** The error a test fails with when a mocked answer does not fit. */
function failure(problems) {
  return new Error(
    `A mocked API answer does not fit the server's route schema (api-types/answers.json):\n  ` +
      problems.join('\n  ') +
      `\nMock what the server answers (or regenerate the schemas with npm run api:types).`,
  );
}

let partFunctions;
/** The part's API functions (see apiFunctionsOf), read once per test file. */
function partApiFunctions() {
  partFunctions ??= apiFunctionsOf(apiFilesOf(globalThis.__WALLET_PART_SRC__), (file) => require(file));
  return partFunctions;
}

/** What this test's mocked answers hold that the server cannot give (what the check after each test finds). */
function problemsSoFar() {
  return mockedAnswerProblems(partApiFunctions());
}
module.exports.problemsSoFar = problemsSoFar;

// As a setup file (setupFilesAfterEnv): check after every test of the part.
if (typeof afterEach === 'function' && typeof globalThis.__WALLET_PART_SRC__ === 'string') {
  afterEach(async () => {
    const problems = await problemsSoFar();
    if (problems.length > 0) throw failure(problems);
  });
}
