import fs from 'node:fs';
import path from 'node:path';

/**
 * Checks of the docs against the code (docs/server.md's layout, docs/architecture.md's tables). Each takes the
 * document's text and the repository root and answers what is stale, as sentences: an empty list is a true doc.
 */

/** `a/{b,c}/d` → `a/b/d`, `a/c/d` (one level of braces per group, several groups). */
export function expandBraces(pattern: string): string[] {
  const m = /\{([^{}]*)\}/.exec(pattern);
  if (!m) return [pattern];
  return m[1]!
    .split(',')
    .flatMap((alt) =>
      expandBraces(pattern.slice(0, m.index) + alt.trim() + pattern.slice(m.index + m[0].length)),
    );
}

function section(doc: string, heading: string): string {
  const start = doc.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const rest = doc.slice(start + heading.length + 2);
  const end = rest.search(/\n#{1,3} /);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The paths a `tree`-style block names: `├── name` under its parents, by indentation (4 columns a level). */
export function treePaths(block: string): string[] {
  const paths: string[] = [];
  const parents: string[] = [];
  for (const line of block.split('\n')) {
    if (/^\S+\/$/.test(line.trim()) && !/[├└]/.test(line)) {
      parents.length = 0;
      parents.push(line.trim().replace(/\/$/, ''));
      continue;
    }
    const m = /^((?:[│ ] {3})*)[├└]── ([^\s,]+(?:, [^\s,]+)*)/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    parents.length = depth + 1;
    const names = m[2]!.split(', ');
    for (const name of names) paths.push([...parents.slice(0, depth + 1), name.replace(/\/$/, '')].join('/'));
    if (names.length === 1 && names[0]!.endsWith('/')) parents[depth + 1] = names[0]!.replace(/\/$/, '');
  }
  return paths;
}

const folders = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort()
    : [];

/**
 * docs/server.md "## Layout": every path its tree names exists, and every folder of
 * `server/src/features` and `server/src/core` is in it.
 */
export function checkServerLayout(doc: string, root: string): string[] {
  const block = /```\n(server\/src\/[\s\S]*?)```/.exec(section(doc, '## Layout'))?.[1];
  if (!block) return ['docs/server.md "## Layout" has no tree of server/src/'];
  const named = treePaths(block);
  const problems = named
    .filter((p) => !fs.existsSync(path.join(root, p)))
    .map((p) => `docs/server.md names ${p}, which does not exist`);
  for (const layer of ['features', 'core'])
    for (const folder of folders(path.join(root, 'server', 'src', layer)))
      if (!named.includes(`server/src/${layer}/${folder}`))
        problems.push(`docs/server.md's layout misses server/src/${layer}/${folder}/`);
  return problems;
}

function apiFiles(dir: string, base = dir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : apiFiles(full, base);
    return e.name === 'api.ts' ? [path.relative(base, full).split(path.sep).join('/')] : [];
  });
}

/**
 * docs/architecture.md's table of API calls and strings: for the host and each remote, the `api.ts` files its row
 * names are exactly the part's `src/**\/api.ts` ("—" when it has none), and its strings files exist.
 */
export function checkApiTable(doc: string, root: string, parts: readonly string[]): string[] {
  const problems: string[] = [];
  const rows = new Map<string, string[]>();
  for (const line of doc.split('\n')) {
    const cells = /^\|\s*`([^`]+)`\s*\|(.*)\|(.*)\|\s*$/.exec(line);
    if (cells && parts.includes(cells[1]!)) rows.set(cells[1]!, [cells[2]!.trim(), cells[3]!.trim()]);
  }
  for (const part of parts) {
    const row = rows.get(part);
    if (!row) {
      problems.push(`docs/architecture.md's API table has no row for ${part}`);
      continue;
    }
    const [calls, strings] = row as [string, string];
    const named = [...calls.matchAll(/`(src\/(?:[^`]*\/)?api\.ts)`/g)]
      .flatMap((m) => expandBraces(m[1]!))
      .sort();
    const actual = apiFiles(path.join(root, part)).sort();
    for (const file of actual.filter((f) => !named.includes(f)))
      problems.push(`docs/architecture.md: ${part} calls the API in ${file}, which its row does not name`);
    for (const file of named.filter((f) => !actual.includes(f)))
      problems.push(`docs/architecture.md: ${part}'s row names ${file}, which does not exist`);
    if (actual.length === 0 && !calls.startsWith('—'))
      problems.push(`docs/architecture.md: ${part} makes no API call, its row should say —`);
    for (const m of strings.matchAll(/`([^`]+)`/g))
      for (const file of expandBraces(m[1]!))
        if (!fs.existsSync(path.join(root, part, file)))
          problems.push(`docs/architecture.md: ${part}'s strings ${file} do not exist`);
  }
  return problems;
}

/** docs/architecture.md "## Server by feature": the `features/<feature>/` bullet lists every feature folder. */
export function checkFeatureList(doc: string, root: string): string[] {
  const bullet = /- `features\/<feature>\/`: ([\s\S]*?) — /.exec(section(doc, '## Server by feature'))?.[1];
  if (!bullet) return ['docs/architecture.md "## Server by feature" has no `features/<feature>/` list'];
  const listed = bullet.split(/,\s*/).map((s) => s.trim());
  const actual = folders(path.join(root, 'server', 'src', 'features'));
  return [
    ...actual
      .filter((f) => !listed.includes(f))
      .map((f) => `docs/architecture.md's feature list misses ${f}`),
    ...listed
      .filter((f) => !actual.includes(f))
      .map((f) => `docs/architecture.md's feature list names ${f}, which does not exist`),
  ];
}
