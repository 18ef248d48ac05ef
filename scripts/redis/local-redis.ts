import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { freePort } from '../hardening/support/server-process';

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

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** A throwaway Redis on a loopback port (a free one unless given), in memory only, a child of this process. */
export async function startLocalRedis(port?: number): Promise<LocalRedis> {
  const missing = missingRedis();
  if (missing) throw new Error(missing);
  const p = port ?? (await freePort());
  const child = spawn(REDIS_SERVER, ['--port', String(p), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await answersPing(p))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start on port ${p}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port: p,
    url: `redis://127.0.0.1:${p}`,
    process: child,
    async stop(kill = false) {
      if (child.exitCode === null && child.signalCode === null) child.kill(kill ? 'SIGKILL' : 'SIGTERM');
      await exited;
    },
  };
}
