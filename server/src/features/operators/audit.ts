import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/schema';
import { operatorsDb } from './tables';

/** Who acted: an operator signed in to the console, or the CLI with the operator secret (`id` null). */
export interface Actor {
  id: string | null;
  username: string;
  role: string;
  ip: string | null;
}

export interface AuditInput {
  action: string;
  target?: string | null;
  before?: unknown;
  after?: unknown;
}

export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  role: string;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
}

const json = (v: unknown): string | null => (v === undefined ? null : JSON.stringify(v));

/**
 * The audit log: every operator action (who, when, what, before and after, from which address), append-only
 * (a trigger refuses UPDATE and DELETE: migration 0010). `write` takes the caller's transaction when the action
 * has one, so the entry commits with what it records.
 */
export class AuditLog {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async write(actor: Actor, input: AuditInput, trx?: Transaction<Database>): Promise<void> {
    await operatorsDb(trx ?? this.db)
      .insertInto('audit_log')
      .values({
        at: this.clock.now(),
        operator_id: actor.id,
        actor: actor.username,
        role: actor.role,
        action: input.action,
        target: input.target ?? null,
        before: json(input.before),
        after: json(input.after),
        ip: actor.ip,
      })
      .execute();
  }

  /** Newest first; `before`: entries older than that id (paging); `actor`, `action`: exact filters. */
  async list(opts: {
    limit: number;
    before?: number;
    actor?: string;
    action?: string;
  }): Promise<AuditEntry[]> {
    let q = operatorsDb(this.db).selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(opts.limit);
    if (opts.before !== undefined) q = q.where('id', '<', opts.before);
    if (opts.actor !== undefined) q = q.where('actor', '=', opts.actor);
    if (opts.action !== undefined) q = q.where('action', '=', opts.action);
    const rows = await q.execute();
    return rows.map((r) => ({
      id: Number(r.id),
      at: new Date(r.at).toISOString(),
      actor: r.actor,
      role: r.role,
      action: r.action,
      target: r.target,
      before: parse(r.before),
      after: parse(r.after),
      ip: r.ip,
    }));
  }
}

/** jsonb: parsed by pg, a string from PGlite in some paths. */
function parse(v: unknown): unknown {
  if (typeof v !== 'string') return v ?? null;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}
