import path from 'node:path';
import { describeCatalogs } from '../../tooling/catalog-checks';
import { inboxCatalogs } from './ops/catalogs';
import { catalogs } from './catalogs';

const registered: Parameters<typeof describeCatalogs>[1]['registered'] = {};
// What the parcels register: each language's loader (a chunk of its own), called here.
beforeAll(async () => {
  for (const { ns, resources } of [catalogs, inboxCatalogs]) {
    const loaded = await Promise.all(
      Object.entries(resources).map(async ([locale, source]) => {
        const catalog = typeof source === 'function' ? await source() : source;
        return [locale, 'default' in catalog ? catalog.default : catalog] as const;
      }),
    );
    registered[ns] = Object.fromEntries(loaded) as (typeof registered)[string];
  }
});

describeCatalogs('mfe-chat', { dir: path.join(__dirname, 'locales'), registered });
