// npm run bench:chat: one run.
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { AGENT_SOCKETS, BURST, log, MESSAGES_PER_AGENT, RATE, SOCKETS } from './settings.mjs';
import { procStats } from './figures.mjs';
import { request } from './http.mjs';
import { startServer } from './server.mjs';
import { openClients, text } from './clients.mjs';
import { phaseRunner } from './phase.mjs';

// One run: a server, its sockets, the three phases

export async function benchOne(run) {
  const secrets = {
    jwt: randomBytes(32).toString('hex'),
    ops: randomBytes(16).toString('hex'),
    webhook: randomBytes(32).toString('hex'),
  };
  log(`${run.label}: starting the built server…`);
  const server = await startServer(run, secrets);
  const { port, pid } = server;
  const report = {
    database: run.label,
    sockets: SOCKETS,
    rate: RATE,
    burst: BURST,
    agentSockets: AGENT_SOCKETS,
  };
  const sockets = [];
  const agentSockets = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  try {
    report.serverIdle = procStats(pid);

    const { agents, guests, atCustomer, atAgent, tally } = await openClients(
      run,
      server,
      secrets,
      report,
      sockets,
      agentSockets,
    );

    const phase = phaseRunner(run, pid, loop);

    report.phases = [];
    log(`${run.label}: phase 1, agent → customer at ${RATE}/s…`);
    report.phases.push(
      await phase(
        'agent → customer (HTTP → socket)',
        SOCKETS,
        RATE,
        async (i, mark) => {
          const clientId = `a-${i}`;
          const agent = agents[Math.floor(i / MESSAGES_PER_AGENT)];
          const undo = mark(clientId);
          const t0 = performance.now();
          const r = await request(
            port,
            'POST',
            `/api/ops/chat/conversations/${encodeURIComponent(guests[i].room)}/messages`,
            {
              headers: { cookie: agent.cookie, 'x-requested-with': 'ops-console' },
              body: { clientId, message: text(`agent ${i}`) },
            },
          );
          if (r.status !== 200) {
            undo();
            throw new Error(`${r.status} ${r.json.code}`);
          }
          return [performance.now() - t0];
        },
        [atCustomer],
        SOCKETS,
      ),
    );

    const customerSend = async (i, clientId, label, undo) => {
      const t0 = performance.now();
      const ack = await sockets[i].timeout(60_000).emitWithAck('send', { clientId, message: text(label) });
      if (typeof ack?.seq !== 'number') {
        undo();
        throw new Error(`send: ${ack?.code ?? JSON.stringify(ack)}`);
      }
      return performance.now() - t0;
    };

    log(`${run.label}: phase 2, customer → agents at ${RATE}/s…`);
    report.phases.push(
      await phase(
        `customer → agent${AGENT_SOCKETS > 1 ? 's' : ''} (socket → socket)`,
        SOCKETS,
        RATE,
        async (i, mark) => {
          const undo = mark(`b-${i}`);
          return [await customerSend(i, `b-${i}`, `customer ${i}`, undo)];
        },
        atAgent,
        SOCKETS * AGENT_SOCKETS,
        atCustomer,
      ),
    );
    log(`${run.label}: phase 3, every customer sends ${BURST} at once…`);
    report.phases.push(
      await phase(
        `burst: ${SOCKETS} customers × ${BURST} (→ agent${AGENT_SOCKETS > 1 ? 's' : ''})`,
        SOCKETS,
        0,
        async (i, mark) => {
          const ms = [];
          for (let k = 0; k < BURST; k++) {
            const undo = mark(`c-${i}-${k}`);
            ms.push(await customerSend(i, `c-${i}-${k}`, `burst ${i}.${k}`, undo));
          }
          return ms;
        },
        atAgent,
        SOCKETS * BURST * AGENT_SOCKETS,
        atCustomer,
      ),
    );
    report.agentConversationEvents = tally.agentConversationEvents;
    report.socketsDropped = tally.dropped;
    tally.closing = true;
    report.serverEnd = procStats(pid);
    const errorLines = server
      .output()
      .split('\n')
      .filter((l) => /"level":(50|60)/.test(l));
    report.serverErrorLines = errorLines.length;
    if (errorLines.length) log(`${run.label}: server errors:\n${errorLines.slice(0, 5).join('\n')}`);
    return report;
  } finally {
    loop.disable();
    for (const s of [...sockets, ...agentSockets]) s?.close();
    await server.stop();
  }
}
