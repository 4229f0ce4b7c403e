// What each api.ts of a front-end part calls: which route every exported API function asks (its first
// `get`/`post`/`put`/`del`/`upload`/`http.*`/`opsHttp.*` call), read with the TypeScript parser, for the
// mocked-answer check (jest-api-answers.js). The result is kept in node_modules/.cache, so the parser is loaded only
// when an api.ts changed.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

let tsModule;
const tsApi = () => (tsModule ??= require('typescript'));

const CALLS = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  del: 'DELETE',
  delete: 'DELETE',
  upload: 'POST',
};

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

module.exports = { apiFilesOf, callsOfFile };
