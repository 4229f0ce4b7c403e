import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseHandle } from './index';
import { migrationProvider } from './migrations';

/**
 * A migrated, empty in-memory database kept as a file (PGLITE_TEMPLATE_DIR, docs/server.md): PGlite's initdb costs
 * about 5 s of CPU at every memory:// start and the migrations half a second more; loading a dump of both costs
 * about one. The file's name carries a hash of the migrations (names and compiled code) and of PGlite's version,
 * so a changed migration or a new PGlite never loads an old template: it writes a new one. Writing is a rename
 * of a finished file, so servers starting side by side never read half a template.
 */

function pgliteVersion(): string {
  try {
    const entry = require.resolve('@electric-sql/pglite');
    const pkg = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The template's file for the migrations this server has. */
export async function templateFile(dir: string): Promise<string> {
  const migrations = await migrationProvider.getMigrations();
  const hash = createHash('sha256').update(pgliteVersion());
  for (const [name, migration] of Object.entries(migrations).sort(([a], [b]) => a.localeCompare(b)))
    hash.update(`\0${name}\0${String(migration.up)}`);
  return path.join(dir, `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** The template for these migrations, when the folder has one. */
export async function readMemoryTemplate(dir: string): Promise<Blob | undefined> {
  const file = await templateFile(dir);
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/** Writes the migrated database as the folder's template (call right after the migrations, before any data). */
export async function writeMemoryTemplate(dir: string, handle: DatabaseHandle): Promise<void> {
  if (!handle.dump) return;
  const file = await templateFile(dir);
  if (existsSync(file)) return;
  mkdirSync(dir, { recursive: true });
  const dump = await handle.dump();
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
}
