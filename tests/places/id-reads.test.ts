// Issue 17, finding 1 (expensive queries on the one thread): the id reads behind SQLite's searches by locations and
// by a common text prefix run on the server's one thread, so they stop at the search deadline, and what they read
// is kept for the next search instead of being lost.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGenerator } from '@/lib/places/dataset/generator';
import { ApiError } from '@/lib/places/errors';
import { Deadline } from '@/lib/places/store/deadline';
import { pagedIds, ResumableIdReads } from '@/lib/places/store/sqlite/id-reads';
import { type Db, openPlacesDb } from '@/lib/places/store/sqlite/schema';
import { LocatedSearch } from '@/lib/places/store/sqlite/located';
import { ID } from '@/lib/places/store/sqlite/rows';
import { SqliteSearch } from '@/lib/places/store/sqlite/search';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import { nameExpression } from '@/lib/places/store/sqlite/text-query';
import type { SearchQuery } from '@/lib/places/store/types';
import { workClock } from '../support/work-clock';

const TODAY = '2026-01-15';
let dir: string;
let store: SqlitePlaceStore;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'id-reads-'));
  store = SqlitePlaceStore.open(path.join(dir, 'places.sqlite'));
  const gen = createGenerator({ seed: 17, baseUrl: 'http://localhost:1', today: TODAY });
  await store.writePlaces(Array.from({ length: 6000 }, (_, i) => gen.place(i)), { today: TODAY, replace: false });
});

afterAll(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A deadline already past: every clock check throws the 503 (the work clock moves at every reading). */
const past = () => new Deadline(0, workClock());

/** Reads `key` under a past deadline until it answers; the number of 503s on the way and the ids. */
function readThroughRefusals(reads: ResumableIdReads, key: string, batches: Parameters<ResumableIdReads['read']>[1]) {
  let refusals = 0;
  for (;;) {
    try {
      return { refusals, ids: reads.read(key, batches, past()) };
    } catch (err) {
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).status).toBe(503);
      refusals++;
      if (refusals > 1000) throw new Error('the read never finished');
    }
  }
}

describe('finding 1, expensive queries on the one thread: id reads under the deadline', () => {
  it('stop a location’s read at the deadline with a 503 after one batch, and the next searches go on where it stopped', () => {
    const located = new LocatedSearch(store.db);
    const all = store.db.prepare("SELECT id FROM places WHERE country = 'US' ORDER BY id").pluck().all() as number[];
    expect(all.length).toBeGreaterThan(1000);
    const reads = new ResumableIdReads();
    const { refusals, ids } = readThroughRefusals(reads, 'c:US', located.idBatches('c:US', 100));
    // One batch per search: each search but the last read 100 ids and was refused.
    expect(refusals).toBe(Math.ceil(all.length / 100));
    expect(ids).toEqual(all);
    expect(reads.pending).toBe(0);
    // A deadline far off reads all in one search.
    expect(new ResumableIdReads().read('c:US', located.idBatches('c:US', 100), new Deadline(60_000))).toEqual(all);
  });

  it('rebuild the text index of a store made before the one-letter prefix index, with the same matches', () => {
    const file = path.join(dir, 'older.sqlite');
    fs.copyFileSync(path.join(dir, 'places.sqlite'), file);
    const before = (db: Db) => Object.fromEntries(['s', 'la', 'lake', 'a b'].map((w) => [w, db.prepare('SELECT rowid FROM places_fts WHERE places_fts MATCH ? ORDER BY rowid').pluck().all(nameExpression(w))]));
    const older = openPlacesDb(file);
    const expected = before(older);
    // The text index as stores made before 26 November 2026 have it: prefix indexes of two and three letters only.
    older.exec("DROP TABLE places_fts; CREATE VIRTUAL TABLE places_fts USING fts5 (names, culture, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3')");
    // Nor had they numbered migrations.
    older.pragma('user_version = 0');
    older.close();
    const upgraded = openPlacesDb(file);
    expect(upgraded.prepare("SELECT sql FROM sqlite_master WHERE name = 'places_fts'").pluck().get()).toContain("prefix='1 2 3'");
    expect(before(upgraded)).toEqual(expected);
    expect((expected.s as number[]).length).toBeGreaterThan(300);
    upgraded.close();
  });

  it('keep at most eight cut reads, dropping the oldest', () => {
    const stmt = store.db.prepare('SELECT id FROM places WHERE id > ? ORDER BY id LIMIT ?').pluck();
    const reads = new ResumableIdReads();
    for (let i = 0; i < 10; i++) expect(() => reads.read(`k${i}`, pagedIds(stmt, [], 10), past())).toThrow(ApiError);
    expect(reads.pending).toBe(8);
    reads.clear();
    expect(reads.pending).toBe(0);
  });

  it('answer a search by a whole country with a 503 when the cold read outlasts the deadline, and the same answer as the scan at the next one', async () => {
    await store.warm();
    const chainCodes = () => new Map(store.db.prepare('SELECT public_id, code FROM chains').raw(true).all() as [string, number][]);
    const scan = new SqliteSearch(store.db, chainCodes, { locationCounts: false, memoryIndex: 'off' });
    const us = (f: Partial<SearchQuery>): SearchQuery => ({
      locations: [{ kind: 'country', code: 'US' }], center: { lon: -98, lat: 39 },
      tags: { include: [], exclude: [] }, chains: { include: [], exclude: [] }, sort: 'relevance', limit: 10, offset: 0, ...f,
    });
    const expectScan = (answer: ReturnType<SqliteSearch['run']>, q: SearchQuery) => {
      const expected = scan.run(q);
      expect(answer.total).toBe(expected.total);
      expect(answer.total).toBeGreaterThan(10);
      expect(answer.page.map((m) => m.row[ID])).toEqual(expected.page.map((m) => m.row[ID]));
    };

    // The point grid answers two tags in one pass, after reading the country's ids: the second search, under the
    // same past deadline, has nothing left to read.
    const tags = us({ tags: { include: ['restaurants', 'campgrounds'], exclude: [] } });
    const search = new SqliteSearch(store.db, chainCodes);
    search.warm();
    expect(() => search.run(tags, past())).toThrow(ApiError);
    expectScan(search.run(tags, past()), tags);

    // A name: the text index's read is one statement, not started once the deadline has passed; the country's ids
    // it follows are kept.
    const named = us({ name: 's', sort: 'name' });
    const other = new SqliteSearch(store.db, chainCodes);
    other.warm();
    expect(() => other.run(named, past())).toThrow(ApiError);
    expect(() => other.run(named, past())).toThrow(ApiError);
    expectScan(other.run(named, new Deadline(60_000)), named);
    for (const s of [search, other, scan]) s.close();
  });
});
