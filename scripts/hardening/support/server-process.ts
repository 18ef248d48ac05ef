import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..', '..');
/**
 * Node with tsx's loader, in one process: the tsx command would run the server in a child process of its own,
 * and a SIGKILL would then reach the wrapper and leave the real server running.
 */
export const NODE_WITH_TSX = [process.execPath, '--import', 'tsx'] as const;

/** The port a server announced in its "listening" line (lib/app/app-server.ts logListening), or null for any other line. */
export function announcedPort(line: string): number | null {
  if (!line.startsWith('{')) return null;
  try {
    const entry = JSON.parse(line) as { msg?: unknown; port?: unknown };
    return entry.msg === 'listening' && Number.isInteger(entry.port) ? (entry.port as number) : null;
  } catch {
    return null;
  }
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** Everything the server wrote to stderr (and stdout when not inherited), for error reports. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface StartOptions {
  dataDir: string;
  /** A port to bind; by default the server binds port 0 and announces the port the kernel gave it. */
  port?: number;
  /** The file to run with tsx: server.ts (with Next) or the API-only entry. */
  entry?: string;
  env?: Record<string, string>;
  /** Milliseconds to wait for the server to announce it listens; the first start seeds the places and takes longest. */
  readyTimeoutMs?: number;
  /** Called with every complete line the server writes to stdout. */
  onLine?: (line: string) => void;
}

/**
 * Starts the server as a child process on loopback and waits until it announces the port it listens on (its
 * "listening" line, written once it answers) and /healthz answers 200 there. The server binds the port itself: a
 * port chosen here and bound there later could be taken in between by anything else on the machine.
 */
export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const child = spawn(NODE_WITH_TSX[0], [...NODE_WITH_TSX.slice(1), options.entry ?? 'server.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(options.port ?? 0),
      HOST: '127.0.0.1',
      // Derived from the bound port unless the caller names one (a balancer in front, for instance).
      PUBLIC_URL: '',
      DATA_DIR: options.dataDir,
      LOG_REQUESTS: 'false',
      // What these servers are started for routes no trip; the demo roads would add seconds to each start.
      ROADS_DEMO: 'false',
      ...options.env,
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  let port: number | null = null;
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    keep(chunk);
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      port ??= announcedPort(line);
      options.onLine?.(line);
    }
  });
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };

  const timeoutMs = options.readyTimeoutMs ?? 180_000;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early (${child.exitCode ?? child.signalCode}):\n${output}`);
    if (port !== null) {
      const url = `http://127.0.0.1:${port}`;
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) }).catch(() => null);
      if (res?.status === 200) return { child, url, port, output: () => output, stop };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop('SIGKILL');
  throw new Error(`server not ready within ${timeoutMs} ms:\n${output}`);
}

/** The resident set size of a process in MiB. */
/** Resident memory split into anonymous (heaps, caches) and file-backed (mapped files: SQLite's mmap, code). */
export function memoryMiB(pid: number): { rss: number; anon: number; file: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => {
    const m = new RegExp(`${name}:\\s+(\\d+)\\s+kB`).exec(status);
    return m ? Math.round((Number(m[1]) / 1024) * 10) / 10 : 0;
  };
  return { rss: field('VmRSS'), anon: field('RssAnon'), file: field('RssFile') + field('RssShmem') };
}
