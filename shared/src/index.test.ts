import fs from 'node:fs';
import path from 'node:path';

/**
 * The public surface of @wallet/shared is what the parts use, nothing more: every name `index.ts` exports is
 * imported from '@wallet/shared' by the host, a remote or the shared tooling, and nothing is re-exported wholesale.
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

/** The names an export file lists, and the names the parts import from its package name. */
function surface(file: string, specifier: string) {
  const text = fs.readFileSync(path.join(__dirname, file), 'utf8');
  const exported = [...text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((m) => specifiers(m[1]!));
  const name = specifier.replace(/[/]/g, '\\/');
  const importRe = new RegExp(`import\\s+(?:type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${name}'`, 'g');
  const requireRe = new RegExp(`\\{([^}]*)\\}\\s*=\\s*require\\('${name}'\\)`, 'g');
  const imported = new Set<string>();
  for (const part of PARTS) {
    for (const source of sourceFiles(path.join(repoRoot, part))) {
      const code = fs.readFileSync(source, 'utf8');
      // `import { name as alias }`: the export used is `name` (specifiers() keeps the name after `as`).
      for (const m of [...code.matchAll(importRe), ...code.matchAll(requireRe)])
        for (const used of specifiers(m[1]!.replace(/(\w+)\s+as\s+\w+/g, '$1'))) imported.add(used);
    }
  }
  return { text, exported, imported };
}

const packageJson = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as {
  exports: Record<string, string>;
};

// Each export of the package: its entry in package.json "exports" and the name the parts import it by.
describe.each([
  { entry: '.', file: 'index.ts', specifier: '@wallet/shared' },
  { entry: './ops', file: 'ops/index.ts', specifier: '@wallet/shared/ops' },
  { entry: './federation', file: 'federation/index.ts', specifier: '@wallet/shared/federation' },
  { entry: './query', file: 'query/index.ts', specifier: '@wallet/shared/query' },
])('$specifier', ({ entry, file, specifier }) => {
  const { text, exported, imported } = surface(file, specifier);

  test('is an entry of package.json "exports"', () => {
    expect(packageJson.exports[entry]).toBe(`./src/${file}`);
  });

  test('lists its exports by name (no export *)', () => {
    expect(text).not.toMatch(/export\s+\*/);
    expect(exported.length).toBeGreaterThan(0);
  });

  test('every export is used by some part', () => {
    expect(exported.filter((name) => !imported.has(name))).toEqual([]);
  });
});

test('package.json "exports" lists the main export, the console kit, the federation layer (its stylesheet and its test server), the reads and the page stylesheet, nothing else', () => {
  expect(Object.keys(packageJson.exports).sort()).toEqual([
    '.',
    './federation',
    './federation/failure-policy.css',
    './federation/testing',
    './ops',
    './package.json',
    './query',
    './styles/ui.css',
  ]);
});

/**
 * Every entry point of the package (package.json `exports`) is a file that exists.
 */
test('every entry of package.json exports exists', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as {
    exports: Record<string, string>;
  };
  for (const target of Object.values(pkg.exports))
    expect(fs.existsSync(path.join(__dirname, '..', target))).toBe(true);
});
