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
      1000: '9c40a845833ed97146323afc5c0807b591339482189bd74fe6c9e9d31a89af6b',
      3000: '92954df55cc2193a58b4de369acd2843ca8d73e4735c978b4e651e551fefc435',
      20000: 'fd1634d6fdfd7d94c603981378e5f0025df3ab25aa62cf507aa595c6fd55f998',
    },
  },
  { seed: 42, baseUrl: 'http://places.test:8080', today: '2026-03-10', sizes: { 2000: 'c7e1c27285f975112afb2776c235f23f2f0ace4f79fdc662fe6d4b46e9889109' } },
  { seed: 11, baseUrl: 'http://localhost:1', today: '2026-01-15', sizes: { 1600: '1b3e51e9e267914d93e0d0b924d9eb76e683fe30c03b17022ceec4fa5e64e8c6' } },
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
