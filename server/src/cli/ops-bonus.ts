/**
 * Operator CLI: `bonus …` and `promotion …` (list, show, set, off, on) through /api/ops/bonuses and /ops/promotions
 * of the running server. Errors of the server (a 400 with its problems) are thrown for runOps to print.
 */
import { readFile } from 'node:fs/promises';
import type { BonusDefinition, PromotionDefinition } from '../features/bonus/definitions';

/** One authenticated call to the running server: the answer's `data`, or a thrown error. */
export type OpsApi = (method: 'GET' | 'PUT', path: string, body?: unknown) => Promise<unknown>;

export interface CatalogueIo {
  out: (line: string) => void;
  /** The whole of standard input (`set <CODE> -`). */
  stdin: () => Promise<string>;
}

export const CATALOGUE_USAGE = `  bonus list                      every bonus: rules, listed/active, open/total activations
  bonus show <CODE>               one bonus definition as JSON (the shape bonus set takes)
  bonus set <CODE> <file.json|->  create or replace a bonus from a whole definition (- reads stdin)
  bonus off <CODE> / on <CODE>    stop / resume receiving it (open conditions go on)
  promotion list|show|set|off|on  the same for promotions (list shows how many received each)`;

export const CATALOGUE_NOTES = `Money in bonus JSON is in minor units (THB satang, LAK kip). Open conditions keep the rules they were received
with; an edit applies to the next activation.`;

type BonusRow = BonusDefinition & { activations: { open: number; total: number } };
type PromotionRow = PromotionDefinition & { received: number };

const SCALE: Record<string, number> = { THB: 2, LAK: 0 };

/** Minor units as the currency shows them: `50000` THB → `500.00 THB`, `300000` LAK → `300,000 LAK`. */
export function money(minor: number, currency: string): string {
  const scale = SCALE[currency] ?? 0;
  const digits = String(Math.abs(minor)).padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = scale > 0 ? `.${digits.slice(-scale)}` : '';
  return `${minor < 0 ? '-' : ''}${whole}${fraction} ${currency}`;
}

/** Rows as aligned columns under a header. */
export function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

/** THB first, then LAK (the database keeps JSON keys in an order of its own). */
const currencyOrder = (c: string) => {
  const i = ['THB', 'LAK'].indexOf(c);
  return i === -1 ? 2 : i;
};

const perCurrency = (d: BonusDefinition, pick: (a: BonusDefinition['amounts'][string]) => number) =>
  Object.entries(d.amounts)
    .sort(([a], [b]) => currencyOrder(a) - currencyOrder(b) || a.localeCompare(b))
    .map(([currency, a]) => money(pick(a), currency))
    .join(', ');

const yesNo = (b: boolean) => (b ? 'yes' : 'no');

function reward(d: BonusDefinition): string {
  if (d.rewardKind === 'fixed') return perCurrency(d, (a) => a.fixed);
  const caps = Object.values(d.amounts).some((a) => a.cap > 0)
    ? ` up to ${perCurrency(d, (a) => a.cap)}`
    : '';
  return `${d.percent}%${caps}`;
}

function bonusTable(rows: BonusRow[]): string[] {
  return table(
    ['CODE', 'TYPE', 'MAX', 'REWARD', 'MIN DEPOSIT', 'TURNOVER', 'FAIL', 'LISTED/ACTIVE', 'OPEN/TOTAL'],
    rows.map((d) => [
      d.code,
      d.type,
      String(d.maxReceived),
      reward(d),
      perCurrency(d, (a) => a.minDeposit),
      `${d.turnoverMultiple}× ${d.turnoverBase === 'bonus' ? 'bonus' : 'bonus+deposit'}`,
      `${d.percentFail}%`,
      `${yesNo(d.listed)}/${yesNo(d.active)}`,
      `${d.activations.open}/${d.activations.total}`,
    ]),
  );
}

function promotionTable(rows: PromotionRow[]): string[] {
  return table(
    ['CODE', 'BONUS', 'ACTIVE', 'RECEIVED/MAX', 'STARTS', 'ENDS'],
    rows.map((p) => [
      p.code,
      p.bonusCode,
      yesNo(p.active),
      `${p.received}/${p.maxTotal ?? 'no limit'}`,
      p.startsAt ?? '-',
      p.endsAt ?? '-',
    ]),
  );
}

/** A whole definition as JSON, from a file or (`-`) standard input. */
export async function readDefinition(source: string, io: Pick<CatalogueIo, 'stdin'>): Promise<unknown> {
  const text = source === '-' ? await io.stdin() : await readFile(source, 'utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new Error(
      `${source === '-' ? 'stdin' : source}: not JSON (${e instanceof Error ? e.message : ''})`,
    );
  }
}

/** Runs `bonus <verb> …` or `promotion <verb> …`; returns the exit code, or undefined for a wrong command line. */
export async function catalogueCommand(
  api: OpsApi,
  noun: 'bonus' | 'promotion',
  args: (string | undefined)[],
  io: CatalogueIo,
): Promise<number | undefined> {
  const [verb, rawCode, source] = args;
  const base = noun === 'bonus' ? '/api/ops/bonuses' : '/api/ops/promotions';
  // Bonus and promotion codes are upper case (definitionProblems, promotionProblems).
  const code = rawCode?.trim().toUpperCase();
  const path = code ? `${base}/${encodeURIComponent(code)}` : base;
  const saved = (d: unknown) => {
    const s = d as { code: string; active: boolean };
    io.out(`${s.code} saved, active=${String(s.active)}`);
  };

  if (verb === 'list' && !code) {
    const rows = await api('GET', base);
    const lines = noun === 'bonus' ? bonusTable(rows as BonusRow[]) : promotionTable(rows as PromotionRow[]);
    for (const line of lines) io.out(line);
    return 0;
  }
  if (verb === 'show' && code) {
    io.out(JSON.stringify(await api('GET', path), null, 2));
    return 0;
  }
  if (verb === 'set' && code && source) {
    saved(await api('PUT', path, await readDefinition(source, io)));
    return 0;
  }
  if ((verb === 'off' || verb === 'on') && code) {
    const current = (await api('GET', path)) as { active: boolean };
    saved(await api('PUT', path, { ...current, active: verb === 'on' }));
    return 0;
  }
  return undefined;
}
