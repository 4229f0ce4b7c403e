import type { GameCredentials, GameProvider, TransferOutcome } from './provider';
import type { SandboxGames } from './sandbox-provider';

/**
 * One sandbox provider as the games feature sees it (the `GameProvider` interface): each call waits the sandbox's
 * latency, and a transfer answers as the provider's fault mode says (sandbox-provider.ts).
 */
export class SandboxGameProvider implements GameProvider {
  constructor(
    readonly code: string,
    private readonly games: SandboxGames,
  ) {}

  async activate(username: string): Promise<GameCredentials> {
    await this.games.latency();
    await this.games.createPlayer(this.code, username);
    return this.credentials(username);
  }

  async credentials(username: string): Promise<GameCredentials> {
    await this.games.latency();
    const p = await this.games.player(this.code, username);
    const creds: GameCredentials = { username: p.username, password: p.password };
    // UFABET's login form needs an agent prefix (the "event" fields of spec §3).
    if (this.code === 'UFABET') creds.event = { agent: 'SBX', prefix: 'ufa' };
    return creds;
  }

  async resetPassword(username: string): Promise<GameCredentials> {
    await this.games.latency();
    await this.games.resetPassword(this.code, username);
    return this.credentials(username);
  }

  async balance(username: string): Promise<number> {
    await this.games.latency();
    return (await this.games.player(this.code, username)).balance;
  }

  transferIn(username: string, amount: number, transferId: string): Promise<TransferOutcome> {
    return this.transfer(username, 'in', amount, transferId);
  }

  transferOut(username: string, amount: number, transferId: string): Promise<TransferOutcome> {
    return this.transfer(username, 'out', amount, transferId);
  }

  private async transfer(
    username: string,
    direction: 'in' | 'out',
    amount: number,
    transferId: string,
  ): Promise<TransferOutcome> {
    await this.games.latency();
    const mode = this.games.fault(this.code);
    if (mode === 'error') return { status: 'refused', reason: 'error' };
    if (mode === 'unknown')
      return { status: 'unknown', reason: 'connection reset before the provider answered' };
    if (mode === 'late') {
      this.games.applyLater(this.code, username, direction, amount, transferId);
      await this.games.latency();
      return { status: 'unknown', reason: 'timeout' };
    }
    const answer = await this.games.applyTransfer(this.code, username, direction, amount, transferId);
    if (mode === 'timeout') {
      await this.games.latency();
      return { status: 'unknown', reason: 'timeout' };
    }
    return answer === 'applied' ? { status: 'ok' } : { status: 'refused', reason: 'insufficient' };
  }

  async transferStatus(transferId: string): Promise<'applied' | 'refused' | 'not_found'> {
    await this.games.latency();
    return this.games.transferOutcome(this.code, transferId);
  }

  async autoLoginLink(username: string): Promise<string> {
    await this.games.player(this.code, username);
    return `/sandbox/games/${this.code}/play?session=${encodeURIComponent(this.games.session(this.code, username))}`;
  }
}
