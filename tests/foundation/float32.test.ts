// Rounding to 32-bit floats below and above, against the definition: the result is a 32-bit float on the right side of
// the number, and no 32-bit float lies between them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { float32Above, float32Before, float32Below } from '@/lib/core/float32';

const SEED = Number(process.env.PROPERTY_SEED ?? 20261205);
const isFloat32 = (x: number) => Math.fround(x) === x;
const numbers = fc.oneof(
  fc.double({ noNaN: true }),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  fc.double({ min: -1e-40, max: 1e-40, noNaN: true }),
  fc.float({ noNaN: true }),
);

describe('32-bit floats below and above', () => {
  it('round a number down and up to the nearest 32-bit float on its side', () => {
    fc.assert(
      fc.property(numbers, (x) => {
        const [below, above] = [float32Below(x), float32Above(x)];
        expect(isFloat32(below) && isFloat32(above)).toBe(true);
        expect(below).toBeLessThanOrEqual(x);
        expect(above).toBeGreaterThanOrEqual(x);
        if (isFloat32(x)) {
          expect(below).toBe(x);
          expect(above).toBe(x);
        } else if (Number.isFinite(below) && Number.isFinite(above)) {
          // Nothing between: the next float past `below` is `above`.
          expect(float32Before(above)).toBe(below);
        }
      }),
      { numRuns: 2000, seed: SEED },
    );
  });

  it('step past zero and to the largest float at the ends', () => {
    const smallest = 2 ** -149;
    expect(float32Above(1e-50)).toBe(smallest);
    expect(float32Below(-1e-50)).toBe(-smallest);
    expect(float32Before(0)).toBe(-smallest);
    expect(float32Before(smallest)).toBe(0);
    expect(float32Below(1e39)).toBe(3.4028234663852886e38);
    expect(float32Above(-1e39)).toBe(-3.4028234663852886e38);
    expect(float32Below(Infinity)).toBe(Infinity);
    expect(Number.isNaN(float32Below(NaN))).toBe(true);
    expect(float32Below(0.1)).toBeLessThan(0.1);
    expect(float32Above(0.1)).toBeGreaterThan(0.1);
  });
});
