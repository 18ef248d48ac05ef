import fs from 'node:fs';
import type { Database } from 'better-sqlite3';
import { STANDARD_TAGS, valuesOf } from '@/lib/places/catalog';
import { storedRecord } from '@/lib/places/store/hits';

const TAG_IDS = STANDARD_TAGS.map((t) => t.public_id);

/** A SQLite store's places as NDJSON Place records (what `places:import` reads), written to `fd`; returns how many. */
export function dumpNdjson(db: Database, fd: number): number {
  const chains = new Map((db.prepare('SELECT code, public_id, name FROM chains').all() as { code: number; public_id: string; name: string }[]).map((c) => [c.code, c]));
  const rows = db.prepare('SELECT body, detail, status, tags, chain, rv_json FROM places ORDER BY id').raw(true).iterate() as IterableIterator<
    [string, string, string, number, number, string | null]
  >;
  let n = 0;
  let buffer = '';
  for (const [body, detail, status, tags, chain, rv] of rows) {
    const c = chains.get(chain);
    const record = storedRecord({
      body, detail, status, tags: valuesOf(tags, TAG_IDS), chain: c ? { public_id: c.public_id, name: c.name } : null, rvService: rv,
    });
    buffer += `${JSON.stringify(record)}\n`;
    n++;
    if (buffer.length > 1 << 20) {
      fs.writeSync(fd, buffer);
      buffer = '';
    }
  }
  fs.writeSync(fd, buffer);
  fs.closeSync(fd);
  return n;
}
