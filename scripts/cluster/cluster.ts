// The scaled-out shape on one machine, from Debian's packages: a PostgreSQL + PostGIS primary with a streaming
// replica, Redis, app instances and nginx in front on one port. Used by `npm run cluster` and `npm run bench:cluster`.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { EXPLORER_CLIENT_ID } from '@/lib/identity/demo-seed';
import { readDemoCredentials } from '@/lib/core/demo-credentials';
import { missingPostgres, startLocalCluster, stopLocalCluster } from '../db/local-postgres';
import { missingRedis, startRedisDaemon } from '../redis/local-redis';
import { announcedPort, NODE_WITH_TSX, ROOT } from '../hardening/support/server-process';
import { PortTakenError, startOnSomePort } from '../support/ports';
import { nginxConfig } from './nginx-config';

export const NGINX = '/usr/sbin/nginx';
const DATABASE = 'trip_explorer';

export interface ClusterState {
  dir: string;
  url: string;
  balancerPort: number;
  /** Each instance binds port 0 and announces the port it got in its log; 0 until then. */
  instances: { port: number; pid: number; dataDir: string }[];
  redisUrl: string;
  databaseUrl: string;
  databaseReadUrls: string[];
  /** The environment every instance starts with (the shared secrets included). */
  env: Record<string, string>;
  /** Set once nginx is up: the last step of a start. */
  ready?: boolean;
}

export class ClusterError extends Error {}

const stateFile = (dir: string) => path.join(dir, 'cluster.json');

export function readClusterState(dir: string): ClusterState | null {
  if (!fs.existsSync(stateFile(dir))) return null;
  return JSON.parse(fs.readFileSync(stateFile(dir), 'utf8')) as ClusterState;
}

function saveState(state: ClusterState) {
  fs.writeFileSync(stateFile(state.dir), JSON.stringify(state, null, 2) + '\n', { mode: 0o600 });
}

/** Installs what is missing from Debian's packages when run as root, as `npm test` does; otherwise says how. */
export function ensurePackages(say: (line: string) => void) {
  const missing: string[] = [];
  if (missingPostgres()) missing.push('postgresql-15', 'postgresql-15-postgis-3');
  if (missingRedis()) missing.push('redis-server');
  if (!fs.existsSync(NGINX)) missing.push('nginx-light');
  if (missing.length === 0) return;
  const command = `apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) throw new ClusterError(`missing Debian packages: run 'sudo ${command}' and try again`);
  say(`installing ${missing.join(', ')} from Debian's packages`);
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (update.status !== 0 || install.status !== 0) throw new ClusterError(`'${command}' failed`);
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  // A ClusterError from the check ends the wait at once (a process that died); anything else is "not yet".
  while (!(await check().catch((err) => (err instanceof ClusterError ? Promise.reject(err) : false)))) {
    if (Date.now() > deadline) throw new ClusterError(`${what} did not come up within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function healthy(port: number): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2_000) });
  return res.status === 200;
}

/** The secrets every instance shares, generated once (a real deployment takes them from its secret manager). */
function sharedSecrets(dir: string): Record<string, string> {
  const random = () => crypto.randomBytes(32).toString('base64url');
  const secrets = { NEXTAUTH_SECRET: random(), IDENTITY_COOKIE_KEYS: random(), SECRETS_ENCRYPTION_KEYS: random(), METRICS_TOKEN: random() };
  const lines = Object.entries(secrets).map(([k, v]) => `${k}=${v}`);
  fs.writeFileSync(path.join(dir, 'cluster.env'), lines.join('\n') + '\n', { mode: 0o600 });
  return secrets;
}

const instanceLog = (state: ClusterState, index: number) => path.join(state.dir, `instance-${index}.log`);

/**
 * Starts instance `index` (from 1) detached on port 0, logging to a new `instance-<index>.log`; returns its pid.
 * `waitForInstance` reads the port it got from that log; point the balancer at it with `setUpstreams`.
 */
export function startInstance(state: ClusterState, index: number): number {
  const { dataDir } = state.instances[index - 1];
  fs.mkdirSync(dataDir, { recursive: true });
  const log = fs.openSync(instanceLog(state, index), 'w');
  const child = spawn(NODE_WITH_TSX[0], [...NODE_WITH_TSX.slice(1), 'server.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', log, log],
    env: { ...process.env, ...state.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir },
  });
  child.unref();
  fs.closeSync(log);
  Object.assign(state.instances[index - 1], { pid: child.pid!, port: 0 });
  saveState(state);
  return child.pid!;
}

/** The port an instance announced in its log (its "listening" line, written once it answers), or null. */
function announcedInLog(file: string): number | null {
  if (!fs.existsSync(file)) return null;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const port = announcedPort(line);
    if (port !== null) return port;
  }
  return null;
}

/** Waits until the instance announced its port and answers /healthz there; records the port. */
export async function waitForInstance(state: ClusterState, index: number, timeoutMs = 120_000) {
  const instance = state.instances[index - 1];
  await waitFor(`instance ${index} (see ${instanceLog(state, index)})`, async () => {
    if (!alive(instance.pid)) throw new ClusterError(`instance ${index} exited during its start (see ${instanceLog(state, index)})`);
    instance.port = announcedInLog(instanceLog(state, index)) ?? 0;
    return instance.port > 0 && (await healthy(instance.port));
  }, timeoutMs);
  saveState(state);
}

/** The secrets the first instance's demo seed generated, given to the others through their environment. */
export function seededClientEnvironment(dataDir: string): Record<string, string> {
  const creds = readDemoCredentials({ file: (name) => path.join(dataDir, name) });
  const env: Record<string, string> = {};
  const explorer = creds.oidc_clients?.find((c) => c.client_id === EXPLORER_CLIENT_ID);
  if (explorer) env.IDENTITY_CLIENT_SECRET = explorer.client_secret;
  if (creds.places_api) {
    env.PLACES_API_CLIENT_ID = creds.places_api.client_id;
    env.PLACES_API_SECRET_KEY = creds.places_api.secret_key;
  }
  if (creds.places_api_clients) env.PLACES_API_ORG_CLIENTS = JSON.stringify(creds.places_api_clients);
  return env;
}

function nginxArgs(dir: string): string[] {
  return ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'nginx-error.log')];
}

function writeNginxConfig(state: ClusterState, upstreams: number[]) {
  const asRoot = process.getuid?.() === 0;
  const tmp = path.join(state.dir, 'nginx-tmp');
  fs.mkdirSync(tmp, { recursive: true });
  if (asRoot) spawnSync('chown', ['-R', 'nobody:nogroup', tmp]);
  fs.writeFileSync(path.join(state.dir, 'nginx.conf'), nginxConfig({ dir: state.dir, port: state.balancerPort, upstreams, runAsNobody: asRoot }));
}

/**
 * Starts nginx before the instances (their PUBLIC_URL is its address), with no instance behind it yet: on `port` when
 * the operator chose one, else on a port below the ephemeral range, tried again on another when taken.
 */
async function startBalancer(state: ClusterState, port?: number) {
  const start = (candidate: number) => {
    Object.assign(state, { balancerPort: candidate, url: `http://localhost:${candidate}` });
    writeNginxConfig(state, []);
    const nginx = spawnSync(NGINX, nginxArgs(state.dir), { encoding: 'utf8' });
    if (nginx.status === 0) return;
    if (/Address already in use/.test(nginx.stderr)) throw new PortTakenError(candidate);
    throw new ClusterError(`nginx did not start: ${nginx.stderr.trim()}`);
  };
  if (port === undefined) await startOnSomePort('nginx', start);
  else {
    try {
      start(port);
    } catch (err) {
      if (err instanceof PortTakenError) throw new ClusterError(`port ${port} is taken by another program: choose another (CLUSTER_PORT)`);
      throw err;
    }
  }
  saveState(state);
}

/** Points the running balancer at these instance ports (all of them by default) and waits until it answers. */
export async function setUpstreams(state: ClusterState, ports = state.instances.map((i) => i.port)) {
  writeNginxConfig(state, ports);
  const nginx = spawnSync(NGINX, [...nginxArgs(state.dir), '-s', 'reload'], { encoding: 'utf8' });
  if (nginx.status !== 0) throw new ClusterError(`nginx did not reload: ${nginx.stderr.trim()}`);
  await waitFor('nginx', () => healthy(state.balancerPort), 10_000);
  // A reload lets old workers finish their requests; give them a moment to hand over.
  await new Promise((r) => setTimeout(r, 500));
}

/**
 * Starts the whole shape under `dir`. The first instance migrates the database and seeds the demo; the others start
 * together after it, with the seeded clients' secrets in their environment as a real deployment would have them.
 */
export async function startCluster(options: { dir: string; instances: number; port?: number; env?: Record<string, string>; say?: (line: string) => void }): Promise<ClusterState> {
  const say = options.say ?? (() => {});
  fs.mkdirSync(options.dir, { recursive: true });
  const state: ClusterState = {
    dir: options.dir,
    url: '',
    balancerPort: 0,
    instances: [],
    redisUrl: '',
    databaseUrl: '',
    databaseReadUrls: [],
    env: {},
  };
  saveState(state);

  say('starting PostgreSQL + PostGIS (a primary and one streaming replica)');
  const db = await startLocalCluster({ dir: path.join(options.dir, 'db'), replicas: 1 });
  const admin = new pg.Client({ connectionString: db.primaryUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  state.databaseUrl = db.primaryUrl(DATABASE);
  state.databaseReadUrls = db.replicaUrls(DATABASE);
  saveState(state);

  say('starting Redis');
  state.redisUrl = await startRedisDaemon(options.dir);
  say(`starting nginx${options.port ? ` on port ${options.port}` : ''}`);
  await startBalancer(state, options.port);
  state.env = {
    ...sharedSecrets(options.dir),
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    DEMO: 'true',
    PUBLIC_URL: state.url,
    TRUST_PROXY: 'true',
    TRUST_PROXY_HOPS: '1',
    DATABASE_URL: state.databaseUrl,
    DATABASE_READ_URLS: state.databaseReadUrls.join(','),
    REDIS_URL: state.redisUrl,
    ...options.env,
  };
  for (let i = 1; i <= options.instances; i++) state.instances.push({ port: 0, pid: 0, dataDir: path.join(options.dir, `instance-${i}`) });
  saveState(state);

  say('starting instance 1 (the first start seeds the demo places, about a minute)');
  startInstance(state, 1);
  await waitForInstance(state, 1, 300_000);
  Object.assign(state.env, seededClientEnvironment(state.instances[0].dataDir));
  for (let i = 2; i <= options.instances; i++) {
    say(`starting instance ${i}`);
    startInstance(state, i);
  }
  for (let i = 2; i <= options.instances; i++) await waitForInstance(state, i);

  say(`pointing nginx (${state.url}) at the instances on ports ${state.instances.map((i) => i.port).join(', ')}`);
  await setUpstreams(state);
  state.ready = true;
  saveState(state);
  return state;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops one instance: SIGTERM (a clean stop) or SIGKILL (a crash); waits until the process is gone. */
export async function stopInstance(state: ClusterState, index: number, signal: NodeJS.Signals = 'SIGTERM') {
  const { pid } = state.instances[index - 1];
  if (!pid || !alive(pid)) return;
  process.kill(pid, signal);
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}

/** Stops everything `startCluster` started in `dir`, even half-started, and removes `dir`. */
export async function stopCluster(dir: string): Promise<boolean> {
  const state = readClusterState(dir);
  if (!state) return false;
  if (fs.existsSync(path.join(dir, 'nginx.pid'))) spawnSync(NGINX, [...nginxArgs(dir), '-s', 'stop'], { stdio: 'ignore' });
  await Promise.all(state.instances.map((_, i) => stopInstance(state, i + 1)));
  if (state.redisUrl) spawnSync('redis-cli', ['-u', state.redisUrl, 'shutdown', 'nosave'], { stdio: 'ignore' });
  stopLocalCluster(path.join(dir, 'db'));
  fs.rmSync(dir, { recursive: true, force: true });
  return true;
}
