import type { Db } from './db';
import type { Clock } from './clock';

export const REMOTE_FOLDERS = ['mfe-auth', 'mfe-wallet', 'mfe-bonus', 'mfe-spin', 'mfe-chat'] as const;
export type RemoteFolder = (typeof REMOTE_FOLDERS)[number];

/** Every operator setting with its default. All are booleans for now. */
export const SETTING_DEFAULTS = {
  'service.active': true,
  registerOTP: true,
  enableChatWidget: false,
  'spin.active': false,
  'remote.mfe-auth.enabled': true,
  'remote.mfe-wallet.enabled': true,
  'remote.mfe-bonus.enabled': true,
  'remote.mfe-spin.enabled': true,
  'remote.mfe-chat.enabled': true,
} as const satisfies Record<string, boolean>;

export type SettingKey = keyof typeof SETTING_DEFAULTS;
export type SettingValues = Record<SettingKey, boolean>;

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
 * Operator settings stored in the `settings` table. Read per request through a tiny cache (1 s) that a write
 * through this process invalidates at once; other processes sharing a PostgreSQL database see it within 1 s.
 */
export class SettingsService {
  private cache: { values: SettingValues; at: number } | undefined;
  private static readonly TTL_MS = 1000;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async seedDefaults(): Promise<void> {
    const rows = SETTING_KEYS.map((key) => ({ key, value: JSON.stringify(SETTING_DEFAULTS[key]) }));
    await this.db
      .insertInto('settings')
      .values(rows)
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }

  async all(): Promise<SettingValues> {
    const now = this.clock.now().getTime();
    if (this.cache && now - this.cache.at < SettingsService.TTL_MS && now >= this.cache.at) {
      return this.cache.values;
    }
    const rows = await this.db.selectFrom('settings').select(['key', 'value']).execute();
    const values: SettingValues = { ...SETTING_DEFAULTS };
    for (const row of rows) {
      if (isSettingKey(row.key) && typeof row.value === 'boolean') values[row.key] = row.value;
    }
    this.cache = { values, at: now };
    return values;
  }

  async get(key: SettingKey): Promise<boolean> {
    return (await this.all())[key];
  }

  async set(key: SettingKey, value: boolean): Promise<void> {
    await this.db
      .insertInto('settings')
      .values({ key, value: JSON.stringify(value), updated_at: this.clock.now() })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: this.clock.now() }),
      )
      .execute();
    this.cache = undefined;
  }
}
