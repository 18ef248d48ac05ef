// What osmium needs of memory in the places import (issue 50), and what the import says when it runs out of memory or
// disk: an area's nodes are fetched in slices of the id range (lib/places/osm/referenced.ts), so osmium stays under
// 550 MB resident however far ids are spread (osmium's own `tags-filter` took 1.5 GiB once they reach 12 billion). Run
// for real under an address-space limit, on an area whose nodes' ids are spread as a real extract's are; a limit of
// address space, not of resident memory, so with room for what osmium's threads reserve (`getid` of a slice: 500 MB
// resident, 720 MB of address space).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { placesOsmium } from '@/lib/places/osm/osmium';
import { importOsmPlaces } from '@/lib/places/osm/import-osm';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';

const TODAY = '2026-11-29';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'osm-memory-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A campground drawn with 3,000 nodes whose ids run from 1 to 12 billion. */
function spreadArea(): string {
  const refs: string[] = [];
  let opl = '';
  for (let i = 0; i < 3000; i++) {
    const id = 1 + i * 4_000_000;
    const angle = (i / 3000) * 2 * Math.PI;
    opl += `n${id} v1 x${(-111 + 0.01 * Math.cos(angle)).toFixed(7)} y${(40 + 0.01 * Math.sin(angle)).toFixed(7)} T\n`;
    refs.push(`n${id}`);
  }
  const file = path.join(dir, 'spread.opl');
  fs.writeFileSync(file, `${opl}w1 v1 Ttourism=camp_site,name=Spread%20%Pines N${[...refs, refs[0]].join(',')}\n`);
  return file;
}

/** Runs `fn` with `osmium` on the PATH limited to `bytes` of address space. */
async function withOsmiumLimitedTo<T>(bytes: number, fn: () => Promise<T>): Promise<T> {
  const bin = fs.mkdtempSync(path.join(dir, 'bin-'));
  const osmium = execFileSync('sh', ['-c', 'command -v osmium'], { encoding: 'utf8' }).trim();
  fs.writeFileSync(path.join(bin, 'osmium'), `#!/bin/sh\nexec prlimit --as=${bytes} ${osmium} "$@"\n`, { mode: 0o755 });
  const previous = process.env.PATH;
  process.env.PATH = `${bin}:${previous}`;
  try {
    return await fn();
  } finally {
    process.env.PATH = previous;
  }
}

describe('the places import when osmium runs out', () => {
  it('imports an area whose nodes reach 12 billion with osmium held to 900 MB of address space; short of that, says what it needs and imports nothing', async () => {
    const file = spreadArea();
    const store = SqlitePlaceStore.open(path.join(dir, 'limited.sqlite'));
    try {
      await expect(withOsmiumLimitedTo(500_000_000, () => importOsmPlaces(store, file, { today: TODAY }))).rejects.toThrow(
        /^osmium ran out of memory reading spread\.opl: it needs about 700 MiB free whatever the extract's size/,
      );
      // Added now, not unchanged: the failed import wrote nothing.
      const report = await withOsmiumLimitedTo(900_000_000, () => importOsmPlaces(store, file, { today: TODAY }));
      expect(report.added).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('names the disk to free, and passes any other failure on in its last line', () => {
    expect(placesOsmium.failure('/data/us.osm.pbf', null, 'SIGKILL', '').message).toMatch(/^osmium ran out of memory reading us\.osm\.pbf: /);
    expect(placesOsmium.failure('/data/us.osm.pbf', 1, null, 'Write failed: No space left on device\n').message).toMatch(
      new RegExp(`^the places import ran out of disk space in ${os.tmpdir()} reading us\\.osm\\.pbf: .* set TMPDIR to a disk with room$`),
    );
    expect(placesOsmium.failure('/data/us.osm.pbf', 1, null, 'x\nPBF error: unexpected EOF\n').message).toBe('osmium could not read us.osm.pbf: PBF error: unexpected EOF');
  });
});
