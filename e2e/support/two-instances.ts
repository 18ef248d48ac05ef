// Two full instances (server.ts with Next, the production build) on one throwaway PostgreSQL and one Redis, behind
// a balancer of a few lines that the test steers: it sends every request to the instance the test names, and
// records which instance each back-channel logout reached. PUBLIC_URL is the balancer, as in production: the browser
// must stay on that origin (the Explorer refuses state-changing requests from any other), while a test may still ask
// one instance directly with the browser's cookies (they are per host, not per port).
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { seededClientEnvironment } from '../../scripts/cluster/cluster';
import { startLocalCluster, stopLocalCluster } from '../../scripts/db/local-postgres';
import { startServer, type ServerProcess } from '../../scripts/hardening/support/server-process';
import { startLocalRedis, type LocalRedis } from '../../scripts/redis/local-redis';

export type InstanceName = 'A' | 'B';
export const BACKCHANNEL_PATH = '/api/auth/backchannel-logout';

export interface TwoInstances {
  publicUrl: string;
  /** Each instance's own address (loopback, not through the balancer). */
  url: Record<InstanceName, string>;
  /** The seeding instance's data directory: its demo-credentials.json. */
  seedDir: string;
  /** Sends every request through the balancer to this instance from now on. */
  routeTo(name: InstanceName): void;
  /** The back-channel logouts the balancer passed on, in order: where each went and what it answered. */
  backchannel: { to: InstanceName; status: number }[];
  /** The lines an instance logged (stdout), newest last. */
  logLines(name: InstanceName): string[];
  stop(): Promise<void>;
}

/** The balancer, on the port its bind gets (port 0). */
function balancer(target: () => { name: InstanceName; port: number }, record: TwoInstances['backchannel']) {
  const server = http.createServer((req, res) => {
    const { name, port: to } = target();
    const upstream = http.request({ host: '127.0.0.1', port: to, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      if (req.method === 'POST' && req.url === BACKCHANNEL_PATH) record.push({ to: name, status: answer.statusCode ?? 0 });
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise<http.Server>((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * Every server binds port 0: the balancer first (its address is the instances' PUBLIC_URL), then A and B, whose ports
 * the balancer learns from their start.
 */
export async function startTwoInstances(): Promise<TwoInstances> {
  const toStop: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const step of toStop.reverse()) await step();
  };
  try {
    const dbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trip-explorer-two-next-pg-'));
    const db = await startLocalCluster({ dir: dbDir, replicas: 0 });
    toStop.push(() => stopLocalCluster(dbDir));
    const admin = new pg.Client({ connectionString: db.primaryUrl() });
    await admin.connect();
    await admin.query('CREATE DATABASE two_next');
    await admin.end();
    const redis: LocalRedis = await startLocalRedis();
    toStop.push(() => redis.stop());

    const ports: Record<InstanceName, number> = { A: 0, B: 0 };
    let current: InstanceName = 'A';
    const backchannel: TwoInstances['backchannel'] = [];
    const front = await balancer(() => ({ name: current, port: ports[current] }), backchannel);
    const publicUrl = `http://localhost:${(front.address() as AddressInfo).port}`;
    toStop.push(() => {
      front.closeAllConnections();
      return new Promise<void>((resolve) => front.close(() => resolve()));
    });

    const random = () => crypto.randomBytes(32).toString('base64url');
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      DEMO: 'true',
      PUBLIC_URL: publicUrl,
      DATABASE_URL: db.primaryUrl('two_next'),
      REDIS_URL: redis.url,
      NEXTAUTH_SECRET: random(),
      IDENTITY_COOKIE_KEYS: random(),
      SECRETS_ENCRYPTION_KEYS: random(),
      METRICS_TOKEN: random(),
      PLACES_SEED_COUNT: '1000',
      // Sign-out across instances routes no trip: the demo roads would only slow both starts.
      ROADS_DEMO: 'false',
      EXPLORER_RATE_PER_MINUTE: '100000',
    };
    const logs: Record<InstanceName, string[]> = { A: [], B: [] };
    const servers: Partial<Record<InstanceName, ServerProcess>> = {};
    const dataDirs: Record<InstanceName, string> = {
      A: fs.mkdtempSync(path.join(os.tmpdir(), 'trip-explorer-two-next-A-')),
      B: fs.mkdtempSync(path.join(os.tmpdir(), 'trip-explorer-two-next-B-')),
    };
    toStop.push(() => Object.values(dataDirs).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
    const start = async (name: InstanceName, extra: Record<string, string> = {}) => {
      const server = await startServer({
        entry: 'server.ts',
        dataDir: dataDirs[name],
        env: { ...env, ...extra },
        readyTimeoutMs: 240_000,
        onLine: (line) => logs[name].push(line),
      });
      servers[name] = server;
      ports[name] = server.port;
      toStop.push(async () => void (await server.stop()));
    };
    // A migrates and seeds; B starts on the seeded database with the seeded clients' secrets, as `npm run cluster` does.
    await start('A');
    await start('B', seededClientEnvironment(dataDirs.A));

    return {
      publicUrl,
      url: { A: servers.A!.url, B: servers.B!.url },
      seedDir: dataDirs.A,
      routeTo: (name) => void (current = name),
      backchannel,
      logLines: (name) => logs[name],
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
