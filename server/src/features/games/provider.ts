/** A transfer-wallet game provider, as the money core sees it (one adapter per provider; docs/ledger.md). */

export interface GameCredentials {
  username: string;
  password: string;
  event?: Record<string, string>;
}

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
  /** Our wallet → the provider. `transferId` is our id; the provider applies each id at most once. */
  transferIn(username: string, amount: number, transferId: string): Promise<TransferOutcome>;
  /** The provider → our wallet. */
  transferOut(username: string, amount: number, transferId: string): Promise<TransferOutcome>;
  /** Whether the provider applied that transfer id (throws when the provider cannot be asked). */
  transferStatus(transferId: string): Promise<'applied' | 'not_found'>;
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
  transferStatus(): Promise<'applied' | 'not_found'> {
    // Nothing is ever applied by a provider that does not exist.
    return Promise.resolve('not_found');
  }
  autoLoginLink(): Promise<string> {
    return Promise.resolve().then(() => this.fail());
  }
}
