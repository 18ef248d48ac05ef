// The search state of the hierarchy's query (lib/roads/router/ch/reached-nodes.ts) against a Map doing the same:
// nodes reached, reached again sooner, the table growing past its first size, and emptied between searches.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReachedNodes } from '@/lib/roads/router/ch/reached-nodes';

const SEED = Number(process.env.PROPERTY_SEED ?? 20261206);

const search = fc.array(fc.tuple(fc.integer({ min: 0, max: 12_500_000 }), fc.double({ min: 0, max: 1e6, noNaN: true }), fc.integer({ min: -1, max: 1e8 })), { maxLength: 300 });

describe('the nodes a search reached', () => {
  it('answers what a Map of the same writes answers, search after search, across its growth', () => {
    fc.assert(
      fc.property(fc.array(search, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 64 }), (searches, capacity) => {
        const reached = new ReachedNodes(capacity);
        for (const writes of searches) {
          reached.clear();
          const expected = new Map<number, [number, number, number]>();
          for (const [node, time, arc] of writes) {
            reached.set(node, time, arc, node ^ 1);
            expected.set(node, [time, arc, node ^ 1]);
          }
          for (const [node, [time, arc, prev]] of expected) {
            expect(reached.time(node)).toBe(time);
            expect(reached.via(node)).toBe(arc);
            expect(reached.prev(node)).toBe(prev);
          }
          for (const [node] of searches.flat()) if (!expected.has(node)) expect(reached.time(node)).toBe(Infinity);
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 25) * 4, seed: SEED },
    );
  });
});
