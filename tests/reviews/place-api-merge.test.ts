// Issue 54: travelers' reviews in the Place API's answers, at once, on both engines: a place's details list them
// before the dataset's and count them into `engagement`, as searches and batch reads do; a hidden one leaves.
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookup } from '@/lib/core/registry';
import { REVIEWS_STORE } from '@/lib/reviews/store-registry';
import type { ReviewStore } from '@/lib/reviews/store/types';
import { withReviews } from '@/lib/places/traveler-content';
import { travelerRanking } from '@/lib/places/traveler-ranking';
import { type PlacesBackend, type PlacesTestServer, setPlacesBackend, startPlacesServer } from '../places/support/places-server';
import { validate } from '../places/support/json-schema';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each<PlacesBackend>(['sqlite', 'postgres'])('on %s', (backend) => {
  let s: PlacesTestServer;
  let store: ReviewStore;
  let doc: Json;
  let place: Json;
  let before: Json;

  beforeAll(async () => {
    setPlacesBackend(backend);
    s = await startPlacesServer();
    store = lookup<ReviewStore>(REVIEWS_STORE)!;
    doc = await (await fetch(`${s.url}/api/v2/openapi.json`)).json();
    place = ((await s.json<Json>('/api/v2/search?locations=country:US&sort=name&limit=1')).body.data as Json[])[0];
    before = (await s.json<Json>(`/api/v2/canonical_places/${place.id}`)).body.data;
  });
  afterAll(async () => {
    await s?.close();
    setPlacesBackend('sqlite');
  });

  const write = (id: string, rating: number, visitedOn: string, text: string) =>
    store.create({ id, placeId: place.id, authorId: `user-${id}`, authorHandle: id, rating, text, visitedOn, rv: null, now: '2026-12-02T10:00:00.000Z' });

  it('lists a place’s travelers’ reviews first, the latest visit first, and counts them in its figures', async () => {
    await write('ann', 5, '2026-10-01', 'Level pull-throughs.');
    const bob = await write('bob', 2, '2026-11-15', 'Dump station closed.');
    await store.addComment({ reviewId: bob.id, authorId: 'user-cy', authorHandle: 'cy', asOrganization: null, text: 'Open again in May.', now: '2026-12-02T11:00:00.000Z' });

    const res = await s.json<Json>(`/api/v2/canonical_places/${place.id}`);
    expect(res.status).toBe(200);
    expect(validate(res.body, { $ref: '#/components/schemas/DetailsResponse' }, doc).slice(0, 5)).toEqual([]);
    const details = res.body.data;
    const [first, second, ...rest] = details.reviews as Json[];
    expect(first).toMatchObject({ source_user: 'bob', url: `${s.app.context.config.publicUrl}/travelers/bob`, rating: 2, visited_on: '2026-11-15', text: 'Dump station closed.' });
    expect(first.comments).toEqual([expect.objectContaining({ text: 'Open again in May.', source_user: 'cy', created_at: '2026-12-02' })]);
    expect(second).toMatchObject({ source_user: 'ann', rating: 5 });
    expect(rest).toEqual(before.reviews);
    expect(details.engagement).toEqual({ ...withReviews(before.engagement, { count: 2, ratingSum: 7 }), visits: before.engagement.visits });
    expect(details.engagement.rating_count).toBe(before.engagement.rating_count + 2);
  });

  it('counts them in searches and batch reads too, and in no other place', async () => {
    const expected = withReviews(place.engagement, { count: 2, ratingSum: 7 });
    const search = () => s.json<Json>('/api/v2/search?locations=country:US&sort=name&limit=3');
    // On PostgreSQL a search page's counts are read on the streaming replica: the writes arrive within its delay.
    await expect.poll(async () => (await search()).body.data[0].engagement).toEqual(expected);
    const page = (await search()).body;
    expect(validate(page, { $ref: '#/components/schemas/SearchResponse' }, doc).slice(0, 5)).toEqual([]);
    expect(page.data[0].engagement).toEqual(expected);
    const batch = (await s.json<Json>(`/api/v2/canonical_places?ids=${page.data.map((p: Json) => p.id).join(',')}`)).body.data as Json[];
    expect(batch[0].engagement).toEqual(expected);
    const others = (await s.json<Json>(`/api/v2/canonical_places?ids=${page.data[1].id}`)).body.data[0];
    expect(batch[1]).toEqual(others);
  });

  it('lists travelers’ photos first in the place’s images, as the spec’s Image served under /photos', async () => {
    const image = (size: 'original' | 'thumbnail') => ({ size, width: 1, height: 1, data: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) });
    const photoId = '00000000-0000-4000-8000-000000000001';
    await store.addPhoto({ id: photoId, placeId: place.id, reviewId: null, authorId: 'user-ann', authorHandle: 'ann', fingerprint: 'ab12', images: [image('original'), image('thumbnail')], now: '2026-12-02T12:00:00.000Z' });
    const res = await s.json<Json>(`/api/v2/canonical_places/${place.id}`);
    expect(validate(res.body, { $ref: '#/components/schemas/DetailsResponse' }, doc).slice(0, 5)).toEqual([]);
    const [first, ...rest] = res.body.data.images as Json[];
    const base = `${s.app.context.config.publicUrl}/photos/${photoId}`;
    expect(first).toEqual({
      image_url: `${base}/original.jpg`,
      fingerprint: 'ab12',
      enabled: true,
      sizes: {
        thumbnail: { width: 150, height: 150, url: `${base}/thumbnail.jpg` },
        square: { width: 320, height: 320, url: `${base}/square.jpg` },
        small: { width: 320, height: 240, url: `${base}/small.jpg` },
        medium: { width: 800, height: 600, url: `${base}/medium.jpg` },
        large: { width: 1024, height: 768, url: `${base}/large.jpg` },
      },
    });
    expect(rest).toEqual(before.images);
    // Search pages and batch reads show it first too.
    const search = () => s.json<Json>('/api/v2/search?locations=country:US&sort=name&limit=3');
    await expect.poll(async () => (await search()).body.data[0].images[0]).toEqual(first);
    const page = (await search()).body;
    expect(validate(page, { $ref: '#/components/schemas/SearchResponse' }, doc).slice(0, 5)).toEqual([]);
    expect(page.data[0].images.slice(1)).toEqual(place.images);
    const batch = (await s.json<Json>(`/api/v2/canonical_places?ids=${place.id}`)).body.data as Json[];
    expect(batch[0].images[0]).toEqual(first);
  });

  it('leaves a hidden review out of the place and its figures', async () => {
    const [bob] = (await store.listForPlace(place.id)).filter((r) => r.authorHandle === 'bob');
    await store.setHidden(bob.id, { at: '2026-12-02T12:00:00.000Z', by: 'admin', reason: 'spam' });
    const details = (await s.json<Json>(`/api/v2/canonical_places/${place.id}`)).body.data;
    expect(details.reviews.map((r: Json) => r.source_user).slice(0, 1)).toEqual(['ann']);
    expect(details.reviews).toHaveLength(before.reviews.length + 1);
    expect(details.engagement).toEqual({ ...withReviews(before.engagement, { count: 1, ratingSum: 5 }), visits: before.engagement.visits });
  });

  it('orders searches by the stars travelers gave once they are counted in, and as before when they are hidden', async () => {
    const ranking = travelerRanking()!;
    await ranking.now();
    const query = '/api/v2/search?locations=country:US&sort=rating&limit=100';
    const order = async () => ((await s.json<Json>(query)).body.data as Json[]);
    const ids = (page: Json[]) => page.map((p) => p.id);
    // The order is the figures the page shows: stars, then how many gave them, then id.
    const byFigures = (page: Json[]) =>
      ids([...page].sort((a, b) => b.engagement.avg_rating - a.engagement.avg_rating || b.engagement.rating_count - a.engagement.rating_count || a.id - b.id));
    // A page's figures count travelers' reviews, its order as the last ranking pass left it; on PostgreSQL both are
    // read on a streaming replica, where the reviews and the pass arrive each in their time: a page is settled once
    // its order agrees with its figures and it shows what the test waits for.
    const settledOrder = async (shows: (page: Json[]) => boolean = () => true) => {
      let page: Json[] = [];
      await expect.poll(async () => ((page = await order()), ids(page).join() === byFigures(page).join() && shows(page))).toBe(true);
      return page;
    };
    const dataset = await settledOrder();
    // The place of the page with the fewest ratings, lifted by fifteen five-star reviews.
    const target = dataset.reduce((a, b) => (b.engagement.rating_count < a.engagement.rating_count ? b : a));
    const reviews = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        store.create({ id: `lift-${i}`, placeId: target.id, authorId: `user-lift-${i}`, authorHandle: `lift${i}`, rating: 5, text: 'Great.', visitedOn: '2026-11-01', rv: null, now: '2026-12-02T13:00:00.000Z' }),
      ),
    );
    expect(await ranking.now()).toBe(1);
    expect(await ranking.now()).toBe(0);
    const lifted = withReviews(target.engagement, { count: 15, ratingSum: 75 });
    const reordered = await settledOrder((page) => isDeepStrictEqual(page.find((p) => p.id === target.id)?.engagement, lifted));
    expect(ids(reordered).indexOf(target.id)).toBeLessThan(ids(dataset).indexOf(target.id));

    for (const r of reviews) await store.setHidden(r.id, { at: '2026-12-02T14:00:00.000Z', by: 'admin', reason: 'test' });
    expect(await ranking.now()).toBe(1);
    await expect.poll(async () => ids(await order())).toEqual(ids(dataset));
  });
});
