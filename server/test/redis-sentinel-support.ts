import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './server-process';

/**
 * A Redis primary, its replica and three sentinels on loopback ports, from Debian's redis-server (a sentinel is
 * `redis-server <conf> --sentinel`), nothing kept on disk but the sentinels' configuration in a temporary folder.
 */

export const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';

/** Whether this machine can run the topology (redis-server installed). */
export function redisServerAvailable(): boolean {
  return spawnSync(REDIS_SERVER, ['--version']).status === 0;
}

export interface SentinelSite {
  /** REDIS_URL for the server: `redis-sentinel://…/<name>`. */
  url: string;
  name: string;
  primaryPort: number;
  replicaPort: number;
  /** The port of the server the sentinels name primary now. */
  currentPrimaryPort(): Promise<number>;
  /** SIGKILLs the Redis server on `port`. */
  kill(port: number): void;
  stop(): Promise<void>;
}

export async function startSentinelSite(name = 'wallet'): Promise<SentinelSite> {
  const dir = mkdtempSync(join(tmpdir(), 'redis-sentinel-'));
  const children = new Map<number, ChildProcess>();
  const start = (port: number, args: string[]) => {
    const child = spawn(REDIS_SERVER, args, { stdio: 'ignore' });
    children.set(port, child);
  };
  const common = (port: number) => [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    // In the temporary folder: a replica's first sync writes the primary's snapshot to its `dir`.
    '--dir',
    dir,
  ];
  const primaryPort = await freePort();
  const replicaPort = await freePort();
  start(primaryPort, common(primaryPort));
  start(replicaPort, [...common(replicaPort), '--replicaof', '127.0.0.1', String(primaryPort)]);
  const sentinelPorts = [await freePort(), await freePort(), await freePort()];
  for (const port of sentinelPorts) {
    const conf = join(dir, `sentinel-${port}.conf`);
    writeFileSync(
      conf,
      [
        `port ${port}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${name} 127.0.0.1 ${primaryPort} 2`,
        `sentinel down-after-milliseconds ${name} 1000`,
        `sentinel failover-timeout ${name} 10000`,
        `sentinel parallel-syncs ${name} 1`,
        '',
      ].join('\n'),
    );
    start(port, [conf, '--sentinel']);
  }
  const sentinel = new Redis({ port: sentinelPorts[0], host: '127.0.0.1', lazyConnect: true });
  await waitFor(async () => {
    // Ready once the replica has synced and every sentinel knows the primary, its replica and the others.
    const replica = new Redis({ port: replicaPort, host: '127.0.0.1', lazyConnect: true });
    try {
      await replica.connect();
      const info = await replica.info('replication');
      if (!/master_link_status:up/.test(info)) return false;
    } finally {
      replica.disconnect();
    }
    if (sentinel.status !== 'ready') await sentinel.connect();
    const master = (await sentinel.call('SENTINEL', 'MASTER', name)) as string[];
    const field = (k: string) => master[master.indexOf(k) + 1];
    return field('num-slaves') === '1' && field('num-other-sentinels') === '2';
  }, 30_000);

  return {
    url: `redis-sentinel://${sentinelPorts.map((p) => `127.0.0.1:${p}`).join(',')}/${name}`,
    name,
    primaryPort,
    replicaPort,
    async currentPrimaryPort() {
      const [, port] = (await sentinel.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', name)) as [string, string];
      return Number(port);
    },
    kill(port) {
      children.get(port)?.kill('SIGKILL');
    },
    async stop() {
      sentinel.disconnect();
      await Promise.all(
        [...children.values()].map(
          (c) =>
            new Promise<void>((resolve) => {
              if (c.exitCode !== null || c.signalCode !== null) return resolve();
              c.once('exit', () => resolve());
              c.kill('SIGKILL');
            }),
        ),
      );
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Polls `check` every 100 ms until it is true; throws after `ms`. Errors count as not yet. */
export async function waitFor(check: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
