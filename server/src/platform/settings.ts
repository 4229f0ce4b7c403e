import type { Db } from './db';
import type { Clock } from './clock';
import { LOCAL_TTL_MS, ReadCache, type CacheBus } from './cache';
import { REMOTE_FOLDERS, type RemoteFolder } from './remotes';

/** The cache topic of the operator settings (one entry: all of them). */
export const SETTINGS_TOPIC = 'settings';

// The remotes' folders (remotes.json), here too for the modules that read them with the settings.
export { REMOTE_FOLDERS, type RemoteFolder };

/** A remote's switch for members: `remote.<folder>.enabled` (`enabled` in `/remotes.json`). */
export type RemoteSwitch = `remote.${RemoteFolder}.enabled`;

/** The operator settings that are not a remote's switch, with their defaults. */
const SERVICE_DEFAULTS = {
  'service.active': true,
  registerOTP: true,
  enableChatWidget: false,
  'spin.active': false,
  /** Invite (referral) bonus: off → GET /api/invite/bonus answers INVITE_INACTIVE. */
  'invite.active': true,
  /** Cashback: off → GET /api/refund/receive answers REFUND_INACTIVE. */
  'refund.active': true,
} as const satisfies Record<string, boolean>;

export type SettingKey = keyof typeof SERVICE_DEFAULTS | RemoteSwitch;
export type SettingValues = Record<SettingKey, boolean>;

/** Every operator setting with its default. All are booleans for now; every remote is on by default. */
export const SETTING_DEFAULTS: Readonly<SettingValues> = {
  ...SERVICE_DEFAULTS,
  ...Object.fromEntries(REMOTE_FOLDERS.map((folder) => [`remote.${folder}.enabled`, true])),
};

export const SETTING_KEYS = Object.keys(SETTING_DEFAULTS) as SettingKey[];
export const isSettingKey = (k: string): k is SettingKey => Object.hasOwn(SETTING_DEFAULTS, k);

/** Parses a CLI/HTTP value for a boolean setting; undefined when it is not one. */
export function parseSettingValue(raw: unknown): boolean | undefined {
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'number') return raw === 1 ? true : raw === 0 ? false : undefined;
  if (typeof raw !== 'string') return undefined;
  const v = raw.trim().toLowerCase();
  if (['true', 'on', '1', 'yes', 'enabled'].includes(v)) return true;
  if (['false', 'off', '0', 'no', 'disabled'].includes(v)) return false;
  return undefined;
}

/**
 * Operator settings stored in the `settings` table, read from memory (platform/cache.ts): a write through any
 * server invalidates the copy of this one at once and of the others through Redis when configured. Until
 * `useCaches` (the cache plugin, registered with the first feature) the copy lives 1 s.
 */
export class SettingsService {
  private cache: ReadCache<SettingValues> = new ReadCache(() => LOCAL_TTL_MS, 1);
  private bus: CacheBus | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Serves the settings from the app's caches (invalidated on every server by `set`). */
  useCaches(bus: CacheBus): void {
    this.bus = bus;
    this.cache = bus.cache<SettingValues>(SETTINGS_TOPIC, 1);
  }

  async seedDefaults(): Promise<void> {
    const rows = SETTING_KEYS.map((key) => ({ key, value: JSON.stringify(SETTING_DEFAULTS[key]) }));
    await this.db
      .insertInto('settings')
      .values(rows)
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }

  /** Every setting (a frozen object shared by the callers). */
  all(): Promise<SettingValues> {
    return this.cache.get('all', () => this.load());
  }

  private async load(): Promise<SettingValues> {
    const rows = await this.db.selectFrom('settings').select(['key', 'value']).execute();
    const values: SettingValues = { ...SETTING_DEFAULTS };
    for (const row of rows) {
      if (isSettingKey(row.key) && typeof row.value === 'boolean') values[row.key] = row.value;
    }
    return values;
  }

  async get(key: SettingKey): Promise<boolean> {
    const cached = this.cache.peek('all');
    // A remote's switch is typed by a pattern, so its read may be undefined to the compiler: the default then.
    return (cached ?? (await this.all()))[key] ?? SETTING_DEFAULTS[key] ?? false;
  }

  async set(key: SettingKey, value: boolean): Promise<void> {
    await this.db
      .insertInto('settings')
      .values({ key, value: JSON.stringify(value), updated_at: this.clock.now() })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: this.clock.now() }),
      )
      .execute();
    if (this.bus) await this.bus.publish(SETTINGS_TOPIC);
    else this.cache.clear();
  }
}
