import { describe, expect, it } from 'vitest';
import { CORRIDOR, corridorKm, formatCorridor, validCorridor } from '@/lib/trips/corridor';
import { formatDistance } from '@/lib/trips/format';

describe('a trip’s distances in the traveler’s units (issue 40)', () => {
  it('writes kilometers as before', () => {
    expect(formatDistance(850, 'km')).toBe('850 m');
    expect(formatDistance(12_400, 'km')).toBe('12.4 km');
    expect(formatDistance(1_240_000, 'km')).toBe('1,240 km');
  });

  it('writes miles, and feet for a short hop', () => {
    expect(formatDistance(100, 'mi')).toBe('328 ft');
    expect(formatDistance(1609.344 * 12.44, 'mi')).toBe('12.4 mi');
    expect(formatDistance(1_240_000, 'mi')).toBe('771 mi');
    expect(formatDistance(1609.344 * 1234, 'mi')).toBe('1,234 mi');
  });

  it('sizes the along-the-trip corridor in them, within the search’s 50 km', () => {
    expect(validCorridor('30', 'mi')).toBe(true);
    expect(validCorridor('31', 'mi')).toBe(false);
    expect(validCorridor('50', 'km')).toBe(true);
    expect(validCorridor('0', 'km')).toBe(false);
    expect(validCorridor(' ', 'mi')).toBe(false);
    expect(corridorKm(CORRIDOR.mi.max, 'mi')).toBeLessThanOrEqual(50);
    expect(corridorKm(6, 'mi')).toBeCloseTo(9.656, 3);
    expect(corridorKm(10, 'km')).toBe(10);
    expect(formatCorridor(6, 'mi')).toBe('6 mi');
  });
});
