// Throwaway PostgreSQL + PostGIS servers on loopback: a primary and streaming replicas in one directory, for the
// tests, the benchmarks and `npm run db:up`. Debian's packages; as root the servers run as the `postgres` user.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PortTakenError, startOnSomePort } from '../support/ports';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const POSTGIS_CONTROL = '/usr/share/postgresql/15/extension/postgis.control';
export const INSTALL_COMMAND = 'apt-get install -y postgresql-15 postgresql-15-postgis-3';

export interface LocalCluster {
  dir: string;
  primaryPort: number;
  replicaPorts: number[];
  /** Connection URL of a database on the primary / on each replica. */
  primaryUrl(database?: string): string;
  replicaUrls(database?: string): string[];
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL binary, as the postgres user when we are root (initdb refuses root). */
function run(bin: string, args: string[], options: { quiet?: boolean } = {}): string {
  const file = path.join(PG_BIN, bin);
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8', cwd: os.tmpdir() });
  if (r.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed (${r.status}): ${(r.stderr || r.stdout || '').trim().slice(-2000)}`);
  return options.quiet ? '' : r.stdout;
}

/** Null when the binaries are there, otherwise what to install. */
export function missingPostgres(): string | null {
  if (!fs.existsSync(path.join(PG_BIN, 'initdb'))) return `PostgreSQL 15 is not installed (${PG_BIN}/initdb): ${INSTALL_COMMAND}`;
  if (!fs.existsSync(POSTGIS_CONTROL)) return `PostGIS 3 for PostgreSQL 15 is not installed: ${INSTALL_COMMAND}`;
  return null;
}

function url(port: number, database = 'postgres'): string {
  return `postgres://postgres@127.0.0.1:${port}/${database}`;
}

function describe(dir: string, primaryPort: number, replicaPorts: number[]): LocalCluster {
  return {
    dir,
    primaryPort,
    replicaPorts,
    primaryUrl: (db) => url(primaryPort, db),
    replicaUrls: (db) => replicaPorts.map((p) => url(p, db)),
  };
}

const SETTINGS = [
  "listen_addresses = '127.0.0.1'",
  // Throwaway servers: durability traded for speed. Never in production.
  'fsync = off',
  'synchronous_commit = off',
  'full_page_writes = off',
  'wal_level = replica',
  'max_wal_senders = 10',
  'hot_standby = on',
  'max_connections = 200',
  'shared_buffers = 256MB',
  'work_mem = 16MB',
  "log_min_messages = warning",
];

/** True when the server's log says its port was taken (PostgreSQL cannot bind port 0 and say which port it got). */
function portTakenIn(logFile: string): boolean {
  const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
  return /could not bind IPv4 address .*: Address already in use|could not create any TCP\/IP sockets/.test(log);
}

/**
 * Starts the server in `dataDir` on one port after another (scripts/support/ports.ts) until one is free: the port is
 * appended to its postgresql.conf (the last `port` line wins), and a start whose log says the port was taken is
 * tried again on the next. Resolves the port it listens on.
 */
function startOnFreePort(what: string, dataDir: string, logFile: string, ports?: Iterable<number>): Promise<number> {
  return startOnSomePort(
    what,
    (port) => {
      fs.appendFileSync(path.join(dataDir, 'postgresql.conf'), `port = ${port}\n`);
      fs.rmSync(logFile, { force: true });
      try {
        run('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', 'start'], { quiet: true });
      } catch (err) {
        if (portTakenIn(logFile)) throw new PortTakenError(port);
        throw err;
      }
      return port;
    },
    { ports },
  );
}

/**
 * Starts a primary and `replicas` streaming replicas under `dir` (created), each on a loopback port below the
 * ephemeral range, tried again on another when taken; `ports` gives the candidates (a test's, to make the first one
 * taken), random ones by default.
 */
export async function startLocalCluster(options: { dir?: string; replicas?: number; ports?: Iterable<number> } = {}): Promise<LocalCluster> {
  const missing = missingPostgres();
  if (missing) throw new Error(missing);
  if (options.dir) return startServers(options.dir, options);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trip-explorer-pg-'));
  try {
    return await startServers(dir, options);
  } catch (err) {
    // Half started (a replica that found no port, say) in a directory only this call knows: nobody else could stop it.
    stopLocalCluster(dir);
    throw err;
  }
}

async function startServers(dir: string, options: { replicas?: number; ports?: Iterable<number> }): Promise<LocalCluster> {
  fs.mkdirSync(dir, { recursive: true });
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  // One iterator for every server: a port one of them was refused is not offered to the next. Only `next` is handed
  // on: the for-of that ends when a server starts would otherwise close a generator before the next server's turn.
  const ports = options.ports?.[Symbol.iterator]();
  const candidates = ports && { [Symbol.iterator]: () => ({ next: () => ports.next() }) };
  const primaryDir = path.join(dir, 'primary');
  run('initdb', ['-D', primaryDir, '--auth=trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C'], { quiet: true });
  fs.appendFileSync(path.join(primaryDir, 'postgresql.conf'), `\n${SETTINGS.join('\n')}\nunix_socket_directories = '${dir}'\n`);
  fs.appendFileSync(path.join(primaryDir, 'pg_hba.conf'), '\nhost replication all 127.0.0.1/32 trust\n');
  const primaryPort = await startOnFreePort('the PostgreSQL primary', primaryDir, path.join(dir, 'primary.log'), candidates);

  const replicaPorts: number[] = [];
  for (let i = 0; i < (options.replicas ?? 1); i++) {
    const replicaDir = path.join(dir, `replica${i + 1}`);
    run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream'], { quiet: true });
    fs.appendFileSync(path.join(replicaDir, 'postgresql.conf'), '\n');
    replicaPorts.push(await startOnFreePort(`PostgreSQL replica ${i + 1}`, replicaDir, path.join(dir, `replica${i + 1}.log`), candidates));
  }
  fs.writeFileSync(path.join(dir, 'cluster.json'), JSON.stringify({ primaryPort, replicaPorts }));
  return describe(dir, primaryPort, replicaPorts);
}

/**
 * A primary kept in `dir` between runs (a bench's data, loaded once): started unless it is running, and made with an
 * empty `database` the first time. `started`: this call started it (only such a server is the caller's to stop).
 */
export async function keptLocalDatabase(dir: string, database: string): Promise<{ cluster: LocalCluster; url: string; started: boolean }> {
  const kept = readLocalCluster(dir);
  if (kept) {
    const running = fs.existsSync(path.join(dir, 'primary', 'postmaster.pid'));
    if (!running) startServer(kept, 'primary');
    return { cluster: kept, url: kept.primaryUrl(database), started: !running };
  }
  const cluster = await startLocalCluster({ dir, replicas: 0 });
  psql(cluster.primaryPort, `CREATE DATABASE ${database}`);
  return { cluster, url: cluster.primaryUrl(database), started: true };
}

/** The cluster a `startLocalCluster` left in `dir`, or null. */
export function readLocalCluster(dir: string): LocalCluster | null {
  const file = path.join(dir, 'cluster.json');
  if (!fs.existsSync(file)) return null;
  const { primaryPort, replicaPorts } = JSON.parse(fs.readFileSync(file, 'utf8')) as { primaryPort: number; replicaPorts: number[] };
  return describe(dir, primaryPort, replicaPorts);
}

function serverDirs(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((d) => /^(primary|replica\d+)$/.test(d)).map((d) => path.join(dir, d));
}

/** Stops one server of the cluster (`primary`, `replica1`, ...): `immediate` is a crash, as SIGKILL would be. */
export function stopServer(cluster: LocalCluster, name: string, mode: 'fast' | 'immediate' = 'fast'): void {
  run('pg_ctl', ['-D', path.join(cluster.dir, name), '-m', mode, '-w', 'stop'], { quiet: true });
}

export function startServer(cluster: LocalCluster, name: string): void {
  run('pg_ctl', ['-D', path.join(cluster.dir, name), '-l', path.join(cluster.dir, `${name}.log`), '-w', '-t', '60', 'start'], { quiet: true });
}

/** Stops every server in `dir` and removes it. */
export function stopLocalCluster(dir: string): void {
  for (const d of serverDirs(dir).reverse()) {
    if (fs.existsSync(path.join(d, 'postmaster.pid'))) {
      try {
        run('pg_ctl', ['-D', d, '-m', 'immediate', '-w', 'stop'], { quiet: true });
      } catch {
        // Already stopped.
      }
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Kills one server and all its processes with SIGKILL, as a machine losing power would (it recovers on start). */
export function crashServer(cluster: LocalCluster, name: string): void {
  const pidFile = path.join(cluster.dir, name, 'postmaster.pid');
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  spawnSync('pkill', ['-KILL', '-P', String(pid)]);
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    spawnSync('sleep', ['0.05']);
  }
}

/** Runs SQL on one server as the superuser (pausing replay on a replica, for instance). */
export function psql(port: number, sql: string, database = 'postgres'): string {
  const r = spawnSync(path.join(PG_BIN, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-Atc', sql], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`psql failed: ${r.stderr}`);
  return r.stdout.trim();
}
