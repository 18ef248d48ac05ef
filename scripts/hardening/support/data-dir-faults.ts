import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { announcedPort, NODE_WITH_TSX, ROOT } from './server-process';

export interface FaultResult {
  name: string;
  ok: boolean;
  exitCode: number | null;
  lines: string[];
}

// Printed by oidc-provider on import under Node 20, whatever the data directory; not part of the verdict.
const RUNTIME_WARNING = /Unsupported runtime|^oidc-provider WARNING/;

/** Runs server.ts on `dataDir` and waits for it to exit; a server that comes up instead is stopped (and fails the case). */
async function startExpectingExit(dataDir: string, timeoutMs = 90_000): Promise<{ exitCode: number | null; lines: string[] }> {
  const child = spawn(NODE_WITH_TSX[0], [...NODE_WITH_TSX.slice(1), 'server.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', DEMO: 'true', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, PLACES_SEED_COUNT: '300', NEXT_TELEMETRY_DISABLED: '1' },
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => {
    output += c;
    // The server announces its port once it answers: it came up.
    if (output.split('\n').some((line) => announcedPort(line) !== null)) {
      output += 'server started and announced its port\n';
      child.kill('SIGKILL');
    }
  });
  child.stderr.on('data', (c: Buffer) => (output += c));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  clearTimeout(timer);
  const lines = output.split('\n').map((l) => l.trim()).filter((l) => l && !RUNTIME_WARNING.test(l));
  return { exitCode, lines };
}

function readOnly(dir: string, on: boolean) {
  // chmod does not stop root; the immutable attribute does.
  if (process.getuid?.() === 0) spawnSync('chattr', [on ? '+i' : '-i', dir]);
  else fs.chmodSync(dir, on ? 0o555 : 0o755);
}

/**
 * The bad data directories: each case must end the start-up with a non-zero exit and exactly one line that names
 * the directory or file at fault. `seeded` is a data directory the server has already initialised (it is copied, not changed).
 */
export async function dataDirFaults(base: string, seeded: string): Promise<FaultResult[]> {
  fs.rmSync(base, { recursive: true, force: true });
  fs.mkdirSync(base, { recursive: true });
  // `mentions`: what the line must name for a person to know what to fix.
  const cases: { name: string; mentions: string; prepare(): string; cleanup?(dir: string): void }[] = [
    { name: 'missing parent directory', mentions: 'no-such-parent', prepare: () => path.join(base, 'no-such-parent', 'nested', 'data') },
    {
      name: 'data directory is a file',
      mentions: 'a-file',
      prepare: () => {
        const file = path.join(base, 'a-file');
        fs.writeFileSync(file, 'not a directory');
        return file;
      },
    },
    {
      name: 'read-only data directory (initialised)',
      mentions: 'read-only',
      prepare: () => {
        const dir = path.join(base, 'read-only');
        fs.cpSync(seeded, dir, { recursive: true });
        readOnly(dir, true);
        return dir;
      },
      cleanup: (dir) => readOnly(dir, false),
    },
    ...['identity.sqlite', 'places.sqlite'].map((file) => ({
      name: `garbage in ${file}`,
      mentions: file,
      prepare: () => {
        const dir = path.join(base, `corrupt-${file}`);
        fs.cpSync(seeded, dir, { recursive: true });
        for (const suffix of ['-wal', '-shm']) fs.rmSync(path.join(dir, file + suffix), { force: true });
        fs.writeFileSync(path.join(dir, file), crypto.randomBytes(64 * 1024));
        return dir;
      },
    })),
    {
      name: 'truncated places.sqlite',
      mentions: 'places.sqlite',
      prepare: () => {
        const dir = path.join(base, 'truncated-places');
        fs.cpSync(seeded, dir, { recursive: true });
        const file = path.join(dir, 'places.sqlite');
        for (const suffix of ['-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
        fs.truncateSync(file, Math.floor(fs.statSync(file).size / 3));
        return dir;
      },
    },
  ];
  const results: FaultResult[] = [];
  for (const c of cases) {
    const dir = c.prepare();
    try {
      const { exitCode, lines } = await startExpectingExit(dir);
      results.push({ name: c.name, ok: exitCode !== null && exitCode !== 0 && lines.length === 1 && lines[0].includes(c.mentions), exitCode, lines });
    } finally {
      c.cleanup?.(dir);
    }
  }
  return results;
}
