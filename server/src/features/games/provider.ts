/** A transfer-wallet game provider, as the money core sees it (one adapter per provider; docs/ledger.md). */

import type { GameCredentials } from './schemas';

/** What a provider answers for a game account: the route's schema (GET /api/wallet/account/{code}). */
export type { GameCredentials };

/**
 * Outcome of a transfer call. `ok`: applied by the provider. `refused`: the provider said no and applied nothing
 * (`insufficient` when the provider-side balance is short). `unknown`: no answer we can trust (timeout, broken
 * connection, 5xx) — the transfer may or may not have happened; reconciliation asks `transferStatus` later.
 */
export type TransferOutcome =
  | { status: 'ok' }
  | { status: 'refused'; reason: 'insufficient' | 'error' }
  | { status: 'unknown'; reason: string };

/** Thrown by provider calls other than transfers when the provider cannot do it. */
export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface GameProvider {
  readonly code: string;
  /** Opens the player's account at the provider (idempotent by username). */
  activate(username: string): Promise<GameCredentials>;
  credentials(username: string): Promise<GameCredentials>;
  resetPassword(username: string): Promise<GameCredentials>;
  /** The player's balance at the provider, minor units. */
  balance(username: string): Promise<number>;
  /**
   * Our wallet → the provider. `transferId` is our id. The protocol we require of every provider (the adapter
   * maps it onto the provider's own API): each id is answered once and for all — applied at most once, and an id
   * it refused or already answered is never applied later, even when a delayed copy of the request arrives. A
   * request repeated with the same id gets the first answer again.
   */
  transferIn(username: string, amount: number, transferId: string): Promise<TransferOutcome>;
  /** The provider → our wallet. */
  transferOut(username: string, amount: number, transferId: string): Promise<TransferOutcome>;
  /**
   * What the provider did with that transfer id: applied, refused, or never saw it (throws when the provider
   * cannot be asked). A transfer it never saw is sent again with the same id, never assumed lost.
   */
  transferStatus(transferId: string): Promise<'applied' | 'refused' | 'not_found'>;
  /** A link that logs the player in to the game. */
  autoLoginLink(username: string): Promise<string>;
}

/** Stand-in when no real adapter is configured (sandbox off): every call fails, transfers are refused. */
export class UnconfiguredGameProvider implements GameProvider {
  constructor(readonly code: string) {}
  private fail(): never {
    throw new ProviderError(`game provider ${this.code} is not configured`);
  }
  activate(): Promise<GameCredentials> {
    return Promise.resolve().then(() => this.fail());
  }
  credentials(): Promise<GameCredentials> {
    return Promise.resolve().then(() => this.fail());
  }
  resetPassword(): Promise<GameCredentials> {
    return Promise.resolve().then(() => this.fail());
  }
  balance(): Promise<number> {
    return Promise.resolve().then(() => this.fail());
  }
  transferIn(): Promise<TransferOutcome> {
    return Promise.resolve({ status: 'refused', reason: 'error' });
  }
  transferOut(): Promise<TransferOutcome> {
    return Promise.resolve({ status: 'refused', reason: 'error' });
  }
  transferStatus(): Promise<'applied' | 'refused' | 'not_found'> {
    // Nothing is ever applied by a provider that does not exist.
    return Promise.resolve('not_found');
  }
  autoLoginLink(): Promise<string> {
    return Promise.resolve().then(() => this.fail());
  }
}
