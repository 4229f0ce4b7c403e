import type { Ledger } from './ledger';

/**
 * Core's part of the app context. platform/context.ts stands below core and names nothing of it (the lint zone of
 * docs/server.md "Layout"), so the ledger joins AppContext here, by declaration merging.
 */
declare module '../platform/context' {
  interface AppContext {
    /** The double-entry ledger (src/core/ledger): every movement of money goes through it. */
    ledger: Ledger;
  }
}
