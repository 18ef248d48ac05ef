import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PortTakenError, startOnSomePort } from '../support/ports';

export const REDIS_SERVER = '/usr/bin/redis-server';
export const REDIS_INSTALL_COMMAND = 'apt-get install -y redis-server';

export function missingRedis(): string | null {
  return fs.existsSync(REDIS_SERVER) ? null : `Redis is not installed (${REDIS_SERVER}): ${REDIS_INSTALL_COMMAND}`;
}

export interface LocalRedis {
  port: number;
  url: string;
  process: ChildProcess;
  /** Stops it (SIGKILL when `kill`: a crash, not a shutdown) and waits for the process to end. */
  stop(kill?: boolean): Promise<void>;
}

/** What Redis's own log says of its start: it listens, or its port was taken. Asked of the log, not the port: a ping could reach another program's Redis there. */
export function redisStartOutcome(log: string): 'ready' | 'port taken' | null {
  if (/Ready to accept connections/.test(log)) return 'ready';
  if (/Address already in use/.test(log)) return 'port taken';
  return null;
}

const REDIS_ARGS = (port: number) => ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'notice'];

/** One start of a child redis-server on `port`: resolves once it says it is ready; a PortTakenError when the port was taken. */
function startRedisOn(port: number): Promise<LocalRedis> {
  const child = spawn(REDIS_SERVER, REDIS_ARGS(port), { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const redis: LocalRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    process: child,
    async stop(kill = false) {
      if (child.exitCode === null && child.signalCode === null) child.kill(kill ? 'SIGKILL' : 'SIGTERM');
      await exited;
    },
  };
  return new Promise((resolve, reject) => {
    let output = '';
    let settled = false;
    const settle = (err?: Error) => {
      settled = true;
      clearTimeout(timer);
      if (!err) return resolve(redis);
      child.kill('SIGKILL');
      void exited.then(() => reject(err));
    };
    const timer = setTimeout(() => settle(new Error(`redis-server did not start on port ${port} within 10 s: ${output.slice(-500)}`)), 10_000);
    const read = (chunk: Buffer) => {
      // Once it started, its log is only drained: a pipe nobody reads would block the server.
      if (settled) return;
      output += chunk.toString();
      const outcome = redisStartOutcome(output);
      if (outcome === 'ready') settle();
      else if (outcome === 'port taken') settle(new PortTakenError(port));
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    // 'close', not 'exit': it comes after the last of its output, which may say the port was taken.
    child.once('close', (code) => {
      if (!settled) settle(new Error(`redis-server exited (${code}) before it listened: ${output.slice(-500)}`));
    });
  });
}

/**
 * A throwaway Redis on a loopback port, in memory only, a child of this process: on `port` when given (a restart
 * where clients expect it), else on a port below the ephemeral range, tried again on another when taken; `ports`
 * gives the candidates (a test's, to make the first one taken).
 */
export async function startLocalRedis(port?: number, options: { ports?: Iterable<number> } = {}): Promise<LocalRedis> {
  const missing = missingRedis();
  if (missing) throw new Error(missing);
  if (port !== undefined) return startRedisOn(port);
  return startOnSomePort('Redis', startRedisOn, { ports: options.ports });
}

/**
 * A Redis that outlives this process (`--daemonize`), logging to `dir`/redis.log, for `npm run cluster`: on a port
 * below the ephemeral range, tried again on another when its log says the port was taken; `ports` gives the
 * candidates (a test's). Resolves its URL.
 */
export function startRedisDaemon(dir: string, options: { ports?: Iterable<number> } = {}): Promise<string> {
  const missing = missingRedis();
  if (missing) throw new Error(missing);
  const logFile = path.join(dir, 'redis.log');
  return startOnSomePort('Redis', async (port) => {
    fs.rmSync(logFile, { force: true });
    const args = [...REDIS_ARGS(port), '--daemonize', 'yes', '--pidfile', path.join(dir, 'redis.pid'), '--logfile', logFile, '--dir', dir];
    if (spawnSync(REDIS_SERVER, args, { stdio: 'inherit' }).status !== 0) throw new Error('redis-server did not start');
    const deadline = Date.now() + 10_000;
    for (;;) {
      const outcome = redisStartOutcome(fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '');
      if (outcome === 'ready') return `redis://127.0.0.1:${port}`;
      if (outcome === 'port taken') throw new PortTakenError(port);
      if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${port} within 10 s (see ${logFile})`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, { ports: options.ports });
}
