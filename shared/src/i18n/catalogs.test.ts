import path from 'node:path';
// The server's own list of the codes its API answers with (spec §8 plus `gone` and `invalid-token`): every one
// of them needs a text in `errors`. Imported, not copied, so a code added on the server fails this test.
import { ERROR_CODES } from '../../../server/src/platform/errors';
import { byLocale, describeCatalogs } from '../../../tooling/catalog-checks';
import { CLIENT_ERROR_CODES } from '../http/api-error';
import { NAMESPACES, resources } from './locales';

/**
 * Spec §4 slip reason codes, under `errors:slip.<CODE>`. The server's list (`SLIP_REASONS`) lives in a module
 * that also loads the deposits' database code, so it is not imported here.
 */
const SLIP_REASON_CODES = [
  'UPLOADED_FILE_NOT_EXIST',
  'IMG_SIZE_UNABLE_TO_PROCESS',
  'CANNOT_READ_CROPPED_IMAGE',
  'DEST_ACC_INVALID',
  'SLIP_REFNO_DUPLICATED',
  'UNSTABLE_REFNO_ON_SLIP',
  'TRIPPLE_WRONG_CAPTCHA',
  'INVALID_SLIP',
  'NOT_MATCH',
  'EXPIRED_SLIP',
  'UNKNOW_ERROR',
];

describeCatalogs('shared (common, errors)', {
  dir: path.join(__dirname, 'locales'),
  registered: Object.fromEntries(NAMESPACES.map((ns) => [ns, byLocale(resources, ns)])),
  requiredKeys: {
    errors: [...ERROR_CODES, ...CLIENT_ERROR_CODES, ...SLIP_REASON_CODES.map((code) => `slip.${code}`)],
  },
});
