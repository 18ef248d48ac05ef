// The cold id reads of SQLite's searches by locations and by a text query (issue 17, finding 1), at a million places.
// A location's ids are read in batches under the search deadline (resumable when cut), beside the one statement each
// used to be, which nothing could stop. A text query's ids are one FTS5 statement, timed on the store's text index
// (prefix indexes of one, two and three letters) beside a copy with the two- and three-letter ones only, as stores had
// them before 26 November 2026.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Deadline } from '@/lib/places/store/deadline';
import { searchTextsOfBody } from '@/lib/places/store/place-columns';
import { FINE_CELL_SQL } from '@/lib/places/store/grid';
import { IdIndex, orderByKey } from '@/lib/places/store/rank';
import { ResumableIdReads } from '@/lib/places/store/sqlite/id-reads';
import { LocatedSearch } from '@/lib/places/store/sqlite/located';
import type { Db } from '@/lib/places/store/sqlite/schema';
import { nameExpression } from '@/lib/places/store/sqlite/text-query';

const RUNS = 5;
const CUT_MS = 25;
const NAMES = ['s', 'a', 'sa', 'lake', 's a', 's a l m c b', 's a l m c b t r p d e n'];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms: number) => ms.toFixed(1).padStart(9);

function timed<T>(fn: () => T): [T, number] {
  const start = performance.now();
  const out = fn();
  return [out, performance.now() - start];
}

function benchLocationReads(db: Db): void {
  const located = new LocatedSearch(db);
  const largestRegion = db.prepare('SELECT region_id FROM place_regions GROUP BY region_id ORDER BY count(*) DESC LIMIT 1').pluck().get() as number;
  const oneStatement: Record<string, string> = {
    c: 'SELECT id FROM places WHERE country = ?',
    s: 'SELECT id FROM places WHERE state = ?',
    r: 'SELECT place_id FROM place_regions WHERE region_id = ?',
  };
  process.stdout.write(
    `\n${'cold location id read'.padEnd(28)} ${'ids'.padStart(8)} ${'batched ms'.padStart(10)} | ${'one stmt'.padStart(9)}  at a ${CUT_MS} ms deadline: searches, longest ms  same ids (baseline: one statement, no deadline; median of ${RUNS})\n`,
  );
  for (const loc of ['c:US', 's:US-CA', `r:${largestRegion}`]) {
    const code = loc[0] === 'r' ? Number(loc.slice(2)) : loc.slice(2);
    const before: number[] = [];
    const batched: number[] = [];
    let expected: number[] = [];
    let got: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let t: number;
      [expected, t] = timed(() => db.prepare(oneStatement[loc[0]]).pluck().all(code) as number[]);
      before.push(t);
      [got, t] = timed(() => new ResumableIdReads().read(loc, located.idBatches(loc), new Deadline(1000)));
      batched.push(t);
    }
    // Under a deadline the read outlasts: each search reads until the deadline, answers 503, and the next goes on.
    const reads = new ResumableIdReads();
    let searches = 0;
    let longest = 0;
    let cut: number[] | null = null;
    while (!cut && searches < 1000) {
      searches++;
      const start = performance.now();
      try {
        cut = reads.read(loc, located.idBatches(loc), new Deadline(CUT_MS));
      } catch {
        // 503: the next search goes on.
      }
      longest = Math.max(longest, performance.now() - start);
    }
    const same = [...expected].sort((a, b) => a - b).join() === got.join() && got.join() === cut?.join();
    process.stdout.write(
      `${`location ${loc}`.padEnd(28)} ${String(got.length).padStart(8)} ${fmt(median(batched)).padStart(10)} | ${fmt(median(before))}  ${String(searches).padStart(9)} ${fmt(longest)}                          ${same ? 'yes' : 'NO'}\n`,
    );
  }
}

/** The text index as it was before the one-letter prefixes, built once beside the bench store (about 45 s). */
function olderTextIndex(db: Db, file: string): Db {
  const older = path.join(path.dirname(file), 'fts-prefix-2-3.sqlite');
  if (fs.existsSync(older)) return new Database(older, { readonly: true });
  process.stdout.write('building the text index without one-letter prefixes (once)...\n');
  const built = new Database(`${older}.tmp`);
  built.exec("CREATE VIRTUAL TABLE places_fts USING fts5 (names, culture, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3')");
  const insert = built.prepare('INSERT INTO places_fts (rowid, names, culture) VALUES (?, ?, ?)');
  built.transaction(() => {
    for (const [id, body] of db.prepare('SELECT id, body FROM places').raw(true).iterate() as Iterable<[number, string]>) {
      const texts = searchTextsOfBody(body);
      insert.run(id, texts.names, texts.culture);
    }
  })();
  built.exec("INSERT INTO places_fts (places_fts) VALUES ('optimize')");
  built.close();
  fs.renameSync(`${older}.tmp`, older);
  return new Database(older, { readonly: true });
}

function benchTextReads(db: Db, file: string): void {
  const older = olderTextIndex(db, file);
  const read = (d: Db) => d.prepare('SELECT rowid FROM places_fts WHERE places_fts MATCH ? ORDER BY rowid').pluck();
  const [now, before] = [read(db), read(older)];
  process.stdout.write(
    `\n${'cold text read, name'.padEnd(28)} ${'ids'.padStart(8)} ${'1,2,3 ms'.padStart(10)} | ${'2,3 ms'.padStart(9)}  same ids (one FTS5 statement; baseline: prefix indexes of 2 and 3 letters; median of ${RUNS})\n`,
  );
  for (const name of NAMES) {
    const fts = nameExpression(name)!;
    const times: number[] = [];
    const baseline: number[] = [];
    let got: number[] = [];
    let expected: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let t: number;
      [got, t] = timed(() => now.all(fts) as number[]);
      times.push(t);
      [expected, t] = timed(() => before.all(fts) as number[]);
      baseline.push(t);
    }
    process.stdout.write(
      `${`"${name}"`.padEnd(28)} ${String(got.length).padStart(8)} ${fmt(median(times)).padStart(10)} | ${fmt(median(baseline))}  ${got.join() === expected.join() ? 'yes' : 'NO'}\n`,
    );
  }
  older.close();
}

/**
 * From a location's ids to positions on the point grid, which every cold read above goes through: the table of dense
 * ids and the marked sweep, beside the sorted ids and sorted positions used before (the same lookups).
 */
function benchIdLookups(db: Db): void {
  const id = Float64Array.from(db.prepare(`SELECT id FROM places ORDER BY ${FINE_CELL_SQL}`).pluck().all() as number[]);
  const us = db.prepare("SELECT id FROM places WHERE country = 'US'").pluck().all() as number[];
  const build: number[] = [];
  const lookup: number[] = [];
  const buildBefore: number[] = [];
  const lookupBefore: number[] = [];
  let same = true;
  for (let i = 0; i < RUNS; i++) {
    const [index, t1] = timed(() => IdIndex.of(id));
    const [positions, t2] = timed(() => index.positionsOf(us));
    const [sorted, t3] = timed(() => {
      const pos = orderByKey(id);
      return { pos, ids: Float64Array.from(pos, (k) => id[k]) };
    });
    const [before, t4] = timed(() => {
      const out = new Int32Array(us.length);
      for (const [k, v] of us.entries()) {
        let lo = 0;
        let hi = sorted.ids.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (sorted.ids[mid] < v) lo = mid + 1;
          else hi = mid;
        }
        out[k] = sorted.pos[lo];
      }
      return out.sort();
    });
    build.push(t1);
    lookup.push(t2);
    buildBefore.push(t3);
    lookupBefore.push(t4);
    same &&= positions.join() === before.join();
  }
  process.stdout.write(
    `
${'ids to grid positions'.padEnd(28)} ${'ids'.padStart(8)} ${'now ms'.padStart(10)} | ${'before ms'.padStart(9)}  same positions (before: sorted ids, binary search, sorted positions; median of ${RUNS})
`,
  );
  process.stdout.write(`${'index of the grid'.padEnd(28)} ${String(id.length).padStart(8)} ${fmt(median(build)).padStart(10)} | ${fmt(median(buildBefore))}
`);
  process.stdout.write(`${'location c:US'.padEnd(28)} ${String(us.length).padStart(8)} ${fmt(median(lookup)).padStart(10)} | ${fmt(median(lookupBefore))}  ${same ? 'yes' : 'NO'}
`);
}

export function benchIdReads(db: Db, file: string): void {
  benchLocationReads(db);
  benchIdLookups(db);
  benchTextReads(db, file);
}
