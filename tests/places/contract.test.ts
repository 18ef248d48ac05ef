import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { ClusterResponse, ListSearchResponse, NamedId, Place, PlaceListItem, Region, SearchResponse } from '@/lib/explorer/types';
import { searchSchema } from '@/lib/explorer/search-schema';
import {
  clusterResponseSchema, components, detailsResponseSchema, listSearchResponseSchema, placeListItemSchema, errorSchema, MAX_AMENITY_CHARS, MAX_FIDELITY, MAX_LIMIT, MAX_NAME_CHARS, MAX_OFFSET,
  MAX_PUBLIC_ID_CHARS, MAX_RADIUS, MAX_ROUTE_BUFFER, MIN_FIDELITY, namedIdListSchema, namedIdSchema, placeDetailsSchema, placeSummarySchema,
  regionSchema, searchResponseSchema, stringListSchema,
} from '@/lib/places/contract';
import { openApiDocument } from '@/lib/places/openapi/document';
import { placeSchema } from '@/lib/places/place-schema';
import { searchParamsSchema } from '@/lib/places/query/search-query';
import { type PlacesTestServer, startPlacesServer } from './support/places-server';
import { validate } from './support/json-schema';

describe('the one contract', () => {
  it('is what the OpenAPI document publishes: its component schemas are z.toJSONSchema of the contract, nothing else', () => {
    const registry = z.registry<{ id: string }>();
    for (const [id, schema] of Object.entries(components)) registry.add(schema, { id });
    const generated = z.toJSONSchema(registry, { target: 'draft-2020-12', uri: (id) => `#/components/schemas/${id}` }).schemas;
    const published = openApiDocument('http://example.test').components.schemas;
    expect(Object.keys(published)).toEqual(Object.keys(components));
    for (const [name, schema] of Object.entries(published)) {
      const { $schema: _s, $id: _i, ...expected } = generated[name];
      expect(schema, name).toEqual(expected);
    }
    // Parts are referenced, not copied: a change to a part changes every schema that holds it.
    expect((published.PlaceSummary.properties as Record<string, unknown>).tags).toEqual({
      type: 'array', items: { $ref: '#/components/schemas/NamedId' }, description: 'Standard Tags visible to the calling account.',
    });
  });

  it('gives the Explorer its types by inference', () => {
    expectTypeOf<SearchResponse>().toEqualTypeOf<z.infer<typeof searchResponseSchema>>();
    expectTypeOf<ClusterResponse>().toEqualTypeOf<z.infer<typeof clusterResponseSchema>>();
    expectTypeOf<ListSearchResponse>().toEqualTypeOf<z.infer<typeof listSearchResponseSchema>>();
    expectTypeOf<PlaceListItem>().toEqualTypeOf<z.infer<typeof placeListItemSchema>>();
    expectTypeOf<NamedId>().toEqualTypeOf<z.infer<typeof namedIdSchema>>();
    expectTypeOf<Region>().toEqualTypeOf<z.infer<typeof regionSchema>>();
    type Summary = z.infer<typeof placeSummarySchema>;
    type Details = z.infer<typeof placeDetailsSchema>;
    // A Place is either form: both are Places, and every field has the contract's type (detail-only ones optional).
    expectTypeOf<Summary>().toExtend<Place>();
    expectTypeOf<Details>().toExtend<Place>();
    // The list form is a part of either: the badges and the map take a result, details or the list's form alike.
    expectTypeOf<Place>().toExtend<PlaceListItem>();
    expectTypeOf<Summary>().toExtend<PlaceListItem>();
    expectTypeOf<Place['locations']>().toEqualTypeOf<Summary['locations']>();
    expectTypeOf<Place['chain']>().toEqualTypeOf<Summary['chain']>();
    expectTypeOf<Place['reviews']>().toEqualTypeOf<Details['reviews'] | undefined>();
    expectTypeOf<Place['engagement']['visits']>().toEqualTypeOf<Details['engagement']['visits'] | undefined>();
  });

  it('is what the importer takes: the stored record is the details form plus rv_service and the search icon', () => {
    expect(Object.keys(placeSchema.shape).sort()).toEqual([...Object.keys(placeDetailsSchema.shape), 'search_icon'].sort());
    expect(placeSchema.shape.tags).toBe(placeDetailsSchema.shape.tags);
  });
});

describe('the Place API answers as the contract says (parsed by its zod schemas, strictly)', () => {
  let s: PlacesTestServer;
  beforeAll(async () => {
    s = await startPlacesServer();
  });
  afterAll(() => s?.close());

  const answers = (path: string, schema: z.ZodType) => async () => {
    const { status, body } = await s.json<unknown>(path);
    const parsed = schema.safeParse(body);
    expect(parsed.success ? [] : parsed.error.issues.slice(0, 3), `${status} ${path}`).toEqual([]);
  };

  it('search, with a center and along a route', async () => {
    await answers('/api/v2/search?center=-98,39&radius=500000&limit=100', searchResponseSchema)();
    await answers('/api/v2/search?route=_p~iF~ps%7CU_ulLnnqC_mqNvxq%60%40&route_buffer=50000&limit=50', searchResponseSchema)();
  });

  it('details', async () => {
    const { body } = await s.json<{ data: { id: number }[] }>('/api/v2/search?center=-98,39&radius=500000&limit=20&sort=rating');
    for (const { id } of body.data) await answers(`/api/v2/canonical_places/${id}`, detailsResponseSchema)();
  });

  it('clusters, lists and errors', async () => {
    await answers('/api/v2/search/clusters?center=-98,39&radius=500000&bbox=-110,30,-86,48&zoom=4', clusterResponseSchema)();
    await answers('/api/v2/tags', namedIdListSchema)();
    await answers('/api/v2/chains', namedIdListSchema)();
    await answers('/api/v2/rv_service/rv_types', stringListSchema)();
    await answers('/api/v2/search?center=-98,39&radius=0', errorSchema)();
    await answers('/api/v2/canonical_places/999999999999', errorSchema)();
  });

  it('and the JSON Schemas made from it hold the answers too', async () => {
    const doc = (await s.json<Record<string, unknown>>('/api/v2/openapi.json')).body;
    const { body } = await s.json<unknown>('/api/v2/search?center=-98,39&radius=500000&limit=100');
    expect(validate(body, { $ref: '#/components/schemas/SearchResponse' }, doc).slice(0, 5)).toEqual([]);
    // The validator is not vacuous: a chain of the wrong shape fails its anyOf of NamedId or null.
    const bad = structuredClone(body) as { data: { chain: unknown }[] };
    bad.data[0].chain = { public_id: 'Not An Id', name: 'x' };
    expect(validate(bad, { $ref: '#/components/schemas/SearchResponse' }, doc)).not.toEqual([]);
  });
});

describe('the Explorer checks a search with the Place API limits', () => {
  const base = { center: '-98,39', radius: '1000' };
  const explorer = (params: Record<string, string>) => searchSchema.safeParse({ ...base, ...params }).success;
  const api = (params: Record<string, string>) =>
    searchParamsSchema.safeParse(Object.fromEntries(Object.entries({ ...base, ...params }).map(([k, v]) => [k, [v]]))).success;
  const id = (n: number) => 'a'.repeat(n);

  it.each([
    ['offset', String(MAX_OFFSET)], ['offset', String(MAX_OFFSET + 1)],
    ['limit', String(MAX_LIMIT)], ['limit', String(MAX_LIMIT + 1)],
    ['radius', String(MAX_RADIUS)], ['radius', String(MAX_RADIUS + 1)], ['radius', '0'],
    ['min_fidelity', String(MIN_FIDELITY)], ['min_fidelity', String(MIN_FIDELITY - 1)], ['max_fidelity', String(MAX_FIDELITY + 1)],
    ['name', id(MAX_NAME_CHARS)], ['name', id(MAX_NAME_CHARS + 1)],
    ['rv_service_dealer_amenities', id(MAX_AMENITY_CHARS)], ['rv_service_dealer_amenities', id(MAX_AMENITY_CHARS + 1)],
    ['tags', id(MAX_PUBLIC_ID_CHARS)], ['tags', id(MAX_PUBLIC_ID_CHARS + 1)], ['tags', `!${id(MAX_PUBLIC_ID_CHARS)}`], ['tags', 'Upper'], ['tags', 'under_score'],
    ['chains', id(MAX_PUBLIC_ID_CHARS + 1)], ['sort', 'rating'], ['sort', 'price'],
    // How numbers are written: both read decimals (an exponent too) and plain digits, nothing Number() would also take.
    ['offset', ''], ['offset', ' '], ['limit', '+5'], ['limit', '0x10'], ['radius', '1e3'], ['radius', '1000.0'], ['min_fidelity', '2.0'],
    ['center', '-98.5,3.9e1'], ['center', '+98,39'], ['center', '0x10,5'], ['center', '-98,'], ['center', 'Infinity,0'], ['center', '-98,39,1'],
  ])('%s=%s: both accept it or both refuse it', (name, value) => {
    expect(explorer({ [name]: value })).toBe(api({ [name]: value }));
  });

  it.each(['', '1e1', '10.', '.5', '0x1', '91'])('north=%s with a box: both accept it or both refuse it', (north) => {
    const box = { north, south: '-10', east: '-90', west: '-110' };
    expect(explorer(box)).toBe(api(box));
  });

  it.each([String(MAX_ROUTE_BUFFER), String(MAX_ROUTE_BUFFER + 1)])('route_buffer=%s with a route: both accept it or both refuse it', (buffer) => {
    const params = { route: '_p~iF~ps|U_ulLnnqC_mqNvxq`@', route_buffer: buffer };
    expect(searchSchema.safeParse(params).success).toBe(searchParamsSchema.safeParse({ route: [params.route], route_buffer: [buffer] }).success);
  });
});
