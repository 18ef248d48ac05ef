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
      1000: '12c93515d853a7fda23ec0f7df776af0cab55e3d649e5527545b8977871f533d',
      3000: '4223d966856fc05d8b092e1cdece8beba383ae5b597bbd61b368337185a3007a',
      20000: '890763d93ea0cb58f9dc1499964b27bc7aad5568153d4cb62a475f8738e7dfc3',
    },
  },
  { seed: 42, baseUrl: 'http://places.test:8080', today: '2026-03-10', sizes: { 2000: '448b2cd683d0341d4af13d619663ca51d1311312b604a7e99e2b49ef2efbd678' } },
  { seed: 11, baseUrl: 'http://localhost:1', today: '2026-01-15', sizes: { 1600: '8c5b87664415bc5162565d3efc69788c257e1f94bab0bc24b5188eef7bfee161' } },
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
