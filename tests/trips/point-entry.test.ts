import { describe, expect, it } from 'vitest';
import { pointEntryMissing } from '@/lib/trips/point-entry';

const coordinates = 'Pick a point on the map, or type a latitude (-90 to 90) and a longitude (-180 to 180).';

describe('what a typed point lacks before it can be added as a stop', () => {
  it('is nothing for a name and coordinates in range, at the limits too', () => {
    expect(pointEntryMissing('Lunch by the river', '38.57', '-109.55')).toBeNull();
    expect(pointEntryMissing('Pole', '-90', '180')).toBeNull();
  });

  it('asks for coordinates first: missing, blank, not numbers or out of range', () => {
    expect(pointEntryMissing('', '', '')).toBe(coordinates);
    expect(pointEntryMissing('Camp', '  ', '10')).toBe(coordinates);
    expect(pointEntryMissing('Camp', 'north', '10')).toBe(coordinates);
    expect(pointEntryMissing('Camp', '90.5', '10')).toBe(coordinates);
    expect(pointEntryMissing('Camp', '10', '-181')).toBe(coordinates);
    expect(pointEntryMissing('Camp', 'Infinity', '10')).toBe(coordinates);
  });

  it('then a name that is more than spaces', () => {
    expect(pointEntryMissing('', '10', '20')).toBe('Name the stop to add it.');
    expect(pointEntryMissing('   ', '10', '20')).toBe('Name the stop to add it.');
  });
});
