import type { FastifyBaseLogger } from 'fastify';

/**
 * A background job on an interval: never overlaps itself, does not keep the process (or Jest) alive, and
 * `stop()` waits for a run in progress, so the database can close after it.
 */
export class IntervalJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly work: () => Promise<unknown>,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
  }

  /** Runs now unless a run is in progress (then waits for that one). */
  runOnce(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.work()
      .then(() => undefined)
      .catch((err: unknown) => this.log.error({ err, job: this.name }, 'background job failed'))
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
