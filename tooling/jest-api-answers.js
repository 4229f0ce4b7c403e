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
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const Ajv = require('ajv');
const addFormats = require('ajv-formats');

// This file runs once per test file, in that file's module registry: the TypeScript compiler (loaded only when an
// api.ts changed since the last run, see apiFilesOf) and the schema compiler (one route at a time, when a test
// mocked it) are the costly parts, so neither is paid for what a test does not use.
let tsModule;
const tsApi = () => (tsModule ??= require('typescript'));

const ANSWERS_FILE = path.join(__dirname, '..', 'api-types', 'answers.json');
const CALLS = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  del: 'DELETE',
  delete: 'DELETE',
  upload: 'POST',
};

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

/** The URL a call's first argument names, with `${…}` parts as `*`; null when it is not a literal. */
function urlOf(node) {
  const ts = tsApi();
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    let url = node.head.text;
    for (const span of node.templateSpans) url += '*' + span.literal.text;
    return url;
  }
  return null;
}

/** The HTTP method of a call such as `get(...)`, `http.post(...)`, `opsHttp.delete(...)`, or null. */
function methodOf(call) {
  const ts = tsApi();
  const callee = call.expression;
  const name = ts.isIdentifier(callee)
    ? callee.text
    : ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)
      ? ['http', 'opsHttp'].includes(callee.expression.text)
        ? callee.name.text
        : null
      : null;
  return name && Object.hasOwn(CALLS, name) ? CALLS[name] : null;
}

/** Skips the wrappers that do not change a value: `await`, parentheses, `as`, `!`. */
function outerOf(node) {
  const ts = tsApi();
  let n = node;
  while (
    n.parent &&
    (ts.isAwaitExpression(n.parent) ||
      ts.isParenthesizedExpression(n.parent) ||
      ts.isAsExpression(n.parent) ||
      ts.isNonNullExpression(n.parent) ||
      ts.isSatisfiesExpression(n.parent))
  )
    n = n.parent;
  return n;
}

/**
 * Whether the function returns what the call answers, unchanged: the call is the arrow's body or a `return`'s
 * value, or a variable that the function returns (itself or its `.data`, for an axios response). A function that
 * maps the answer (`.then(...)`, a new object) resolves to something else, and its mocks are not checked.
 */
function returnsAnswer(call, fn) {
  const ts = tsApi();
  const outer = outerOf(call);
  const parent = outer.parent;
  if (parent === fn && fn.body === outer) return true;
  if (ts.isReturnStatement(parent)) return true;
  // `(await http.post(...)).data`
  if (ts.isPropertyAccessExpression(parent) && parent.name.text === 'data' && parent.expression === outer)
    return returnsAnswer(parent, fn);
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) {
    const name = parent.name.text;
    let returned = false;
    const visit = (n) => {
      if (returned) return;
      if (ts.isReturnStatement(n) && n.expression) {
        const e = n.expression;
        if (ts.isIdentifier(e) && e.text === name) returned = true;
        if (
          ts.isPropertyAccessExpression(e) &&
          e.name.text === 'data' &&
          ts.isIdentifier(e.expression) &&
          e.expression.text === name
        )
          returned = true;
      }
      ts.forEachChild(n, visit);
    };
    visit(fn.body);
    return returned;
  }
  return false;
}

/**
 * The first API call inside a property's function: `{ method, url, direct }` with the URL as written (`*` for
 * substitutions); `direct` when the function resolves to the call's answer unchanged.
 */
function firstCall(prop) {
  const ts = tsApi();
  const fn = ts.isPropertyAssignment(prop) ? prop.initializer : ts.isMethodDeclaration(prop) ? prop : null;
  if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) || ts.isMethodDeclaration(fn)))
    return null;
  let found = null;
  const visit = (n) => {
    if (found) return;
    if (ts.isCallExpression(n)) {
      const method = methodOf(n);
      const url = method ? urlOf(n.arguments[0]) : null;
      if (method && url && url.startsWith('/api/')) {
        found = { method, url, direct: returnsAnswer(n, fn) };
        return;
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(fn.body);
  return found;
}

/** `{ exportName: { functionName: 'METHOD /api/path/*' } }` for the exported objects of one api.ts. */
function callsOfFile(file) {
  const ts = tsApi();
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out = {};
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const decl of statement.declarationList.declarations) {
      if (!ts.isIdentifier(decl.name) || !decl.initializer || !ts.isObjectLiteralExpression(decl.initializer))
        continue;
      const functions = {};
      for (const prop of decl.initializer.properties) {
        if (!prop.name || !(ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name))) continue;
        const call = firstCall(prop);
        if (call?.direct) functions[prop.name.text] = `${call.method} ${call.url}`;
      }
      if (Object.keys(functions).length > 0) out[decl.name.text] = functions;
    }
  }
  return out;
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

function apiFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(p);
      else if (entry.name === 'api.ts') out.push(p);
    }
  };
  walk(dir);
  return out;
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

const CACHE_DIR = path.join(__dirname, '..', 'node_modules', '.cache', 'wallet-api-calls');

/**
 * `[{ file, calls }]` for the api.ts files under `srcDir` that call the API. What the files call is kept in
 * node_modules/.cache, keyed by each file's path, size and modification time: a test file reads it back instead of
 * parsing the files again, and any change to an api.ts (or a new or removed one) parses them anew.
 */
function apiFilesOf(srcDir) {
  const files = apiFiles(srcDir).sort();
  const stamp = files.map((file) => {
    const stat = fs.statSync(file);
    return `${file}:${stat.size}:${stat.mtimeMs}`;
  });
  const key = crypto.createHash('sha256').update(srcDir).digest('hex').slice(0, 16);
  const cacheFile = path.join(CACHE_DIR, `${key}.json`);
  try {
    const cached = JSON.parse(fs.readFileSync(cacheFile, 'utf8'));
    if (JSON.stringify(cached.stamp) === JSON.stringify(stamp)) return cached.entries;
  } catch {
    // No cache yet, or one being written: parse.
  }
  const entries = files
    .map((file) => ({ file, calls: callsOfFile(file) }))
    .filter((f) => Object.keys(f.calls).length > 0);
  try {
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    // Written aside and renamed: test files running at once never read half a file.
    const temp = `${cacheFile}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(temp, JSON.stringify({ stamp, entries }));
    fs.renameSync(temp, cacheFile);
  } catch {
    // A cache that cannot be written costs time only.
  }
  return entries;
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
