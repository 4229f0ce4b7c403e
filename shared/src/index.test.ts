import fs from 'node:fs';
import path from 'node:path';

/**
 * The public surface of @wallet/shared is what the parts use, nothing more: every name an entry exports (`index.ts`
 * as '@wallet/shared', `query/index.ts` as '@wallet/shared/query') is imported from it by the host, a remote or the
 * shared tooling, nothing is re-exported wholesale, and each entry is listed in package.json `exports`.
 */
const repoRoot = path.join(__dirname, '..', '..');
const PARTS = [
  'host',
  'ops-console',
  'mfe-auth',
  'mfe-wallet',
  'mfe-bonus',
  'mfe-spin',
  'mfe-chat',
  'tooling',
];

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

const specifiers = (list: string) =>
  list
    .split(',')
    .map((item) =>
      item
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop()!
        .trim(),
    )
    .filter(Boolean);

/** The package's entries (package.json `exports`): the main one and `query`; deep `src/` paths aside. */
const ENTRIES = { '@wallet/shared': 'index.ts', '@wallet/shared/query': 'query/index.ts' } as const;
type Entry = keyof typeof ENTRIES;

const read = (entry: Entry) => fs.readFileSync(path.join(__dirname, ENTRIES[entry]), 'utf8');
const exportsOf = (text: string) =>
  [...text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((m) => specifiers(m[1]!));
const escaped = (entry: string) => entry.replace(/[/]/g, '\\/');

const imported = new Map<Entry, Set<string>>(
  (Object.keys(ENTRIES) as Entry[]).map((entry) => [entry, new Set<string>()]),
);
for (const part of PARTS) {
  for (const file of sourceFiles(path.join(repoRoot, part))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const entry of Object.keys(ENTRIES) as Entry[]) {
      const names = imported.get(entry)!;
      const from = escaped(entry);
      for (const m of text.matchAll(
        new RegExp(`import\\s+(?:type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${from}'`, 'g'),
      ))
        for (const name of specifiers(m[1]!)) names.add(name);
      for (const m of text.matchAll(new RegExp(`\\{([^}]*)\\}\\s*=\\s*require\\('${from}'\\)`, 'g')))
        for (const name of specifiers(m[1]!)) names.add(name);
    }
  }
}

describe.each(Object.keys(ENTRIES) as Entry[])('%s', (entry) => {
  const text = read(entry);
  const exported = exportsOf(text);

  test('lists its exports by name (no export *)', () => {
    expect(text).not.toMatch(/export\s+\*/);
    expect(exported.length).toBeGreaterThan(0);
  });

  test('every export is used by some part', () => {
    expect(exported.filter((name) => !imported.get(entry)!.has(name))).toEqual([]);
  });

  test("is an entry of shared's package.json exports", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as {
      exports: Record<string, string>;
    };
    const key = entry === '@wallet/shared' ? '.' : `./${entry.slice('@wallet/shared/'.length)}`;
    expect(pkg.exports[key]).toBe(`./src/${ENTRIES[entry]}`);
  });
});
