import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGenerator, kindPhrase } from '@/lib/places/dataset/generator';
import { imageSvg } from '@/lib/places/media';
import { type PlaceRecord, placeSchema } from '@/lib/places/place-schema';
import { statusAsOf } from '@/lib/places/status';

const TODAY = '2026-03-10';
const BASE = 'http://places.test:8080';
let places: PlaceRecord[];

/** Well-formedness of generated SVG: one root, balanced tags, quoted attributes. */
function wellFormedSvg(svg: string): boolean {
  if (!/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(svg)) return false;
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z]+)((?:\s+[a-zA-Z:-]+="[^"<]*")*)\s*(\/?)>/g)) {
    if (m[4]) continue;
    if (m[1]) {
      if (stack.pop() !== m[2]) return false;
    } else stack.push(m[2]);
  }
  return stack.length === 0 && svg.replace(/<[^>]*>/g, '').indexOf('<') < 0;
}

beforeAll(() => {
  const gen = createGenerator({ seed: 42, baseUrl: BASE, today: TODAY });
  places = Array.from({ length: 2000 }, (_, i) => gen.place(i));
});

describe('the dataset generator', () => {
  it('is deterministic for a seed', () => {
    const again = createGenerator({ seed: 42, baseUrl: BASE, today: TODAY });
    expect(JSON.stringify(again.place(1234))).toBe(JSON.stringify(places[1234]));
    expect(JSON.stringify(createGenerator({ seed: 43, baseUrl: BASE, today: TODAY }).place(1234))).not.toBe(JSON.stringify(places[1234]));
  });

  it('makes records that pass the import schema, with every field consistent', () => {
    const zones = new Set<string>();
    for (const p of places.slice(0, 400)) {
      expect(placeSchema.safeParse(p).success).toBe(true);
      expect(p.hours['<default>']).toBeDefined();
      expect(p.status).toEqual(statusAsOf(p.temporary_closures, TODAY, TODAY));
      expect(wellFormedSvg(p.road_trip_details.map_illustration)).toBe(true);
      const [country, state, city] = p.regions_hierarchy;
      expect(country.bounds[0][0]).toBeLessThanOrEqual(country.bounds[1][0]);
      expect(state.center).toBeDefined();
      expect(city.bounds[0][1]).toBeLessThanOrEqual(p.locations[0].latitude + 1);
      zones.add(p.time_zone);
      for (const image of p.images) {
        expect(image.image_url.startsWith(`${BASE}/media/places/${p.id}/`)).toBe(true);
        expect(image.fingerprint).toBe(crypto.createHash('sha1').update(imageSvg(p.id, Number(image.image_url.split('/').at(-2)), 'original')).digest('hex'));
        expect([image.sizes.thumbnail.width, image.sizes.thumbnail.height, image.sizes.large.width, image.sizes.large.height]).toEqual([150, 150, 1024, 768]);
      }
    }
    for (const zone of zones) expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow();
  });

  it('gives a place with reviews an average of their stars, never 0 beside a count of ratings', () => {
    for (const p of places) {
      if (p.engagement.rating_count) expect(p.engagement.avg_rating, `place ${p.id}`).toBeGreaterThanOrEqual(1);
      else expect(p.engagement.avg_rating, `place ${p.id}`).toBe(0);
    }
  });

  it('writes a kind in a sentence with its article, an initialism in capitals', () => {
    expect(['Campground', 'RV Park', 'EV charging', 'Entertainment', 'Café', 'Scenic viewpoint'].map(kindPhrase)).toEqual([
      'a campground',
      'an RV park',
      'an EV charging',
      'an entertainment',
      'a café',
      'a scenic viewpoint',
    ]);
  });

  it('gives each review two different lines, its stars and a visit before its comments, and counts every review as a rating', () => {
    const reviewed = places.filter((p) => p.reviews.length > 0);
    expect(reviewed.length).toBeGreaterThan(100);
    for (const p of reviewed) {
      expect(p.engagement.rating_count, `place ${p.id}`).toBeGreaterThanOrEqual(p.reviews.length);
      for (const review of p.reviews) {
        const [first, second] = review.text.split('\n');
        expect(second).not.toBe(first);
        expect(review.rating).toBeGreaterThanOrEqual(1);
        expect(review.rating).toBeLessThanOrEqual(5);
        expect(Math.abs(review.rating! - p.engagement.avg_rating!)).toBeLessThanOrEqual(1.5);
        expect(review.visited_on! < TODAY).toBe(true);
        for (const comment of review.comments) expect(review.visited_on! < comment.created_at).toBe(true);
      }
    }
  });

  it('covers every optional feature, and about one place in twenty offers RV service', () => {
    const rv = places.filter((p) => p.rv_service).length / places.length;
    expect(rv).toBeGreaterThan(0.03);
    expect(rv).toBeLessThan(0.08);
    const closed = places.filter((p) => !p.status.operating_normally);
    expect(closed.length).toBeGreaterThan(10);
    expect(places.some((p) => p.temporary_closures.some((c) => c.end_date < TODAY))).toBe(true);
    expect(places.some((p) => p.temporary_closures.some((c) => c.start_date > TODAY))).toBe(true);
    expect(places.some((p) => Object.keys(p.hours).length >= 3)).toBe(true);
    expect(places.some((p) => (p.hours['<default>']?.mon_open_close.length ?? 0) >= 2)).toBe(true);
    expect(places.some((p) => Object.values(p.hours['<default>'] ?? {}).some((d) => d.length === 0))).toBe(true);
    expect(places.some((p) => p.reviews.some((r) => r.comments.length > 0))).toBe(true);
    expect(places.some((p) => p.chain)).toBe(true);
    const full = places.filter((p) => p.images.length && p.reviews.length && p.temporary_closures.length && Object.keys(p.hours).length > 1);
    expect(full.length).toBeGreaterThan(20);
  });
});

describe('status from closures', () => {
  const c = (id: number, start_date: string, end_date: string) => ({ id, start_date, end_date, reason: `r${id}` });
  it('is closed inside a closure and reopens the day after it ends', () => {
    expect(statusAsOf([c(1, '2026-03-01', '2026-03-12')], TODAY, '2026-01-01')).toEqual({ operating_normally: false, reason: 'r1', changes_at: '2026-03-13' });
  });
  it('announces the next closure, and otherwise dates the last change', () => {
    expect(statusAsOf([c(1, '2026-04-01', '2026-04-03')], TODAY, '2026-01-01')).toMatchObject({ operating_normally: true, changes_at: '2026-04-01' });
    expect(statusAsOf([c(1, '2026-01-01', '2026-01-31')], TODAY, '2025-06-01')).toEqual({ operating_normally: true, reason: '', changes_at: '2026-02-01' });
    expect(statusAsOf([], TODAY, '2025-06-01')).toEqual({ operating_normally: true, reason: '', changes_at: '2025-06-01' });
  });
});
