// Every test starts with an empty query cache: a fresh page QueryClient (@wallet/shared/query) before each test,
// so no answer read in one test is seen by the next. Tests keep mocking at the network edge (the api functions
// or axios); nothing here stubs a read.
/* global beforeEach */
const { freshQueryClient } = require('@wallet/shared/query');

beforeEach(() => {
  freshQueryClient();
});
