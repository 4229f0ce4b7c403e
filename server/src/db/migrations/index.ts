import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_init';

/**
 * Numbered migrations, imported statically so the same list works from TypeScript sources (tests) and from the
 * compiled dist/. Add a file `NNNN_name.ts` and list it here; never edit a migration that has shipped.
 */
const migrations: Record<string, Migration> = {
  '0001_init': m0001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
