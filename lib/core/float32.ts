/**
 * Rounding to the nearest 32-bit float below or above a number, for values kept in a Float32Array that must stay
 * bounds (a lower bound stays at most the true value, a box still holds what it held). `Math.fround` rounds to the
 * nearest, either way.
 */
const scratch = new Float32Array(1);
const bits = new Int32Array(scratch.buffer);

/** The largest 32-bit float at most `x` (NaN and ±Infinity as they are). */
export function float32Below(x: number): number {
  scratch[0] = x;
  if (scratch[0] > x) stepBits(-1);
  return scratch[0];
}

/** The smallest 32-bit float at least `x` (NaN and ±Infinity as they are). */
export function float32Above(x: number): number {
  scratch[0] = x;
  if (scratch[0] < x) stepBits(1);
  return scratch[0];
}

/** The largest 32-bit float less than `x`, itself a 32-bit float (finite). */
export function float32Before(x: number): number {
  scratch[0] = x;
  stepBits(-1);
  return scratch[0];
}

/** Moves the float in `scratch` one step up (+1) or down (−1); its sign bit decides which way its bits move. */
function stepBits(direction: 1 | -1): void {
  if (scratch[0] === 0) {
    // ±0: the first float past zero that way.
    bits[0] = direction === 1 ? 1 : 0x80000001 | 0;
    return;
  }
  bits[0] += scratch[0] > 0 ? direction : -direction;
}
