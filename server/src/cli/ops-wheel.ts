/**
 * Operator CLI: `wheel …` (list, show, set, use) through /api/ops/wheels and `coins grant` through /api/ops/coins of the
 * running server. Errors of the server (a 400 with its problems) are thrown for runOps to print.
 */
import { readDefinition, table } from './ops-bonus';

/** One authenticated call to the running server: the answer's `data`, or a thrown error. */
export type SpinOpsApi = (method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown) => Promise<unknown>;

export interface SpinOpsIo {
  out: (line: string) => void;
  /** The whole of standard input (`wheel set <id> -`). */
  stdin: () => Promise<string>;
}

export const WHEEL_USAGE = `  wheel list                      every wheel: active, slices, total weight, spins drawn
  wheel show <id>                 one wheel as JSON (the shape wheel set takes)
  wheel set <id> <file.json|->    create or replace a wheel from a whole definition (- reads stdin)
  wheel use <id>                  make it the active wheel (every other one becomes inactive)
  coins grant <memberId> <n> [reason]   give a member 1 to 1000 prize-wheel coins`;

export const WHEEL_NOTES = `Wheel money prizes are in minor units per currency (amounts: THB satang, LAK kip). Members see the active wheel
while spin.active is on; past spins keep the weights and prizes they were drawn with.`;

interface WheelRow {
  id: string;
  active: boolean;
  totalWeight: number;
  draws: number;
  slices: unknown[];
}

/**
 * Runs `wheel <verb> …` or `coins grant …`; returns the exit code, or undefined for a wrong command line.
 */
export async function spinOpsCommand(
  api: SpinOpsApi,
  noun: 'wheel' | 'coins',
  args: (string | undefined)[],
  io: SpinOpsIo,
): Promise<number | undefined> {
  const [verb, rawId, third, ...rest] = args;
  if (noun === 'coins') {
    const memberId = rawId?.trim();
    if (verb !== 'grant' || !memberId || !third || !/^\d+$/.test(third)) return undefined;
    const reason = rest.filter((w): w is string => typeof w === 'string').join(' ');
    const granted = (await api('POST', `/api/ops/coins/${encodeURIComponent(memberId)}`, {
      coins: Number(third),
      ...(reason ? { reason } : {}),
    })) as { granted: number; coin: number; reference: string };
    io.out(
      `${memberId}: +${granted.granted} coin${granted.granted === 1 ? '' : 's'}, balance ${granted.coin} (${granted.reference})`,
    );
    return 0;
  }

  // Wheel ids are lower case (wheelProblems).
  const id = rawId?.trim().toLowerCase();
  const path = id ? `/api/ops/wheels/${encodeURIComponent(id)}` : '/api/ops/wheels';
  const saved = (d: unknown) => {
    const s = d as { id: string; active: boolean };
    io.out(`${s.id} saved, active=${String(s.active)}`);
  };

  if (verb === 'list' && !id) {
    const rows = (await api('GET', path)) as WheelRow[];
    const lines = table(
      ['ID', 'ACTIVE', 'SLICES', 'TOTAL WEIGHT', 'DRAWS'],
      rows.map((w) => [
        w.id,
        w.active ? 'yes' : 'no',
        String(w.slices.length),
        String(w.totalWeight),
        String(w.draws),
      ]),
    );
    for (const line of lines) io.out(line);
    return 0;
  }
  if (verb === 'show' && id) {
    io.out(JSON.stringify(await api('GET', path), null, 2));
    return 0;
  }
  if (verb === 'set' && id && third) {
    saved(await api('PUT', path, await readDefinition(third, io)));
    return 0;
  }
  if (verb === 'use' && id) {
    const current = (await api('GET', path)) as { active: boolean };
    saved(await api('PUT', path, { ...current, active: true }));
    return 0;
  }
  return undefined;
}
