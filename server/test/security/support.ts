import argon2 from 'argon2';
import type { App } from '../../src/app';
import { body, registration, type Registration } from '../helpers';

/** Shared steps of the security suites. */

type Res = { statusCode: number; body: string };

export const codeOf = (res: Res): string => body(res).code;

/** The error body exactly: code, message and, when the error is about a request field, that `field`. */
export const expectError = (res: Res, status: number, code: string, field?: string) => {
  expect({ status: res.statusCode, ...body(res) }).toEqual({
    status,
    code,
    message: code,
    ...(field ? { field } : {}),
  });
};

/** How many times each answer (status code) came back. */
export function tally(responses: Res[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of responses) {
    const key = `${r.statusCode} ${codeOf(r)}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/** Counts argon2 calls (password checks and hashes) while `run` runs; the real functions still run. */
export async function countArgon2<T>(
  run: () => Promise<T>,
): Promise<{ result: T; verify: number; hash: number }> {
  const verify = jest.spyOn(argon2, 'verify');
  const hash = jest.spyOn(argon2, 'hash');
  try {
    const result = await run();
    return { result, verify: verify.mock.calls.length, hash: hash.mock.calls.length };
  } finally {
    verify.mockRestore();
    hash.mockRestore();
  }
}

/** A registered member (through the service: no per-IP look-up limit is spent). */
export async function member(
  app: App,
  overrides: Partial<Registration> = {},
): Promise<Registration & { id: string }> {
  const reg = registration(overrides);
  const id = await app.accounts.register(reg, {
    requireOtp: false,
    sources: () => app.content.get('sources', 'th'),
  });
  return { ...reg, id };
}

export function login(app: App, username: string, password: string, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });
}

export async function tokenOf(app: App, username: string, password: string, remoteAddress = '127.0.0.1') {
  const res = await login(app, username, password, remoteAddress);
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  return body<{ token: string }>(res).data.token;
}

/** A distinct loopback address per call (per-IP cases; inject sends no traffic anywhere). */
let ipSeq = 0;
export function loopbackIp(): string {
  ipSeq += 1;
  return `127.${Math.floor(ipSeq / 250) % 250}.${ipSeq % 250}.${1 + (process.pid % 250)}`;
}
