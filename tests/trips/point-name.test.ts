import { describe, expect, it } from 'vitest';
import { proposedPointName } from '@/lib/trips/point-name';

describe('the name proposed for a point picked on the map (issue 40)', () => {
  it('is the town and region of the nearest known place, never coordinates', () => {
    expect(proposedPointName({ name: 'Moab KOA', locations: [{ city: 'Moab', state: 'UT', country: 'US' }] })).toBe('Near Moab, UT');
    expect(proposedPointName({ name: 'Lakeside', locations: [{ city: 'Annecy', state: 'ARA', country: 'FR' }] })).toBe('Near Annecy, France');
  });

  it('is the place’s own name when it has no town, and nothing when no place is near', () => {
    expect(proposedPointName({ name: 'Dead Horse Point', locations: [{ city: '', state: '', country: '' }] })).toBe('Near Dead Horse Point');
    expect(proposedPointName(null)).toBeNull();
    expect(proposedPointName(undefined)).toBeNull();
  });
});
