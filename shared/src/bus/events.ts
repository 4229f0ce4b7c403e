/** Why the wallet changed; remotes that show balances refresh on any of these. */
export type WalletChangeReason =
  'deposit' | 'withdraw' | 'transfer' | 'game' | 'bonus' | 'refund' | 'invite' | 'spin' | 'refresh';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

/**
 * Every event that crosses a part boundary, with its payload. The host and the remotes talk only through these
 * (and the URL). Add an event here first, with the part that handles it (docs/architecture.md "Event bus");
 * the bus refuses anything else at compile time. A language change or the end of a session are not events: parts
 * follow `i18n` (react-i18next re-renders) and `session$`.
 */
export interface BusEvents {
  /** Money moved or balances were refreshed: anything showing a balance reloads. */
  'wallet:changed': { reason: WalletChangeReason };
  /**
   * One of the member's QR payments was paid (pushed by the server through the realtime channel, shared's
   * `startRealtime`); mfe-wallet's QR panel showing it closes itself with the success message.
   */
  'deposit:qr': { qrcodeId: string; status: 'PAID' };
  /** Ask the shell to navigate (used by code that has no router, such as the HTTP client). */
  navigate: { to: string; replace?: boolean };
  /** Show a toast for 4 s. `message` is already translated. */
  toast: { kind: ToastKind; message: string };
  /**
   * Remove shown toasts (handled by the host's toast viewport): every toast raised before `raisedBefore` (ms since
   * the epoch) and, with `raisedSince`, not before that moment (the toasts of a window that closed).
   */
  'toast:clear': { raisedBefore: number; raisedSince?: number };
  /** Open the support chat widget. */
  'chat:open': Record<string, never>;
  /** Open the bonus-conditions modal (owned by mfe-bonus, opened from the host's bottom menu). */
  'conditions:open': Record<string, never>;
  /** A remote failed to load or crashed; the shell shows its fallback and may report it. */
  'remote:failed': { remote: string; error: string };
}

export type BusEventName = keyof BusEvents;
