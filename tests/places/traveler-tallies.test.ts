// Issue 54: travelers' reviews counted into the sort columns: only places whose tally changed are written, a place
// whose reviews are gone gets the dataset's figures back, and a write forgets what was counted into the places it
// rewrote (the next pass counts it again). The same rules on PostgreSQL run through tests/reviews/place-api-merge.test.ts.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGenerator } from '@/lib/places/dataset/generator';
import { rankedRecord } from '@/lib/places/store/place-columns';
import { rankingFigures } from '@/lib/places/ranking';
import { openPlacesDb } from '@/lib/places/store/sqlite/schema';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import { tallyChanges } from '@/lib/places/store/traveler-tallies';
import { tempDataDir } from '../support/temp-dirs';

const TODAY = '2026-01-15';
const gen = createGenerator({ seed: 7, baseUrl: 'http://localhost:1', today: TODAY });
const places = Array.from({ length: 20 }, (_, i) => gen.place(i));
let store: SqlitePlaceStore;

const columns = (id: number) =>
  store.db.prepare('SELECT relevance, rating, rating_count FROM places WHERE id = ?').get(id) as { relevance: number; rating: number; rating_count: number };

beforeEach(async () => {
  store = new SqlitePlaceStore(openPlacesDb(path.join(tempDataDir('tallies'), 'places.sqlite')));
  await store.writePlaces(places, { today: TODAY, replace: false });
});
afterEach(() => store.db.close());

describe('tallyChanges', () => {
  it('names the places whose tally is new, changed or gone, and no other', () => {
    const applied = new Map([[1, { count: 2, ratingSum: 8 }], [2, { count: 1, ratingSum: 3 }], [3, { count: 1, ratingSum: 5 }]]);
    const current = new Map([[1, { count: 2, ratingSum: 8 }], [2, { count: 2, ratingSum: 7 }], [4, { count: 1, ratingSum: 1 }]]);
    expect(tallyChanges(applied, current)).toEqual([
      { placeId: 2, tally: { count: 2, ratingSum: 7 } },
      { placeId: 4, tally: { count: 1, ratingSum: 1 } },
      { placeId: 3, tally: undefined },
    ]);
  });
});

describe('SqlitePlaceStore.applyTravelerTallies', () => {
  it('writes the figures with the reviews counted in, only when they change, and the dataset’s when they are gone', async () => {
    const [a, b] = places;
    const tally = { count: 3, ratingSum: 15 };
    expect(await store.applyTravelerTallies(new Map([[a.id, tally], [999_999_999, tally]]))).toBe(1);
    expect(columns(a.id)).toEqual(rankingFigures(rankedRecord(a), tally));
    expect(columns(a.id).rating_count).toBe(a.engagement.rating_count + 3);
    expect(columns(b.id)).toEqual(rankingFigures(rankedRecord(b)));
    expect(await store.applyTravelerTallies(new Map([[a.id, tally]]))).toBe(0);
    expect(await store.applyTravelerTallies(new Map())).toBe(1);
    expect(columns(a.id)).toEqual(rankingFigures(rankedRecord(a)));
  });

  it('keeps the R*Tree of RV places in step, which RV searches sort from', async () => {
    const rv = places.find((p) => p.rv_service)!;
    const tally = { count: 2, ratingSum: 2 };
    await store.applyTravelerTallies(new Map([[rv.id, tally]]));
    const tree = store.db.prepare('SELECT relevance, rating, rating_count FROM rv_rtree WHERE id = ?').get(rv.id);
    expect(tree).toEqual(rankingFigures(rankedRecord(rv), tally));
  });

  it('forgets what it counted in when places are written again, and counts it in at the next pass', async () => {
    const [a] = places;
    const tally = { count: 1, ratingSum: 1 };
    await store.applyTravelerTallies(new Map([[a.id, tally]]));
    await store.writePlaces([a], { today: TODAY, replace: true });
    expect(columns(a.id)).toEqual(rankingFigures(rankedRecord(a)));
    expect(await store.applyTravelerTallies(new Map([[a.id, tally]]))).toBe(1);
    expect(columns(a.id)).toEqual(rankingFigures(rankedRecord(a), tally));
  });

  it('forgets only the places a write rewrote: an owner’s edit of one place re-ranks that place alone', async () => {
    const [a, b, c] = places;
    const tallies = new Map([[a.id, { count: 1, ratingSum: 5 }], [b.id, { count: 2, ratingSum: 4 }], [c.id, { count: 3, ratingSum: 9 }]]);
    expect(await store.applyTravelerTallies(tallies)).toBe(3);
    await store.writePlaces([{ ...b, description: 'Edited by its owner.' }], { today: TODAY, replace: true });
    expect(columns(a.id)).toEqual(rankingFigures(rankedRecord(a), tallies.get(a.id)));
    expect(columns(b.id)).toEqual(rankingFigures(rankedRecord(b)));
    expect(await store.applyTravelerTallies(tallies)).toBe(1);
    expect(columns(b.id)).toEqual(rankingFigures(rankedRecord(b), tallies.get(b.id)));
  });
});
