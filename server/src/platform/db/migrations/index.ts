import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_init';
import * as m0002 from './0002_ledger';
import * as m0003 from './0003_money_in';
import * as m0004 from './0004_operations';
import * as m0005 from './0005_bank_rules';
import * as m0006 from './0006_howto_captions';
import * as m0007 from './0007_bonus';
import * as m0008 from './0008_spin';
import * as m0009 from './0009_game_leg_functions';
import * as m0010 from './0010_operators';
import * as m0011 from './0011_remote_releases';
import * as m0012 from './0012_chat';
import * as m0013 from './0013_operation_leg_settle';
import * as m0014 from './0014_sandbox_transfer_apply';
import * as m0015 from './0015_chat_message_fields';
import * as m0016 from './0016_lao_qr_channel';
import * as m0017 from './0017_operation_refusals';
import * as m0018 from './0018_one_posting_path';
import * as m0019 from './0019_legs_call_ledger_write';
import * as m0020 from './0020_slips_in_review_index';
import * as m0021 from './0021_system_account_shards';
import * as m0022 from './0022_job_pools';

/**
 * Numbered migrations, imported statically so the same list works from TypeScript sources (tests) and from the
 * compiled dist/. Add a file `NNNN_name.ts` and list it here; never edit a migration that has shipped.
 */
const migrations: Record<string, Migration> = {
  '0001_init': m0001,
  '0002_ledger': m0002,
  '0003_money_in': m0003,
  '0004_operations': m0004,
  '0005_bank_rules': m0005,
  '0006_howto_captions': m0006,
  '0007_bonus': m0007,
  '0008_spin': m0008,
  '0009_game_leg_functions': m0009,
  '0010_operators': m0010,
  '0011_remote_releases': m0011,
  '0012_chat': m0012,
  '0013_operation_leg_settle': m0013,
  '0014_sandbox_transfer_apply': m0014,
  '0015_chat_message_fields': m0015,
  '0016_lao_qr_channel': m0016,
  '0017_operation_refusals': m0017,
  '0018_one_posting_path': m0018,
  '0019_legs_call_ledger_write': m0019,
  '0020_slips_in_review_index': m0020,
  '0021_system_account_shards': m0021,
  '0022_job_pools': m0022,
};

/** The newest migration this server has (the readiness check asks the database for it). */
export const LATEST_MIGRATION = Object.keys(migrations).sort().at(-1) ?? '';

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
