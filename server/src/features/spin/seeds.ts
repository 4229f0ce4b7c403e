import type { Transaction } from 'kysely';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { newClientSeed, newServerSeed, seedHash } from './fair-draw';
import type { Draw, Fairness } from './schemas';
import { spinDb } from './tables';

type Trx = Transaction<Database>;

/** A client seed the member chooses: 1 to 64 of A-Z a-z 0-9 _ -. */
export const CLIENT_SEED = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The members' seeds of provably fair draws (docs/spin.md "The provably fair draw"): the open seed a spin draws with
 * (created on first use, locked by a spin), its rotation that reveals it, and the draws that recompute from it.
 */
export class Seeds {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** GET /api/spinwheel/fairness: the commitment of the next spins and the member's revealed seeds. */
  async fairness(memberId: string): Promise<Fairness> {
    const open = await this.open(this.db, memberId);
    const revealed = await spinDb(this.db)
      .selectFrom('spin_seeds')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('revealed_at', 'is not', null)
      .orderBy('revealed_at', 'desc')
      .limit(50)
      .execute();
    return {
      current: {
        serverSeedHash: open.server_seed_hash,
        clientSeed: open.client_seed,
        nextNonce: open.next_nonce,
      },
      revealed: revealed.map((s) => ({
        seedId: s.id,
        serverSeed: s.server_seed,
        serverSeedHash: s.server_seed_hash,
        clientSeed: s.client_seed,
        spins: s.next_nonce,
        revealedAt: new Date(s.revealed_at ?? 0).toISOString(),
      })),
    };
  }

  /**
   * POST /api/spinwheel/fairness/rotate: reveals the open server seed (every spin made with it can now be
   * recomputed) and commits to a new one with the client seed the member gives (or a random one).
   */
  async rotate(memberId: string, clientSeed?: string): Promise<Fairness> {
    if (clientSeed !== undefined && !CLIENT_SEED.test(clientSeed))
      throw new AppError('KEY_INVALID', 400, 'clientSeed: 1 to 64 of A-Z a-z 0-9 _ -', {
        field: 'clientSeed',
      });
    await this.open(this.db, memberId);
    await this.db.transaction().execute(async (trx) => {
      const seed = await this.lock(trx, memberId);
      const now = this.clock.now();
      await spinDb(trx)
        .updateTable('spin_seeds')
        .set({ revealed_at: now })
        .where('id', '=', seed.id)
        .execute();
      await this.insert(trx, memberId, clientSeed ?? newClientSeed());
    });
    return this.fairness(memberId);
  }

  /** GET /api/spinwheel/draws: the member's spins, newest first, with what recomputes them once revealed. */
  async draws(memberId: string, page: number, limit: number): Promise<{ total: number; draws: Draw[] }> {
    const t = spinDb(this.db);
    const total = await t
      .selectFrom('spin_draws')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    const rows = await t
      .selectFrom('spin_draws as d')
      .innerJoin('spin_seeds as s', 's.id', 'd.seed_id')
      .select([
        'd.id',
        'd.created_at',
        'd.seed_id',
        'd.nonce',
        'd.weights',
        'd.codes',
        'd.slice_index',
        'd.slice_code',
        's.server_seed',
        's.server_seed_hash',
        's.client_seed',
        's.revealed_at',
      ])
      .where('d.member_id', '=', memberId)
      .orderBy('d.created_at', 'desc')
      .orderBy('d.nonce', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return {
      total: Number(total.n),
      draws: rows.map((r) => ({
        _id: r.id,
        createdAt: new Date(r.created_at).toISOString(),
        seedId: r.seed_id,
        serverSeedHash: r.server_seed_hash,
        serverSeed: r.revealed_at ? r.server_seed : null,
        clientSeed: r.client_seed,
        nonce: r.nonce,
        weights: r.weights,
        codes: r.codes,
        sliceIndex: r.slice_index,
        code: r.slice_code,
      })),
    };
  }

  /** The member's open seed, created on first use (a concurrent creation keeps the first). */
  async open(ex: Db | Trx, memberId: string) {
    const find = () =>
      spinDb(ex)
        .selectFrom('spin_seeds')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('revealed_at', 'is', null)
        .executeTakeFirst();
    const found = await find();
    if (found) return found;
    await this.insert(ex, memberId, newClientSeed());
    const created = await find();
    if (!created) throw new Error('no open seed after creating one');
    return created;
  }

  private async insert(ex: Db | Trx, memberId: string, clientSeed: string): Promise<void> {
    const serverSeed = newServerSeed();
    await spinDb(ex)
      .insertInto('spin_seeds')
      .values({
        id: newId(),
        member_id: memberId,
        server_seed: serverSeed,
        server_seed_hash: seedHash(serverSeed),
        client_seed: clientSeed,
        next_nonce: 0,
        created_at: this.clock.now(),
        revealed_at: null,
      })
      .onConflict((oc) => oc.column('member_id').where('revealed_at', 'is', null).doNothing())
      .execute();
  }

  /**
   * Locks the member's open seed. A rotation committed while this waited leaves the row it waited for revealed
   * (and this statement cannot see the new one), so it looks again.
   */
  async lock(trx: Trx, memberId: string) {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const seed = await spinDb(trx)
        .selectFrom('spin_seeds')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('revealed_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (seed) return seed;
      await this.insert(trx, memberId, newClientSeed());
    }
    throw new AppError('REQUEST_LIMIT', 429, 'the seed changed during the spin');
  }
}
