import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

export interface Secrets {
  jwtSecret: string;
  opsSecret: string;
  webhookSecret: string;
}

const gen = (): string => randomBytes(32).toString('hex');

export function secretsPath(dataDir: string): string {
  return path.join(dataDir, 'secrets.json');
}

function isSecrets(v: unknown): v is Partial<Secrets> {
  return typeof v === 'object' && v !== null;
}

/** Reads DATA_DIR/secrets.json, generating (and persisting, mode 0600) whatever is missing. */
export function loadOrCreateSecrets(dataDir: string): Secrets {
  mkdirSync(dataDir, { recursive: true });
  const file = secretsPath(dataDir);
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (isSecrets(parsed)) stored = parsed;
  }
  const secrets: Secrets = {
    jwtSecret: typeof stored.jwtSecret === 'string' ? stored.jwtSecret : gen(),
    opsSecret: typeof stored.opsSecret === 'string' ? stored.opsSecret : gen(),
    webhookSecret: typeof stored.webhookSecret === 'string' ? stored.webhookSecret : gen(),
  };
  if (
    secrets.jwtSecret !== stored.jwtSecret ||
    secrets.opsSecret !== stored.opsSecret ||
    secrets.webhookSecret !== stored.webhookSecret
  ) {
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}

/** Reads the secrets without creating them (CLI). */
export function readSecrets(dataDir: string): Secrets | undefined {
  const file = secretsPath(dataDir);
  if (!existsSync(file)) return undefined;
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!isSecrets(parsed) || typeof parsed.opsSecret !== 'string') return undefined;
  return parsed as Secrets;
}
