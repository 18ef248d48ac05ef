// The import's heap policy (lib/core/heap-compaction.ts): V8 is asked to keep its heap small only once the process's
// resident memory passes the threshold, once, and memory is read every so many places rather than for each.
import { describe, expect, it } from 'vitest';
import { HeapCompaction } from '@/lib/core/heap-compaction';

const MiB = 2 ** 20;

function fake(residentMiB: number[]) {
  const reads: number[] = [];
  let compacted = 0;
  const policy = new HeapCompaction(768, {
    every: 2,
    residentBytes: () => {
      reads.push(reads.length);
      return (residentMiB[reads.length - 1] ?? residentMiB[residentMiB.length - 1]) * MiB;
    },
    compact: () => compacted++,
  });
  return { policy, reads, compacted: () => compacted };
}

describe('heap compaction while writing', () => {
  it('leaves the heap alone while the process stays under the threshold', () => {
    const { policy, compacted } = fake([500, 600, 767]);
    for (let i = 0; i < 6; i++) policy.placeWritten();
    expect(compacted()).toBe(0);
  });

  it('compacts once the resident memory passes the threshold, and only once', () => {
    const { policy, reads, compacted } = fake([700, 769, 900, 950]);
    for (let i = 0; i < 8; i++) policy.placeWritten();
    expect(compacted()).toBe(1);
    // Read at the 2nd and 4th place; nothing more to decide after that.
    expect(reads).toHaveLength(2);
  });

  it('reads the memory every so many places, not for each', () => {
    const { policy, reads } = fake([100]);
    for (let i = 0; i < 7; i++) policy.placeWritten();
    expect(reads).toHaveLength(3);
  });

  it('without a threshold never compacts nor reads the memory', () => {
    let reads = 0;
    const policy = new HeapCompaction(null, { every: 1, residentBytes: () => ++reads * 1e12, compact: () => expect.unreachable() });
    for (let i = 0; i < 3; i++) policy.placeWritten();
    expect(reads).toBe(0);
  });
});
