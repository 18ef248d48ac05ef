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
      1000: '29c08a7813ebe61ff68db94b779dfa097ac3e0414037f6c9b456fe76001b9e20',
      3000: 'f3b97cfa8986aec5522a2337c0853266552d9d9f19e3737b8b9dff6d2a9f06ca',
      20000: 'da41821d27d35ce2e4e8b0cf67c316b7d1a9f4ef41d5fb196891af5238af7faf',
    },
  },
  { seed: 42, baseUrl: 'http://places.test:8080', today: '2026-03-10', sizes: { 2000: '8d4a6466d2a7d70aba8df3b04dd571ea7019580017b0c6e375404dd70d23573b' } },
  { seed: 11, baseUrl: 'http://localhost:1', today: '2026-01-15', sizes: { 1600: '220eadccf5b05421f25baf9c5d84a8c423bfa6129bb4e652556e24f83029dfc8' } },
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
