import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_FILES } from '@/lib/app/sqlite-files';
import { openSqliteEndedSessions } from '@/lib/auth/session-records/sqlite/ended-sessions';
import { openSqliteIdTokenHints } from '@/lib/auth/session-records/sqlite/id-token-hints';
import { SqliteIdentityDirectory } from '@/lib/identity/directory/sqlite/directory';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import { SqliteTripStore } from '@/lib/trips/store/sqlite/store';
import { runProgram } from '../support/run-program';

// The SQLite files of a data directory made by release 33f769b (27 November 2026, before numbered migrations) with
// 100 generated places, the demo accounts and clients, one trip and one ended session; its secrets are left out.
const FIXTURE = path.join(__dirname, '../fixtures/data-dir-33f769b.tar.gz');

let dir: string;
let made: typeof SQLITE_FILES;
const file = (name: string) => path.join(dir, name);
const versionOf = (name: string) => {
  const db = new Database(file(name), { readonly: true });
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
};

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'old-data-dir-'));
  execFileSync('tar', ['-xzf', FIXTURE, '-C', dir]);
  made = SQLITE_FILES.filter(({ file: name }) => fs.existsSync(file(name)));
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a data directory made before numbered migrations', () => {
  it('is at version 0 in every file', () => {
    expect(made.map((f) => f.file).sort()).toEqual(['explorer-sessions.sqlite', 'identity.sqlite', 'places-clients.sqlite', 'places.sqlite', 'trips.sqlite']);
    for (const { file: name } of made) expect(versionOf(name)).toBe(0);
  });

  it('opens with the new code, every file migrated to its latest version, and keeps what it held', async () => {
    const places = SqlitePlaceStore.open(file('places.sqlite'));
    expect(await places.count()).toBe(100);
    expect((await places.tags()).length).toBeGreaterThan(0);
    await places.close();

    const directory = SqliteIdentityDirectory.open(file('identity.sqlite'));
    expect((await directory.accounts.listUsers()).length).toBeGreaterThan(0);
    await directory.close();

    const trips = SqliteTripStore.open(file('trips.sqlite'));
    expect((await trips.get('trip-fixture'))?.name).toBe('Fixture trip');
    await trips.close();

    const ended = openSqliteEndedSessions(file('explorer-sessions.sqlite'));
    const hints = openSqliteIdTokenHints(file('explorer-sessions.sqlite'));
    expect(await ended.isEnded({ sid: 'sid-fixture' })).toBe(true);
    await Promise.all([ended.close(), hints.close()]);

    for (const { file: name, schema } of made.filter((f) => f.file !== 'places-clients.sqlite')) {
      expect(versionOf(name), name).toBe(schema.migrations.length);
    }
  });

  it('is migrated by npm run db:migrate, clients file included, and a second run finds nothing to do', { timeout: 180_000 }, async () => {
    const run = async () => {
      const result = await runProgram(path.resolve('node_modules/.bin/tsx'), ['scripts/db/migrate.ts'], { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' } });
      if (result.status !== 0) throw new Error(`db:migrate failed (${result.status}): ${result.stderr}`);
      return result.stdout;
    };
    const first = await run();
    expect(first).toContain(`SQLite ${file('places-clients.sqlite')}: ran 0001_api_clients, 0002_previous_secret_key (latest 2)`);
    for (const { file: name, schema } of SQLITE_FILES) expect(versionOf(name), name).toBe(schema.migrations.length);
    const clients = new Database(file('places-clients.sqlite'), { readonly: true });
    expect((clients.prepare('SELECT count(*) AS n FROM api_clients').get() as { n: number }).n).toBeGreaterThan(0);
    clients.close();
    expect((await run()).match(/up to date/g)).toHaveLength(SQLITE_FILES.length);
  });
});
