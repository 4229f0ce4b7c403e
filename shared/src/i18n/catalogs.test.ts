import path from 'node:path';
// The server's own lists of the codes its API answers with (spec §8 plus `gone` and `invalid-token`, and the slip
// reasons of spec §4): every one of them needs a text in `errors`. Imported, not copied, so a code added on the
// server fails this test.
import { ERROR_CODES, SLIP_REASONS } from '../../../server/src/platform/errors';
import { byLocale, describeCatalogs } from '../../../tooling/catalog-checks';
import { CLIENT_ERROR_CODES } from '../http/api-error';
import { NAMESPACES, resources } from './locales';

describeCatalogs('shared (common, errors)', {
  dir: path.join(__dirname, 'locales'),
  registered: Object.fromEntries(NAMESPACES.map((ns) => [ns, byLocale(resources, ns)])),
  requiredKeys: {
    errors: [...ERROR_CODES, ...CLIENT_ERROR_CODES, ...SLIP_REASONS.map((code) => `slip.${code}`)],
  },
});
