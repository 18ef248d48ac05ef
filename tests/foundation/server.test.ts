import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runServerScript } from '../support/run-program';
import { startApiServer, tempDataDir } from '../support/test-server';

describe('the custom server', () => {
  it('creates the data directory on first start and reuses it on the next', async () => {
    const dataDir = path.join(tempDataDir('reuse'), 'data');
    const first = await startApiServer({ dataDir });
    try {
      expect(first.context.dataDir.firstStart).toBe(true);
      const health = await fetch(`${first.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', checks: { identity: true, 'identity.directory': true, 'identity.provider': true } });
    } finally {
      await first.close();
    }
    const secrets = fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8');
    // Every store and secret of the data directory is the owner's alone.
    const open = fs.readdirSync(dataDir).filter((name) => /\.(sqlite|json)$/.test(name) && (fs.statSync(path.join(dataDir, name)).mode & 0o077) !== 0);
    expect(open).toEqual([]);

    const second = await startApiServer({ dataDir });
    try {
      expect(second.context.dataDir.firstStart).toBe(false);
      expect(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).toBe(secrets);
    } finally {
      await second.close();
    }
    // Two servers start in this test: a start's budget is the hooks' (vitest.config.ts), not a test's.
  }, 2 * 180_000);

  it('answers 503 from /healthz when a store is not ready', async () => {
    const app = await startApiServer();
    try {
      app.subsystems[0].ready = () => false;
      const res = await fetch(`${app.url}/healthz`);
      expect(res.status).toBe(503);
      expect((await res.json()).status).toBe('unavailable');
    } finally {
      await app.close();
    }
  });

  it('refuses production with generated secrets unless it is a demo', async () => {
    await expect(startApiServer({ mode: 'production', demo: false })).rejects.toThrow(/refusing to start in production/);
    const app = await startApiServer({ mode: 'production', demo: true });
    await app.close();
  });
});

// Each test runs server.ts to its end: as long as a start-up takes on a loaded machine.
describe('server.ts start-up', { timeout: 180_000 }, () => {
  const run = runServerScript;

  it('exits non-zero with one clear line on a malformed variable', async () => {
    const result = await run({ PORT: 'eighty' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^error: invalid environment: PORT/);
  });

  it('exits non-zero with one clear line when the data directory\'s parent is missing', async () => {
    const missing = path.join(tempDataDir('parent'), 'no-such-volume', 'data');
    const result = await run({ DATA_DIR: missing, NODE_ENV: 'test' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^error: DATA_DIR .* cannot be created: its parent .* does not exist$/);
    expect(fs.existsSync(missing)).toBe(false);
  });

  it('exits non-zero with one line naming a corrupt store', async () => {
    const dir = tempDataDir('corrupt');
    fs.writeFileSync(path.join(dir, 'places.sqlite'), 'this is not a database, just text that got here somehow');
    const result = await run({ DATA_DIR: dir, NODE_ENV: 'test', DEMO: 'true' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n').filter((l) => l.startsWith('error:'))).toEqual([
      expect.stringMatching(/^error: .*places\.sqlite is not a usable SQLite database/),
    ]);
  });

  it('exits non-zero with one line naming IDENTITY_CLIENT_SECRET when the Explorer has no client secret', async () => {
    // An instance beside a demo another one seeded: the directory has the accounts and the Explorer's client, and this
    // DATA_DIR's demo-credentials.json records no secret for it. Started anyway, it would answer every sign-in with a 500.
    const dataDir = path.join(tempDataDir('no-client-secret'), 'data');
    const seeding = await startApiServer({ dataDir });
    await seeding.close();
    fs.rmSync(path.join(dataDir, 'demo-credentials.json'));
    const result = await run({ DATA_DIR: dataDir, NODE_ENV: 'test', DEMO: 'true', PLACES_SEED_COUNT: '2000', PORT: '0', IDENTITY_CLIENT_SECRET: '' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n').filter((l) => l.startsWith('error:'))).toEqual([expect.stringMatching(/^error: IDENTITY_CLIENT_SECRET is required: .*demo-credentials\.json records no demo secret for the Explorer's client "explorer"/)]);
  });

  it('exits non-zero with one clear line when the data directory is not a directory', async () => {
    const file = path.join(tempDataDir('file'), 'not-a-dir');
    fs.writeFileSync(file, 'x');
    const result = await run({ DATA_DIR: file, NODE_ENV: 'test' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^error: DATA_DIR .* is not a directory$/);
  });
});
