// An object too large for a reading thread to map (read-parallel.ts, MAX_OBJECT_BYTES) is skipped and counted, and the
// rest of the extract is imported: parsing it would take the reader past its heap, which can abort the whole process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importOsmPlaces } from '@/lib/places/osm/import-osm';
import { MAX_OBJECT_BYTES } from '@/lib/places/osm/read-parallel';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import { type OplNode, writeExtract } from './support/osm-fixtures';

const TODAY = '2026-11-29';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'osm-too-large-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A campground, and a national park drawn with 400 nodes: about 11,000 bytes of GeoJSON. */
function extract(): string {
  const outline: OplNode[] = Array.from({ length: 400 }, (_, i) => {
    const angle = (2 * Math.PI * i) / 400;
    return { id: 100 + i, lon: Math.round((-109.6 + 0.05 * Math.cos(angle)) * 1e7) / 1e7, lat: Math.round((38.6 + 0.05 * Math.sin(angle)) * 1e7) / 1e7 };
  });
  return writeExtract(dir, 'park.osm.pbf', {
    nodes: [{ id: 1, lon: -109.5498, lat: 38.5733, tags: { tourism: 'camp_site', name: 'Moab Campground' } }, ...outline],
    ways: [{ id: 1, nodes: [...outline.map((n) => n.id), outline[0].id], tags: { boundary: 'national_park', name: 'Arches National Park' } }],
    relations: [],
  });
}

async function imported(maxObjectBytes?: number) {
  const store = SqlitePlaceStore.open(path.join(dir, `${maxObjectBytes ?? 'default'}.sqlite`));
  try {
    const report = await importOsmPlaces(store, extract(), { today: TODAY, maxObjectBytes });
    return { report, count: await store.count() };
  } finally {
    await store.close();
  }
}

describe('an object too large to map', () => {
  it('is skipped and counted, and the rest of the extract is imported', async () => {
    const { report, count } = await imported(2000);
    expect(report.added).toBe(1);
    expect(report.skipped).toEqual({ 'too large to map': 1 });
    expect(count).toBe(1);
  });

  it('is a line of tens of millions of bytes by default: the park of 400 nodes is a place', async () => {
    expect(MAX_OBJECT_BYTES).toBeGreaterThan(77_000_000);
    const { report } = await imported();
    expect(report.added).toBe(2);
    expect(report.skipped).toEqual({});
  });
});
