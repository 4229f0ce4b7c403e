#!/usr/bin/env node
// Support chat fan-out (docs/chat.md): 1,000 guest sockets on loopback, fan-out latency p50/p99 and messages/s.
//
//   npm run bench:chat                          PGlite in memory; then PostgreSQL + Redis when TEST_DATABASE_URL
//                                               and TEST_REDIS_URL are set (a throw-away schema and Redis prefix)
//   npm run bench:chat -- --json                machine-readable
//   BENCH_CHAT_SOCKETS=1000 BENCH_CHAT_RATE=100 BENCH_CHAT_BURST=10 npm run bench:chat
//   BENCH_CHAT_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench:chat   (profiles the server)
//
// The built server (server/dist/main.js: node scripts/build.mjs server) runs in its own process on a free loopback
// port with a fresh DATA_DIR and default limits; this process is only the load generator, so the clients never
// share the server's event loop. Setup, through the public API only:
// - BENCH_CHAT_SOCKETS guests (POST /api/chat/guest). Guest ids are limited to 10 per IP per hour and /chat sockets
//   to 20 per IP, so every 10 guests create their ids and open their sockets from their own loopback address
//   (127.77.x.y: Linux answers the whole of 127.0.0.0/8 on lo). No limit is relaxed.
// - Support operators (POST /api/ops/operators with the operator secret, then the console's sign-in: password,
//   TOTP enrolment with the code computed here). An agent may send 30 messages a minute, so phase 1 spreads its
//   messages over one operator per 25 conversations; the first one's cookie also opens the agents' socket(s)
//   (BENCH_CHAT_AGENT_SOCKETS, default 1), which sit in `chat:agents` and hear every message.
// - Every guest opens a websocket to /chat (its guestToken in the handshake) and joins its room.
// Then three phases, one after the other, each waiting until everything sent has arrived (or 60 s):
// 1. agent → customer: one message into every conversation through POST /api/ops/chat/conversations/:id/messages
//    (the HTTP route the console uses), open loop at BENCH_CHAT_RATE per second; latency = the send's start to
//    the customer socket's `messaging`.
// 2. customer → agents: every customer `send`s one message on its socket, open loop at BENCH_CHAT_RATE per second;
//    latency = the emit to the agent socket's `messaging` (the customer's own socket hears it too).
// 3. burst: every customer at once sends BENCH_CHAT_BURST messages, each after the previous one's ack: the most
//    messages a second the server stores and fans out, and the latency while it is saturated.
// Both ends of a latency are read from performance.now() in this process. Printed per phase: messages, deliveries,
// errors, messages/s, p50/p99/max; and the connect and join times, the server's RSS and CPU, this process's
// event-loop delay (how much of a figure the load generator itself may have added).
//
// The parts live in scripts/bench-chat/: settings.mjs, figures.mjs, http.mjs, server.mjs, clients.mjs (agents,
// guests and their sockets), phase.mjs (one phase's sends and deliveries), bench-one.mjs (one run) and print.mjs.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './apps.mjs';
import { AGENT_SOCKETS, asJson, BURST, env, log, RATE, SOCKETS } from './bench-chat/settings.mjs';
import { httpAgent } from './bench-chat/http.mjs';
import { cleanPostgres } from './bench-chat/server.mjs';
import { benchOne } from './bench-chat/bench-one.mjs';
import { machine, print } from './bench-chat/print.mjs';

if (!existsSync(join(root, 'server', 'dist', 'features', 'chat'))) {
  console.error('server/dist has no chat feature: node scripts/build.mjs server');
  process.exit(2);
}
if (!Number.isInteger(SOCKETS) || SOCKETS < 1 || !(RATE > 0) || !(BURST >= 1) || !(AGENT_SOCKETS >= 1)) {
  console.error(
    'BENCH_CHAT_SOCKETS, BENCH_CHAT_RATE, BENCH_CHAT_BURST, BENCH_CHAT_AGENT_SOCKETS must be positive',
  );
  process.exit(2);
}

async function main() {
  const runs = [{ label: 'PGlite (memory)', databaseUrl: 'memory://' }];
  if (env.TEST_DATABASE_URL && env.TEST_REDIS_URL) {
    const id = randomBytes(4).toString('hex');
    runs.push({
      label: 'PostgreSQL + Redis',
      databaseUrl: env.TEST_DATABASE_URL,
      schema: `bench_chat_${id}`,
      redisUrl: env.TEST_REDIS_URL,
      redisPrefix: `bench-chat-${id}:`,
    });
  } else if (!asJson) {
    log('TEST_DATABASE_URL and TEST_REDIS_URL not both set: PGlite only');
  }
  const result = { machineBefore: machine(), runs: [] };
  const started = Date.now();
  for (const run of runs) {
    try {
      result.runs.push(await benchOne(run));
    } finally {
      if (run.schema) await cleanPostgres(run).catch((e) => log(`cleanup of ${run.schema}: ${e.message}`));
    }
  }
  result.machineAfter = machine();
  result.elapsedSeconds = Math.round((Date.now() - started) / 1000);
  httpAgent.destroy();
  if (asJson) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else print(result);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
