// A part's tests render its components without the parcel (or the host's bootstrap) that registers its strings in
// the site, so this registers the part's own namespace (`<part>/src/catalogs.ts`) before each test file, with the
// same function the site uses. `common` and `errors` come with the shared package.
const { registerCatalogs } = require('@wallet/shared');
const { catalogs } = require(globalThis.__WALLET_PART_CATALOGS__);

registerCatalogs(catalogs);
