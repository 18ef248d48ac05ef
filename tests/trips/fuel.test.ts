import { describe, expect, it } from 'vitest';
import { fuelEstimate, fuelPriceIn, LITRES_PER_US_GALLON, parseFuelPrice } from '@/lib/trips/fuel';

describe('fuel', () => {
  it('burns the rig\'s litres per 100 km over the distance, in litres or US gallons', () => {
    expect(fuelEstimate(470_000, 30, 'km', null)).toEqual({ amount: 141, unit: 'L', cost: null });
    const miles = fuelEstimate(470_000, 30, 'mi', 4);
    expect(miles.unit).toBe('gal');
    expect(miles.amount).toBeCloseTo(141 / LITRES_PER_US_GALLON, 9);
    expect(miles.cost).toBeCloseTo((141 / LITRES_PER_US_GALLON) * 4, 9);
  });

  it('reads a price as typed, with a comma or a point, and refuses what is not one', () => {
    expect(parseFuelPrice('1.85')).toBe(1.85);
    expect(parseFuelPrice(' 1,85 ')).toBe(1.85);
    for (const bad of ['', ' ', '0', '-2', 'abc', '1e9', 'Infinity']) expect(parseFuelPrice(bad)).toBeNull();
  });

  it('converts a price typed per gallon to one per litre and back, so the cost stays the same across units', () => {
    expect(fuelPriceIn('4.19', 'gal', 'L')).toBe('1.107');
    expect(fuelPriceIn('1,107', 'L', 'gal')).toBe('4.19');
    expect(fuelPriceIn('4.19', 'gal', 'gal')).toBe('4.19');
    expect(fuelPriceIn('abc', 'gal', 'L')).toBe('abc');
    const perGallon = fuelEstimate(1_050_752, 30, 'mi', 4.19).cost!;
    const perLitre = fuelEstimate(1_050_752, 30, 'km', Number(fuelPriceIn('4.19', 'gal', 'L'))).cost!;
    expect(Math.abs(perLitre - perGallon) / perGallon).toBeLessThan(0.001);
  });
});
