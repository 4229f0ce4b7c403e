import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './db/schema';

/** Why a member's money or balances changed; the front end's `WalletChangeReason` (shared/src/bus/events.ts). */
export type WalletChangeReason =
  'deposit' | 'withdraw' | 'transfer' | 'game' | 'bonus' | 'refund' | 'invite' | 'spin' | 'refresh';

/**
 * What the server tells one member's open pages (docs/realtime.md). Hints, never data: a page that hears one
 * reloads what it shows through the API, so a lost or duplicated event costs a reload, not a wrong balance.
 */
export type MemberEvent =
  | { type: 'wallet:changed'; reason: WalletChangeReason }
  | { type: 'deposit:qr'; qrcodeId: string; status: 'PAID' };

export interface MemberEventMessage {
  memberId: string;
  event: MemberEvent;
}

export type MemberEventListener = (message: MemberEventMessage) => void;

/** Subscribes to the database's notifications on one channel; answers the unsubscribe. */
export type NotificationSource = (
  channel: string,
  onPayload: (payload: string) => void,
) => Promise<() => Promise<void>>;

type Executor = Kysely<Database> | Transaction<Database>;

/** The NOTIFY payload of one member event, as `MemberEvents` listeners parse it (`{m: memberId, e: event}`). */
export const memberEventPayload = (memberId: string, event: MemberEvent): string =>
  JSON.stringify({ m: memberId, e: event });

/**
 * Member events travel through PostgreSQL's NOTIFY (PGlite has it too): `notify` is called inside the database
 * transaction that changes the member's money, so the event is delivered **only if and when that transaction
 * commits** — a page never reloads before the change is visible, and a rolled-back change announces nothing.
 * Every server process listening on the database hears every event and hands it to its own sockets, so several
 * processes need no other bus for these. The channel carries the schema's name: test schemas sharing one
 * database do not hear each other.
 */
export class MemberEvents {
  private readonly listeners = new Set<MemberEventListener>();
  private unsubscribe: (() => Promise<void>) | undefined;
  readonly channel: string;

  constructor(schema: string) {
    this.channel = `wallet_events_${schema.replace(/[^a-z0-9_]/gi, '_')}`.toLowerCase();
  }

  /** In the caller's transaction (or alone, when the change is already committed). */
  async notify(db: Executor, memberId: string, event: MemberEvent): Promise<void> {
    await sql`select pg_notify(${this.channel}, ${memberEventPayload(memberId, event)})`.execute(db);
  }

  subscribe(listener: MemberEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts listening (buildApp calls it once the database is migrated). */
  async start(source: NotificationSource): Promise<void> {
    if (this.unsubscribe) return;
    this.unsubscribe = await source(this.channel, (payload) => this.dispatch(payload));
  }

  async close(): Promise<void> {
    const stop = this.unsubscribe;
    this.unsubscribe = undefined;
    this.listeners.clear();
    await stop?.();
  }

  private dispatch(payload: string): void {
    let parsed: { m?: unknown; e?: unknown };
    try {
      parsed = JSON.parse(payload) as { m?: unknown; e?: unknown };
    } catch {
      return;
    }
    if (typeof parsed.m !== 'string' || typeof parsed.e !== 'object' || parsed.e === null) return;
    const message: MemberEventMessage = { memberId: parsed.m, event: parsed.e as MemberEvent };
    for (const listener of this.listeners) {
      try {
        listener(message);
      } catch {
        // A listener's failure must not stop the others.
      }
    }
  }
}
