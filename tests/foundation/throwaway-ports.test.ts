// Issue 48: PostgreSQL and Redis cannot bind port 0 and say which port they got: they take a port below the
// ephemeral range and start again on another when it is taken (scripts/support/ports.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { psql, startLocalCluster, stopLocalCluster } from '@/scripts/db/local-postgres';
import { startLocalRedis, startRedisDaemon, type LocalRedis } from '@/scripts/redis/local-redis';
import { ephemeralRange, PortTakenError, randomPorts, startOnSomePort, throwawayRange } from '@/scripts/support/ports';

describe('startOnSomePort', () => {
  it('tries the next port when one is taken, and resolves what the start gave', async () => {
    const tried: number[] = [];
    const result = await startOnSomePort('a server', (port) => {
      tried.push(port);
      if (port === 20001) throw new PortTakenError(port);
      if (port === 20002) throw Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
      return `on ${port}`;
    }, { ports: [20001, 20002, 20003, 20004] });
    expect(result).toBe('on 20003');
    expect(tried).toEqual([20001, 20002, 20003]);
  });

  it('stops at once on any other error', async () => {
    const tried: number[] = [];
    const failing = startOnSomePort('a server', (port) => {
      tried.push(port);
      throw new Error('initdb failed');
    }, { ports: [20001, 20002] });
    await expect(failing).rejects.toThrow('initdb failed');
    expect(tried).toEqual([20001]);
  });

  it('gives up after its tries with one line naming every port it tried', async () => {
    const all = startOnSomePort('Redis', (port) => {
      throw new PortTakenError(port);
    }, { ports: [20001, 20002, 20003, 20004], tries: 3 });
    await expect(all).rejects.toThrow('could not start Redis: ports 20001, 20002, 20003 were all taken by other programs');
  });
});

describe('the throwaway range', () => {
  it('reads the kernel\'s ephemeral range and stays below it', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'trip-explorer-ports-')), 'range');
    fs.writeFileSync(file, '32768\t60999\n');
    expect(ephemeralRange(file)).toEqual([32768, 60999]);
    expect(ephemeralRange(path.join(path.dirname(file), 'missing'))).toEqual([32768, 60999]);
    expect(throwawayRange([32768, 60999])).toEqual([20000, 32767]);
    expect(throwawayRange([10000, 65000])).toEqual([65001, 65535]);
    fs.rmSync(path.dirname(file), { recursive: true });
  });

  it('yields distinct random ports inside it', () => {
    const [low, high] = throwawayRange();
    const [ephemeralLow, ephemeralHigh] = ephemeralRange();
    const ports = [...randomPorts(200)];
    expect(new Set(ports).size).toBe(200);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(low);
      expect(port).toBeLessThanOrEqual(high);
      expect(port < ephemeralLow || port > ephemeralHigh).toBe(true);
    }
    expect([...randomPorts(5, [30000, 30002])].sort()).toEqual([30000, 30001, 30002]);
  });
});

/** Another process holding a loopback port from the throwaway range, as another program on the machine would. */
async function holdPortInAnotherProcess(): Promise<{ port: number; child: ChildProcess }> {
  for (const port of randomPorts(20)) {
    const child = spawn(process.execPath, ['-e', `require('net').createServer().listen(${port}, '127.0.0.1', () => console.log('held')).on('error', () => process.exit(3))`], { stdio: ['ignore', 'pipe', 'ignore'] });
    const held = await new Promise<boolean>((resolve) => {
      child.stdout!.once('data', () => resolve(true));
      child.once('exit', () => resolve(false));
    });
    if (held) return { port, child };
  }
  throw new Error('no port to hold');
}

function answersPing(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().trim());
    });
    socket.once('error', reject);
  });
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function stopDaemon(pid: number) {
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  process.kill(pid, 'SIGKILL');
}

describe('with their first port held by another process', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('Redis still starts, on the next port', async () => {
    const holder = await holdPortInAnotherProcess();
    cleanups.push(() => void holder.child.kill('SIGKILL'));
    const redis: LocalRedis = await startLocalRedis(undefined, { ports: [holder.port, ...randomPorts(10)] });
    cleanups.push(() => redis.stop());
    expect(redis.port).not.toBe(holder.port);
    expect(await answersPing(redis.port)).toBe('+PONG');
  });

  it('Redis on a port given explicitly tries that one only', async () => {
    const holder = await holdPortInAnotherProcess();
    cleanups.push(() => void holder.child.kill('SIGKILL'));
    await expect(startLocalRedis(holder.port)).rejects.toEqual(new PortTakenError(holder.port));
  });

  it('a daemonized Redis (npm run cluster) still starts, on the next port', async () => {
    const holder = await holdPortInAnotherProcess();
    cleanups.push(() => void holder.child.kill('SIGKILL'));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trip-explorer-redis-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const url = await startRedisDaemon(dir, { ports: [holder.port, ...randomPorts(10)] });
    cleanups.push(() => stopDaemon(Number(fs.readFileSync(path.join(dir, 'redis.pid'), 'utf8'))));
    const port = Number(new URL(url).port);
    expect(port).not.toBe(holder.port);
    expect(await answersPing(port)).toBe('+PONG');
  });

  it('a PostgreSQL primary and its replica still start, each on a free port', async () => {
    const holder = await holdPortInAnotherProcess();
    cleanups.push(() => void holder.child.kill('SIGKILL'));
    const second = await holdPortInAnotherProcess();
    cleanups.push(() => void second.child.kill('SIGKILL'));
    const free = [...randomPorts(10)].filter((p) => p !== holder.port && p !== second.port);
    // The primary's first choice is taken, then the replica's; a generator, as randomPorts is, serves both servers.
    const candidates = (function* () {
      yield* [holder.port, free[0], second.port, ...free.slice(1)];
    })();
    const cluster = await startLocalCluster({ replicas: 1, ports: candidates });
    cleanups.push(() => stopLocalCluster(cluster.dir));
    expect(cluster.primaryPort).toBe(free[0]);
    expect(cluster.replicaPorts).toEqual([free[1]]);
    expect(psql(cluster.primaryPort, 'SELECT 1')).toBe('1');
    expect(psql(cluster.replicaPorts[0], 'SELECT pg_is_in_recovery()')).toBe('t');
  }, 120_000);

  it('a cluster whose replica finds no free port says which were taken, and stops its primary', async () => {
    const holder = await holdPortInAnotherProcess();
    cleanups.push(() => void holder.child.kill('SIGKILL'));
    const [free] = [...randomPorts(10)].filter((p) => p !== holder.port);
    await expect(startLocalCluster({ replicas: 1, ports: [free, holder.port] })).rejects.toThrow(
      `could not start PostgreSQL replica 1: port ${holder.port} was taken by other programs`,
    );
    expect(await listening(free)).toBe(false);
  }, 120_000);
});
