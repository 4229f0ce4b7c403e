import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, PRODUCTION_SANDBOX_MESSAGE, loadConfig } from '../../src/platform/config';

/**
 * Issue 7 finding "the sandbox is on by default and nothing stops it in production": production mode
 * (NODE_ENV=production or --production) refuses to start while the sandbox adapters are on, with a message naming
 * what to set, exit code 2 like every configuration error.
 */
const serverDir = path.resolve(__dirname, '..', '..');

const configError = (env: NodeJS.ProcessEnv, argv: string[] = []): string => {
  try {
    loadConfig(env, argv);
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
  throw new Error('expected a ConfigError');
};

/** Runs `node --import tsx server/src/main.ts` and collects its exit code and output. */
function runServer(
  env: NodeJS.ProcessEnv,
  args: string[] = [],
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
      cwd: serverDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

describe('production mode', () => {
  test('NODE_ENV=production with the sandbox on (its default, or SANDBOX=1) is a ConfigError naming the variables', () => {
    for (const env of [{ NODE_ENV: 'production' }, { NODE_ENV: 'production', SANDBOX: 'on' }]) {
      const msg = configError(env);
      expect(msg).toContain(PRODUCTION_SANDBOX_MESSAGE);
      for (const name of ['SANDBOX=0', 'SMS_PROVIDER', 'SLIP_VERIFIER', 'EASYSLIP_API_KEY'])
        expect(msg).toContain(name);
    }
    expect(configError({}, ['--production'])).toContain(PRODUCTION_SANDBOX_MESSAGE);
  });

  test('production with SANDBOX=0 loads; without NODE_ENV the sandbox demo stays the default', () => {
    expect(loadConfig({ NODE_ENV: 'production', SANDBOX: '0' })).toMatchObject({
      production: true,
      sandbox: false,
    });
    expect(loadConfig({ SANDBOX: 'off' }, ['--production'])).toMatchObject({ production: true });
    expect(loadConfig({})).toMatchObject({ production: false, sandbox: true, sms: undefined });
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ production: false, sandbox: true });
  });

  test('the real adapters are validated: missing keys, bad URLs and unknown providers are listed', () => {
    const msg = configError({
      SMS_PROVIDER: 'thaibulksms',
      THAIBULKSMS_BASE_URL: 'ftp://x',
      SLIP_VERIFIER: 'easyslip',
      SLIP_RECEIVER_ACCOUNTS: '12-3',
      SLIP_MAX_AGE_MINUTES: '0',
      PROVIDER_TIMEOUT_MS: '0',
    });
    for (const s of [
      'THAIBULKSMS_API_KEY is required',
      'THAIBULKSMS_API_SECRET is required',
      'THAIBULKSMS_SENDER is required',
      'THAIBULKSMS_BASE_URL must be an http(s) URL',
      'EASYSLIP_API_KEY is required',
      'SLIP_RECEIVER_ACCOUNTS must list',
      'SLIP_MAX_AGE_MINUTES must be',
      'PROVIDER_TIMEOUT_MS must be at least 1',
    ])
      expect(msg).toContain(s);
    expect(configError({ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example/hook' })).toContain(
      'SMS_WEBHOOK_SECRET must be at least 16 characters',
    );
    expect(configError({ SMS_PROVIDER: 'carrier-pigeon', SLIP_VERIFIER: 'x' })).toMatch(
      /SMS_PROVIDER must be[\s\S]*SLIP_VERIFIER must be/,
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SANDBOX: '0',
        SMS_PROVIDER: 'thaibulksms',
        THAIBULKSMS_API_KEY: 'k',
        THAIBULKSMS_API_SECRET: 's',
        THAIBULKSMS_SENDER: 'WALLET',
        THAIBULKSMS_FORCE: 'corporate',
        SLIP_VERIFIER: 'easyslip',
        EASYSLIP_API_KEY: 'key',
        SLIP_RECEIVER_ACCOUNTS: '123-4-56789-0, 0987654321',
      }),
    ).toMatchObject({
      sms: { provider: 'thaibulksms', baseUrl: 'https://api-v2.thaibulksms.com', force: 'corporate' },
      slipVerifier: {
        provider: 'easyslip',
        baseUrl: 'https://developer.easyslip.com',
        receiverAccounts: ['1234567890', '0987654321'],
        maxAgeMinutes: 60,
      },
      providerTimeoutMs: 10_000,
    });
  });

  describe('the server process', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'production-mode-'));
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
    const base = (): NodeJS.ProcessEnv => ({
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      DATABASE_URL: 'memory://',
      PORT: '0',
      LOG_LEVEL: 'silent',
    });

    test('NODE_ENV=production with the sandbox on exits with code 2 and prints the message', async () => {
      const run = await runServer({ ...base(), NODE_ENV: 'production' });
      expect(run.out).toContain(PRODUCTION_SANDBOX_MESSAGE);
      expect(run.code).toBe(2);
    });

    test('--production on the command line does the same', async () => {
      const run = await runServer({ ...base(), SANDBOX: '1' }, ['--production']);
      expect(run.out).toContain(PRODUCTION_SANDBOX_MESSAGE);
      expect(run.code).toBe(2);
    });
  });
});
