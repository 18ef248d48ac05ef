import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createGenerator, DEFAULT_SEED } from '@/lib/places/dataset/generator';

// These hashes pin the seeded dataset that tests, screenshots and e2e specs name: a change to any place fails here.
const FINGERPRINTS: { seed: number; baseUrl: string; today: string; sizes: Record<number, string> }[] = [
  {
    seed: DEFAULT_SEED,
    baseUrl: 'http://localhost:3000',
    today: '2026-03-10',
    sizes: {
      1000: '96b2a8b224a4607348edf5d24e151478f98fcd3132c5ed955f3680fd72f11dc4',
      3000: 'c990fe711d5b87f6bd7e9e117df35ab5a2a2a986a5caabcefb5a7268ba26e7e9',
      20000: '326032f999abc09c81ce9b7c42b08e9bee4323cd3d9d471eedbabbddf3e6a715',
    },
  },
  { seed: 42, baseUrl: 'http://places.test:8080', today: '2026-03-10', sizes: { 2000: '7c9eb16dd0b66744c45069a583d307309a1439f91c973907540554f1fe688c8d' } },
  { seed: 11, baseUrl: 'http://localhost:1', today: '2026-01-15', sizes: { 1600: 'af57b72e05e78aad14678bf67b35524f3dc9192a2cdc1abb71595666e1ca8423' } },
];

/** SHA-256 of the JSON of the first `size` places, one a line, for each size asked (one pass, prefix by prefix). */
function fingerprints(seed: number, baseUrl: string, today: string, sizes: number[]): Record<number, string> {
  const generator = createGenerator({ seed, baseUrl, today });
  const hash = crypto.createHash('sha256');
  const out: Record<number, string> = {};
  let index = 0;
  for (const size of [...sizes].sort((a, b) => a - b)) {
    for (; index < size; index++) hash.update(JSON.stringify(generator.place(index)) + '\n');
    out[size] = hash.copy().digest('hex');
  }
  return out;
}

describe('the seeded dataset', () => {
  it.each(FINGERPRINTS)('is the same, place by place, for seed $seed', ({ seed, baseUrl, today, sizes }) => {
    expect(fingerprints(seed, baseUrl, today, Object.keys(sizes).map(Number))).toEqual(sizes);
  });
});
