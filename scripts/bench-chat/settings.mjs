// npm run bench:chat's settings (environment and flags) and small helpers.

export const env = process.env;
export const asJson = process.argv.includes('--json');
export const SOCKETS = Number(env.BENCH_CHAT_SOCKETS || 1000);
export const RATE = Number(env.BENCH_CHAT_RATE || 100);
// A customer may send 30 messages a minute; phase 2 takes one.
export const BURST = Math.min(Number(env.BENCH_CHAT_BURST || 10), 29);
export const AGENT_SOCKETS = Number(env.BENCH_CHAT_AGENT_SOCKETS || 1);
export const SERVER_FLAGS = (env.BENCH_CHAT_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
export const TARGET_P99_MS = 50;
/** The server's defaults (docs/chat.md "Limits"): guest ids per IP per hour, agent messages per minute. */
export const GUESTS_PER_IP = 10;
export const MESSAGES_PER_AGENT = 25;
export const CONNECT_CONCURRENCY = 100;
export const SETTLE_MS = 60_000;

export const log = (text) =>
  process.stderr.write(`[bench:chat ${new Date().toISOString().slice(11, 19)}] ${text}\n`);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const round = (n, d = 1) => Number(n.toFixed(d));
