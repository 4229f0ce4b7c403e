import path from 'node:path';
import { loadAllCatalogs } from '../../shared/src/i18n/load-all-catalogs';
import { describeCatalogs } from '../../tooling/catalog-checks';
import { catalogs } from './catalogs';

const registered: Parameters<typeof describeCatalogs>[1]['registered'] = {};
// What the bootstrap registers: each language's loader, called here.
beforeAll(async () => {
  registered[catalogs.ns] = await loadAllCatalogs(catalogs.resources);
});

describeCatalogs('host', { dir: path.join(__dirname, 'locales'), registered });
