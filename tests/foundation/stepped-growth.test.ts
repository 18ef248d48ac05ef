// Columns that grow in steps (lib/core/stepped-growth.ts), as their owners use them: rows added at the end, rows
// already added changed (and written again into the new columns when already copied), against a plain array; and no
// step copies more than four rows for each row added since the last, plus one chunk.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SteppedGrowth } from '@/lib/core/stepped-growth';

const SEED = Number(process.env.PROPERTY_SEED ?? 20261206);
const CHUNK = 8;

let copiedRows = 0;
class CountedColumn extends Uint32Array {
  override set(source: ArrayLike<number>, offset?: number): void {
    copiedRows += source.length;
    super.set(source, offset);
  }
}

class Owner {
  values: Uint32Array;
  marks: Float64Array;
  used = 0;
  readonly growth: SteppedGrowth<{ values: Uint32Array; marks: Float64Array }>;

  constructor(length: number) {
    this.values = new CountedColumn(length);
    this.marks = new Float64Array(length);
    this.growth = new SteppedGrowth(CHUNK, () => ({ values: this.values, marks: this.marks }), length);
  }

  add(value: number) {
    if (this.used === this.values.length) ({ values: this.values, marks: this.marks } = this.growth.finish(this.used, this.used + 1));
    this.values[this.used] = value;
    this.marks[this.used] = value / 2;
    this.used++;
    this.growth.step(this.used);
  }

  change(i: number, value: number) {
    this.values[i] = value;
    if (this.growth.copiedAlready(i)) this.growth.nextColumns().values[i] = value;
  }
}

const operation = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), value: fc.nat(1e6), times: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('change' as const), pick: fc.nat(), value: fc.nat(1e6) }),
);

describe('columns that grow in steps', () => {
  it('hold what an array holds through additions and changes, each step copying little', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.array(operation, { maxLength: 200 }), (length, operations) => {
        const owner = new Owner(length);
        const model: number[] = [];
        const marks: number[] = [];
        for (const op of operations) {
          if (op.kind === 'add') {
            for (let t = 0; t < op.times; t++) {
              copiedRows = 0;
              owner.add(op.value + t);
              model.push(op.value + t);
              marks.push((op.value + t) / 2);
              expect(copiedRows).toBeLessThanOrEqual(4 * CHUNK);
            }
          } else if (model.length) {
            const i = op.pick % model.length;
            owner.change(i, op.value);
            model[i] = op.value;
          }
          expect(Array.from(owner.values.subarray(0, owner.used))).toEqual(model);
        }
        expect(Array.from(owner.marks.subarray(0, owner.used))).toEqual(marks);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
