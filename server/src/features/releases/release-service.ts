import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { REMOTE_FOLDERS, type RemoteFolder } from '../../platform/settings';
import type { Actor, AuditLog } from '../operators/audit';
import { checkBuild } from './compat';
import { isStored, releaseDir, releasePathOf, storedVersions, VERSION_PATTERN } from './storage';
import { releasesDb } from './tables';

export interface ReleaseRecord {
  version: string;
  releasedBy: string;
  releasedAt: string;
  active: boolean;
  rolledBackBy: string | null;
  rolledBackAt: string | null;
}

export interface RemoteReleases {
  folder: RemoteFolder;
  /** The active release's version; null: the site serves the remote's own <folder>/dist. */
  active: string | null;
  /** Every release, newest first. */
  history: ReleaseRecord[];
  /** The versions stored under DATA_DIR/releases/<folder>, which can be activated. */
  stored: string[];
}

export interface ReleaseChange {
  folder: RemoteFolder;
  /** The version now active (null: <folder>/dist again). */
  version: string | null;
  previous: string | null;
}

/** What the site serves a remote from: the active release, then earlier releases for a page loaded before. */
interface Served {
  active: string | undefined;
  earlier: string[];
  at: number;
}

/** How long a server trusts what it read of the releases (another instance may have changed them). */
const SERVED_TTL_MS = 2_000;

/**
 * Remote releases (docs/releases.md): which stored build of each remote the site serves, activation after the
 * compatibility check, rollback, history. Activation and rollback take effect on the next request.
 */
export class ReleaseService {
  private readonly served = new Map<RemoteFolder, Served>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly dataDir: string,
    private readonly staticRoot: string,
  ) {}

  private async servedOf(folder: RemoteFolder): Promise<Served> {
    const known = this.served.get(folder);
    if (known && Date.now() - known.at < SERVED_TTL_MS) return known;
    const rows = await releasesDb(this.db)
      .selectFrom('remote_releases')
      .select(['path', 'active'])
      .where('folder', '=', folder)
      .orderBy('id', 'desc')
      .execute();
    const active = rows.find((r) => r.active)?.path;
    const earlier = [...new Set(rows.filter((r) => !r.active).map((r) => r.path))].filter(
      (p) => p !== active,
    );
    const fresh: Served = {
      active: active === undefined ? undefined : path.join(this.dataDir, active),
      earlier: earlier.map((p) => path.join(this.dataDir, p)),
      at: Date.now(),
    };
    this.served.set(folder, fresh);
    return fresh;
  }

  /** The directory of the active release of a remote, or undefined when none is recorded. */
  async activeDir(folder: RemoteFolder): Promise<string | undefined> {
    return (await this.servedOf(folder)).active;
  }

  /** The directories of the remote's earlier releases, newest first (their hashed chunks stay reachable). */
  async earlierDirs(folder: RemoteFolder): Promise<string[]> {
    return (await this.servedOf(folder)).earlier;
  }

  async list(): Promise<RemoteReleases[]> {
    const rows = await releasesDb(this.db)
      .selectFrom('remote_releases')
      .selectAll()
      .orderBy('id', 'desc')
      .execute();
    return Promise.all(
      REMOTE_FOLDERS.map(async (folder) => {
        const own = rows.filter((r) => r.folder === folder);
        return {
          folder,
          active: own.find((r) => r.active)?.version ?? null,
          history: own.map((r) => ({
            version: r.version,
            releasedBy: r.released_by,
            releasedAt: new Date(r.released_at).toISOString(),
            active: r.active,
            rolledBackBy: r.rolled_back_by,
            rolledBackAt: r.rolled_back_at ? new Date(r.rolled_back_at).toISOString() : null,
          })),
          stored: await storedVersions(this.dataDir, folder),
        };
      }),
    );
  }

  /** Refuses (400 KEY_INVALID, every problem) a stored build that does not fit the live host. */
  private async check(folder: RemoteFolder, version: string): Promise<void> {
    const problems = await checkBuild(folder, releaseDir(this.dataDir, folder, version), this.staticRoot);
    if (problems.length > 0)
      throw new AppError(
        'KEY_INVALID',
        400,
        `${folder} ${version} does not fit the host: ${problems.join('; ')}`,
      );
  }

  /** Makes a stored version the remote's active release, after the check; audited. */
  async activate(folder: RemoteFolder, version: string, actor: Actor): Promise<ReleaseChange> {
    if (!VERSION_PATTERN.test(version) || !(await isStored(this.dataDir, folder, version)))
      throw new AppError('NO_DATA', 404, `no stored release ${version} of ${folder}`);
    await this.check(folder, version);
    const change = await this.db.transaction().execute(async (trx) => {
      const t = releasesDb(trx);
      await sql`select pg_advisory_xact_lock(hashtext(${`remote_releases:${folder}`}))`.execute(trx);
      const current = await t
        .selectFrom('remote_releases')
        .select(['id', 'version'])
        .where('folder', '=', folder)
        .where('active', '=', true)
        .executeTakeFirst();
      if (current?.version === version) return undefined;
      if (current)
        await t.updateTable('remote_releases').set({ active: false }).where('id', '=', current.id).execute();
      await t
        .insertInto('remote_releases')
        .values({
          folder,
          version,
          path: releasePathOf(folder, version),
          released_by: actor.username,
          released_at: this.clock.now(),
          active: true,
        })
        .execute();
      const done: ReleaseChange = { folder, version, previous: current?.version ?? null };
      await this.audit.write(
        actor,
        {
          action: 'release.activate',
          target: folder,
          before: { version: done.previous },
          after: { version },
        },
        trx,
      );
      return done;
    });
    this.served.delete(folder);
    return change ?? { folder, version, previous: version };
  }

  /**
   * Back to the release that was active before this one: the active release is marked rolled back and the latest
   * earlier release not rolled back becomes active (checked against the host like any release); with none, the
   * remote's own <folder>/dist is served again. Audited.
   */
  async rollback(folder: RemoteFolder, actor: Actor): Promise<ReleaseChange> {
    const t = releasesDb(this.db);
    const current = await t
      .selectFrom('remote_releases')
      .select(['id', 'version'])
      .where('folder', '=', folder)
      .where('active', '=', true)
      .executeTakeFirst();
    if (!current) throw new AppError('KEY_INVALID', 400, `${folder} has no active release to roll back`);
    const target = await t
      .selectFrom('remote_releases')
      .select(['id', 'version'])
      .where('folder', '=', folder)
      .where('id', '<', current.id)
      .where('rolled_back_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (target) await this.check(folder, target.version);
    const change = await this.db.transaction().execute(async (trx) => {
      const tt = releasesDb(trx);
      await sql`select pg_advisory_xact_lock(hashtext(${`remote_releases:${folder}`}))`.execute(trx);
      const moved = await tt
        .updateTable('remote_releases')
        .set({ active: false, rolled_back_by: actor.username, rolled_back_at: this.clock.now() })
        .where('id', '=', current.id)
        .where('active', '=', true)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1)
        throw new AppError('KEY_INVALID', 400, `${folder}: its releases changed meanwhile; try again`);
      if (target)
        await tt.updateTable('remote_releases').set({ active: true }).where('id', '=', target.id).execute();
      const done: ReleaseChange = { folder, version: target?.version ?? null, previous: current.version };
      await this.audit.write(
        actor,
        {
          action: 'release.rollback',
          target: folder,
          before: { version: current.version },
          after: { version: done.version },
        },
        trx,
      );
      return done;
    });
    this.served.delete(folder);
    return change;
  }
}
