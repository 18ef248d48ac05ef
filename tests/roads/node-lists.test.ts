// The contraction's lists of arcs per node (lib/roads/router/ch/node-lists.ts) against arrays: random pushes past each
// list's room (so lists move in the pool), removals by value and by place, and clears keep the same numbers per node.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NodeLists } from '@/lib/roads/router/ch/node-lists';

const SEED = Number(process.env.PROPERTY_SEED ?? 20261205);
const NODES = 6;

const operation = fc.oneof(
  fc.record({ kind: fc.constant('push' as const), v: fc.nat(NODES - 1), x: fc.nat(1000) }),
  fc.record({ kind: fc.constant('remove' as const), v: fc.nat(NODES - 1), pick: fc.nat() }),
  fc.record({ kind: fc.constant('removeAt' as const), v: fc.nat(NODES - 1), pick: fc.nat() }),
  fc.record({ kind: fc.constant('clear' as const), v: fc.nat(NODES - 1) }),
);

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

describe('lists per node in one pool', () => {
  it('hold what arrays hold, through pushes, moves, removals and clears', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(3), { minLength: NODES, maxLength: NODES }), fc.array(operation, { maxLength: 300 }), (rooms, operations) => {
        const lists = NodeLists.of(NODES, (v) => rooms[v]);
        const model: number[][] = Array.from({ length: NODES }, () => []);
        for (const op of operations) {
          const held = model[op.v];
          if (op.kind === 'push') {
            lists.push(op.v, op.x);
            held.push(op.x);
          } else if (op.kind === 'clear') {
            lists.clear(op.v);
            held.length = 0;
          } else if (held.length) {
            const i = op.pick % held.length;
            if (op.kind === 'remove') lists.remove(op.v, held[i]);
            else lists.removeAt(op.v, lists.toArray(op.v).indexOf(held[i]));
            held.splice(i, 1);
          }
          for (let v = 0; v < NODES; v++) {
            expect(lists.count(v)).toBe(model[v].length);
            expect(sorted(lists.toArray(v))).toEqual(sorted(model[v]));
          }
        }
      }),
      { numRuns: 300, seed: SEED },
    );
  });

  it('says so when asked to remove a number a list does not hold', () => {
    const lists = NodeLists.of(2, () => 2);
    lists.push(0, 7);
    expect(() => lists.remove(0, 8)).toThrow("node 0's list does not hold 8");
  });
});
