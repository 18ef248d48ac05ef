// `npm run places:import` as an operator runs it: an OpenStreetMap extract (counts at the end), a bad extract refused in
// one line with nothing changed, and NDJSON Place records, streamed from the file, as before.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGenerator } from '@/lib/places/dataset/generator';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import { NODE_WITH_TSX, ROOT } from '@/scripts/hardening/support/server-process';
import { extractBefore, writeExtract } from './support/osm-fixtures';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function importCli(file: string, db: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(NODE_WITH_TSX[0], [...NODE_WITH_TSX.slice(1), 'scripts/places/import.ts', file, '--db', db], { cwd: ROOT, timeout: 120_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

const count = (db: string) => {
  const store = SqlitePlaceStore.open(db);
  try {
    return store.db.prepare('SELECT count(*) FROM places').pluck().get() as number;
  } finally {
    store.close();
  }
};

describe('npm run places:import', () => {
  const db = path.join(dir, 'places.sqlite');

  it('imports an extract and prints what it did, skipped objects and hours by reason', async () => {
    const out = await importCli(writeExtract(dir, 'moab.opl', extractBefore()), db);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^places: 20 added, 0 changed, 0 unchanged, 0 redrawn \(ids kept\), 0 merged, 0 removed$/m);
    expect(out.stdout).toMatch(/^skipped objects: 2 not a kind of place the product shows, 1 no name, 1 too far from any known town$/m);
    expect(out.stdout).toMatch(/^opening_hours: 4 read, \d+ absent, 2 left empty \(1 unreadable, 1 ambiguous\)$/m);
    expect(count(db)).toBe(20);
  });

  it('refuses a truncated extract in one line and changes nothing', async () => {
    const whole = fs.readFileSync(writeExtract(dir, 'moab.osm.pbf', extractBefore()));
    const truncated = path.join(dir, 'cut.osm.pbf');
    fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const out = await importCli(truncated, db);
    expect(out.code).toBe(1);
    expect(out.stderr.trim().split('\n')).toHaveLength(1);
    expect(out.stderr).toMatch(/^nothing imported: osmium could not read cut\.osm\.pbf: /);
    expect(count(db)).toBe(20);
  });

  it('still imports NDJSON Place records, and reports a bad line by number', async () => {
    const gen = createGenerator({ seed: 3, baseUrl: 'http://localhost:1', today: '2026-11-29' });
    const ndjson = path.join(dir, 'places.ndjson');
    fs.writeFileSync(ndjson, `${[0, 1, 2].map((i) => JSON.stringify(gen.place(i))).join('\n')}\n`);
    const ndjsonDb = path.join(dir, 'ndjson.sqlite');
    expect((await importCli(ndjson, ndjsonDb)).stdout).toMatch(/^imported 3 places into SQLite/m);
    fs.appendFileSync(ndjson, '{"id": "x"}\n');
    const bad = await importCli(ndjson, ndjsonDb);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^line 4: /m);
  });
});
