import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';

export interface SmsMessage {
  to: string;
  text: string;
  otpRef?: string;
}

/** Outgoing SMS. The real gateway adapter implements the same interface. */
export interface SmsAdapter {
  send(message: SmsMessage): Promise<void>;
}

export interface OutboxEntry {
  to: string;
  text: string;
  otpRef: string | null;
  createdAt: string;
}

/** Sandbox adapter: logs every message and keeps the last ones in an outbox (GET /sandbox/sms). */
export class SandboxSmsAdapter implements SmsAdapter {
  private readonly entries: OutboxEntry[] = [];

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
    private readonly capacity = 500,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const entry: OutboxEntry = {
      to: message.to,
      text: message.text,
      otpRef: message.otpRef ?? null,
      createdAt: this.clock.now().toISOString(),
    };
    this.entries.push(entry);
    if (this.entries.length > this.capacity) this.entries.shift();
    this.log.info({ sms: entry }, 'sandbox SMS sent');
  }

  /** Newest first. */
  outbox(): OutboxEntry[] {
    return [...this.entries].reverse();
  }
}

/** Used when sandbox adapters are off and no gateway is configured: sending fails (OTP_SEND_FAIL). */
export class UnconfiguredSmsAdapter implements SmsAdapter {
  async send(): Promise<void> {
    throw new Error('no SMS gateway configured (SANDBOX is off)');
  }
}
