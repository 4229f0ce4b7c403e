import path from 'node:path';
import { describeCatalogs } from '../../tooling/catalog-checks';
import { catalogs } from './catalogs';
import { opsCatalogs } from './ops/catalogs';

const registered: Parameters<typeof describeCatalogs>[1]['registered'] = {};
// What the parcel registers: each language's loader (a chunk of its own), called here.
beforeAll(async () => {
  for (const { ns, resources } of [catalogs, opsCatalogs]) {
    const loaded = await Promise.all(
      Object.entries(resources).map(async ([locale, source]) => {
        const catalog = typeof source === 'function' ? await source() : source;
        return [locale, 'default' in catalog ? catalog.default : catalog] as const;
      }),
    );
    registered[ns] = Object.fromEntries(loaded) as (typeof registered)[string];
  }
});

describeCatalogs('mfe-bonus', { dir: path.join(__dirname, 'locales'), registered });
