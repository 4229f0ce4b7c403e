// `@wallet/shared/query`: how every screen reads from the API. A separate entry of the shared package (its own
// Module Federation singleton) so TanStack Query loads with the first screen that reads, not with the sign-in form.
// An explicit list of what the parts use, checked by index.test.ts like the package's main entry.
export { useRead, usePagedRead } from './use-read';
export { pageQueryClient, freshQueryClient } from './client';
