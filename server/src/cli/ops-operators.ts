/**
 * Operator CLI: operator accounts (`create-operator`, `operators`, `disable-operator`, `enable-operator`,
 * `reset-totp`) and the audit log (`audit`) through /api/ops/operators and /api/ops/audit of the running server.
 */
import { randomBytes } from 'node:crypto';
import type { AuditEntry } from '../features/operators/audit';
import type { OperatorView } from '../features/operators/operator-service';

export type OperatorsApi = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<unknown>;

export interface OperatorsIo {
  out: (line: string) => void;
  stdin: () => Promise<string>;
}

export const OPERATORS_USAGE = `  create-operator <name> --role <admin|finance|support> [--password-stdin]
                                  a console operator; without --password-stdin a password is made and printed
                                  once. TOTP is enrolled at the first sign-in at /ops/
  operators                       every operator: role, status, TOTP
  disable-operator <name>         no more sign-ins; its sessions end at once (enable-operator undoes it)
  reset-totp <name>               a lost authenticator: the operator enrols again at the next sign-in
  audit [--limit n] [--actor name] [--action a]   the audit log, newest first`;

const COMMANDS = new Set([
  'create-operator',
  'operators',
  'disable-operator',
  'enable-operator',
  'reset-totp',
  'audit',
]);

export const isOperatorsCommand = (command: string): boolean => COMMANDS.has(command);

type OperatorRow = Pick<OperatorView, 'username' | 'role' | 'status' | 'totpEnabled'>;
type AuditRow = AuditEntry;

/** `--flag value` of an argument list. */
function flag(args: (string | undefined)[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** A password of 20 characters from 15 random bytes (base64url: about 120 bits). */
const newPassword = (): string => randomBytes(15).toString('base64url');

const line = (o: OperatorRow) =>
  `${o.username.padEnd(20)} ${o.role.padEnd(8)} ${o.status.padEnd(9)} ${o.totpEnabled ? 'totp' : 'no totp yet'}`;

const brief = (v: unknown): string => (v === null || v === undefined ? '' : JSON.stringify(v));

/** Runs one command; the exit code, or undefined for a wrong command line. */
export async function operatorsCommand(
  api: OperatorsApi,
  command: string,
  args: (string | undefined)[],
  io: OperatorsIo,
): Promise<number | undefined> {
  const name = args[0];
  switch (command) {
    case 'create-operator': {
      const role = flag(args, '--role');
      if (!name || name.startsWith('--') || !role) return undefined;
      const fromStdin = args.includes('--password-stdin');
      const password = fromStdin ? (await io.stdin()).replace(/\r?\n$/, '') : newPassword();
      const created = (await api('POST', '/api/ops/operators', {
        username: name,
        role,
        password,
      })) as OperatorRow;
      io.out(`created ${line(created)}`);
      if (!fromStdin) io.out(`password (shown once): ${password}`);
      io.out('Sign in at /ops/ and enrol TOTP with an authenticator app at the first sign-in.');
      return 0;
    }
    case 'operators': {
      const rows = (await api('GET', '/api/ops/operators')) as OperatorRow[];
      for (const o of rows) io.out(line(o));
      if (rows.length === 0) io.out('no operators yet: npm run ops -- create-operator <name> --role admin');
      return 0;
    }
    case 'disable-operator':
    case 'enable-operator': {
      if (!name) return undefined;
      const status = command === 'disable-operator' ? 'disabled' : 'active';
      const o = (await api('POST', `/api/ops/operators/${encodeURIComponent(name)}/status`, {
        status,
      })) as OperatorRow;
      io.out(line(o));
      return 0;
    }
    case 'reset-totp': {
      if (!name) return undefined;
      const o = (await api(
        'POST',
        `/api/ops/operators/${encodeURIComponent(name)}/reset-totp`,
        {},
      )) as OperatorRow;
      io.out(line(o));
      return 0;
    }
    case 'audit': {
      const q = new URLSearchParams();
      for (const [f, k] of [
        ['--limit', 'limit'],
        ['--actor', 'actor'],
        ['--action', 'action'],
      ] as const) {
        const v = flag(args, f);
        if (v !== undefined) q.set(k, v);
      }
      const rows = (await api('GET', `/api/ops/audit${q.size > 0 ? `?${q.toString()}` : ''}`)) as AuditRow[];
      for (const r of rows) {
        const change = [brief(r.before), brief(r.after)].filter(Boolean).join(' → ');
        io.out(
          `${r.at}  ${r.actor} (${r.role})  ${r.action}${r.target ? ` ${r.target}` : ''}${change ? `  ${change}` : ''}${
            r.ip ? `  from ${r.ip}` : ''
          }`,
        );
      }
      return 0;
    }
    default:
      return undefined;
  }
}
