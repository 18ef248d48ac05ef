// Issue 49: the stops a conflict touches are marked on the trip, so the traveler scrolled at one sees it.
import { describe, expect, it } from 'vitest';
import { conflictingStops } from '@/lib/trips/conflicting-stops';
import type { TripStop } from '@/lib/trips/model';

const stop = (id: string, extra: Partial<TripStop> = {}): TripStop => ({ id, kind: 'custom', placeId: null, name: id, lon: 1, lat: 2, arrivalDate: null, nights: 0, note: '', ...extra });

describe('conflictingStops', () => {
  it('marks a stop changed on either side and one gone from the server, and nothing else', () => {
    const mine = [stop('a'), stop('b', { note: 'Dump tanks here' }), stop('c'), stop('d', { nights: 2 })];
    const theirs = [stop('a'), stop('b'), stop('d', { nights: 2 }), stop('e')];
    expect([...conflictingStops(mine, theirs)]).toEqual([
      ['b', 'changed'],
      ['c', 'removed'],
    ]);
  });

  it('marks nothing when only the trip itself (its name) differs', () => {
    expect(conflictingStops([stop('a')], [stop('a')]).size).toBe(0);
  });
});
