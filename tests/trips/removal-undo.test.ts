import { describe, expect, it } from 'vitest';
import type { TripStop } from '@/lib/trips/model';
import { followRemoval, startRemoval, withStopRestored } from '@/lib/trips/removal-undo';

const stop = (id: string, nights = 0): TripStop => ({ id, kind: 'custom', placeId: null, name: id, lon: 0, lat: 0, arrivalDate: null, nights, note: '' });

describe('undoing a removed stop (issue 40)', () => {
  const stops = [stop('a'), stop('b'), stop('c')];

  it('keeps the stop and its place until the next change', () => {
    const removal = startRemoval(stops, 'b')!;
    expect(removal).toMatchObject({ stop: stops[1], index: 1, applied: false });
    // While the removal is on its way the list is unchanged: still offered, not yet shown.
    expect(followRemoval(removal, stops)).toBe(removal);
    const applied = followRemoval(removal, [stops[0], stops[2]])!;
    expect(applied.applied).toBe(true);
    // The same list again (the server's answer): kept as it is.
    expect(followRemoval(applied, [{ ...stops[0] }, { ...stops[2] }])).toBe(applied);
    // The next change (a plan, a reorder) ends it.
    expect(followRemoval(applied, [stop('a', 2), stops[2]])).toBeNull();
    expect(followRemoval(applied, [stops[2], stops[0]])).toBeNull();
  });

  it('ends when the removal was not saved and the stop is back', () => {
    const applied = followRemoval(startRemoval(stops, 'b')!, [stops[0], stops[2]])!;
    expect(followRemoval(applied, stops)).toBeNull();
    expect(startRemoval(stops, 'z')).toBeNull();
  });

  it('puts the stop back where it was, or last when the list got shorter', () => {
    expect(withStopRestored(['a', 'c'], 'b', 1)).toEqual(['a', 'b', 'c']);
    expect(withStopRestored(['a', 'c'], 'x', 0)).toEqual(['x', 'a', 'c']);
    expect(withStopRestored(['a'], 'c', 2)).toEqual(['a', 'c']);
  });
});
