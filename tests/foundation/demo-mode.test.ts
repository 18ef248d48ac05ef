import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '@/lib/config/env';
import { commandLineFlags } from '@/lib/config/flags';
import { NODE_WITH_TSX } from '@/scripts/hardening/support/server-process';
import { runProgram } from '../support/run-program';
import { startApiServer, tempDataDir } from '../support/test-server';

/** `tsx server.ts --demo` (what `npm start` runs) with this environment, until it exits; its output. */
async function serverWithDemoFlag(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const [node, ...flags] = NODE_WITH_TSX;
  const result = await runProgram(node, [...flags, 'server.ts', '--demo'], {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', DATA_DIR: tempDataDir('demo-flag'), PLACES_SEED_COUNT: '100', ...env },
    timeout: 60_000,
  });
  return { code: result.status, output: result.stdout + result.stderr };
}

// Finding 4 of issue 17: scripts/start.mjs always passed --demo, which overrode DEMO=false; and the first start
// printed every demo password and API secret to standard output.
describe('npm start is always the demo', () => {
  afterEach(() => vi.restoreAllMocks());

  it('--demo is the default only: an explicit DEMO wins, DEMO=false included', () => {
    const production = { NODE_ENV: 'production' };
    expect(loadConfig(production, commandLineFlags(['server.ts', '--demo'], production)).demo).toBe(true);
    const notDemo = { ...production, DEMO: 'false' };
    expect(loadConfig(notDemo, commandLineFlags(['server.ts', '--demo'], notDemo)).demo).toBe(false);
    const demo = { ...production, DEMO: 'true' };
    expect(loadConfig(demo, commandLineFlags(['server.ts'], demo)).demo).toBe(true);
    expect(commandLineFlags(['server.ts', '--dev'], {})).toEqual({ dev: true, demo: undefined });
  });

  it('with DEMO=false, the real entry refuses generated secrets instead of serving a demo', async () => {
    const { code, output } = await serverWithDemoFlag({ DEMO: 'false' });
    expect(code).toBe(1);
    expect(output).toMatch(/refusing to start in production with generated demo secrets/);
  });

  it('prints where the demo credentials are, never the secrets themselves', async () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const app = await startApiServer({ demo: true }, { announce: true });
    try {
      vi.restoreAllMocks();
      const file = app.context.dataDir.file('demo-credentials.json');
      const output = written.join('');
      expect(output).toContain(file);
      expect(output).toContain('traveler');
      const secrets: string[] = [];
      JSON.parse(fs.readFileSync(file, 'utf8'), (key, value) => {
        if (key === 'password' || key === 'secret_key' || key === 'client_secret') secrets.push(value);
        return value;
      });
      expect(secrets.length).toBeGreaterThan(5);
      for (const secret of secrets) expect(output).not.toContain(secret);
    } finally {
      await app.close();
    }
    // A demo server starts in this test: a start's budget is the hooks' (vitest.config.ts), not a test's.
  }, 180_000);
});
