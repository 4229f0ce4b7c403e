import path from 'node:path';
import { describeCatalogs } from '../../tooling/catalog-checks';
import { catalogs } from './catalogs';

describeCatalogs('mfe-chat', {
  dir: path.join(__dirname, 'locales'),
  registered: { [catalogs.ns]: catalogs.resources },
});
