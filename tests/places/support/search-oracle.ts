// The reference every place store is held to: a brute-force scan of the same records with an independent distance
// (haversine), and the generated queries the property tests send to every engine.
import fc from 'fast-check';
import { CHAINS, RV_AVAILABLE_SERVICES, RV_SERVICED_MAKES, RV_TYPES, STANDARD_TAGS } from '@/lib/places/catalog';
import { createGenerator } from '@/lib/places/dataset/generator';
import { mulberry32 } from '@/lib/places/dataset/prng';
import type { PlaceRecord } from '@/lib/places/place-schema';
import { relevanceScore } from '@/lib/places/ranking';
import type { LocationFilter, SearchQuery } from '@/lib/places/store/types';
import { fold, words } from '@/lib/places/text';

const R = 6371008.8;
const rad = (d: number) => (d * Math.PI) / 180;

/** Haversine: an independent distance, not the stores' chord arithmetic. */
export function haversine(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const a = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Generated places plus copies moved near the antimeridian and the poles, where geometry breaks first. */
export function oracleDataset(): PlaceRecord[] {
  const gen = createGenerator({ seed: 7, baseUrl: 'http://localhost:1', today: '2026-01-15' });
  const out: PlaceRecord[] = [];
  for (let i = 0; i < 1500; i++) out.push(gen.place(i));
  const rng = mulberry32(99);
  for (let i = 0; i < 700; i++) {
    const p = structuredClone(gen.place(1500 + i));
    const zone = i % 4;
    const lon = zone < 2 ? (rng() < 0.5 ? 180 - rng() * 1.5 : -180 + rng() * 1.5) : rng() * 360 - 180;
    const lat = zone === 0 ? rng() * 120 - 60 : zone === 1 ? rng() * 10 - 5 : zone === 2 ? 84 + rng() * 5.9 : -84 - rng() * 5.9;
    p.locations[0].longitude = Math.round(lon * 1e6) / 1e6;
    p.locations[0].latitude = Math.round(lat * 1e6) / 1e6;
    out.push(p);
  }
  return out;
}

function bearing(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const y = Math.sin(rad(lon2 - lon1)) * Math.cos(rad(lat2));
  const x = Math.cos(rad(lat1)) * Math.sin(rad(lat2)) - Math.sin(rad(lat1)) * Math.cos(rad(lat2)) * Math.cos(rad(lon2 - lon1));
  return Math.atan2(y, x);
}

/**
 * Meters from a route and meters along it to the nearest point, by the navigation formulas (cross-track and
 * along-track distance from bearings), independent of the stores' vector arithmetic. Of equally near points (within
 * a micrometer), the first along the route.
 */
export function routeMeasure(points: { lon: number; lat: number }[], lon: number, lat: number): { d: number; offset: number } {
  let best = { d: Infinity, offset: 0 };
  let start = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i];
    const b = points[i + 1];
    const len = haversine(a.lon, a.lat, b.lon, b.lat);
    const dA = haversine(a.lon, a.lat, lon, lat);
    let cand: { d: number; offset: number };
    if (len === 0) cand = { d: dA, offset: start };
    else {
      const d13 = dA / R;
      const alpha = bearing(a.lon, a.lat, lon, lat) - bearing(a.lon, a.lat, b.lon, b.lat);
      const along = Math.atan2(Math.sin(d13) * Math.cos(alpha), Math.cos(d13)) * R;
      if (along < 0) cand = { d: dA, offset: start };
      else if (along > len) cand = { d: haversine(b.lon, b.lat, lon, lat), offset: start + len };
      else cand = { d: Math.abs(Math.asin(Math.sin(d13) * Math.sin(alpha))) * R, offset: start + along };
    }
    if (cand.d < best.d - 1e-6) best = cand;
    start += len;
  }
  return best;
}

function inBox(lon: number, lat: number, b: NonNullable<SearchQuery['box']>): boolean {
  if (lat < b.south || lat > b.north) return false;
  return b.west <= b.east ? lon >= b.west && lon <= b.east : lon >= b.west || lon <= b.east;
}

function inLocations(p: PlaceRecord, locations: LocationFilter[]): boolean {
  const loc = p.locations[0];
  return locations.some((l) =>
    l.kind === 'country' ? loc.country === l.code : l.kind === 'state' ? `${loc.country}-${loc.state}` === l.code : p.regions_hierarchy.some((r) => r.id === l.id),
  );
}

export interface OracleRow {
  p: PlaceRecord;
  d: number;
  route: { d: number; offset: number } | null;
}

export function bruteForce(places: PlaceRecord[], q: SearchQuery): { total: number; page: OracleRow[] } {
  const rows = places
    .map((p) => {
      const { longitude: lon, latitude: lat } = p.locations[0];
      const route = q.route ? routeMeasure(q.route.points, lon, lat) : null;
      return { p, lon, lat, d: q.center ? haversine(q.center.lon, q.center.lat, lon, lat) : 0, route };
    })
    .filter(({ p, lon, lat, d, route }) => {
      if (route && route.d > q.route!.buffer) return false;
      if (q.locations) {
        if (!inLocations(p, q.locations)) return false;
      } else {
        if (q.radius !== undefined && d > q.radius) return false;
        if (q.box && !inBox(lon, lat, q.box)) return false;
      }
      const tags = p.tags.map((t) => t.public_id);
      if (q.tags.include.length && !q.tags.include.some((t) => tags.includes(t))) return false;
      if (q.tags.exclude.some((t) => tags.includes(t))) return false;
      if (q.chains.include.length && !q.chains.include.includes(p.chain?.public_id ?? '')) return false;
      if (q.chains.exclude.includes(p.chain?.public_id ?? '')) return false;
      if (q.minFidelity && p.fidelity < q.minFidelity) return false;
      if (q.maxFidelity && p.fidelity > q.maxFidelity) return false;
      const names = words([p.name, ...p.alt_names].join(' '));
      if (q.name && !words(q.name).slice(0, 12).every((w) => names.some((h) => h.startsWith(w)))) return false;
      if (q.culturalQuery) {
        const all = new Set([...names, ...words([p.subtitle, p.description, p.road_trip_details.editorial].join(' '))]);
        if (!words(q.culturalQuery).slice(0, 12).every((w) => all.has(w))) return false;
      }
      if (q.rv) {
        const rv = p.rv_service;
        if (!rv) return false;
        if (q.rv.makes && !q.rv.makes.some((m) => rv.serviced_makes.includes(m))) return false;
        if (q.rv.rvTypes && !q.rv.rvTypes.some((m) => rv.serviced_rv_types.includes(m))) return false;
        if (q.rv.services && !q.rv.services.every((m) => rv.available_services.includes(m))) return false;
        if (q.rv.amenity && !rv.dealer_amenities.map(fold).join('\n').includes(fold(q.rv.amenity))) return false;
        if (q.rv.rental !== undefined && rv.rental_available !== q.rv.rental) return false;
        if (q.rv.association !== undefined && rv.association_member !== q.rv.association) return false;
        if (q.rv.partner !== undefined && rv.partner_dealer !== q.rv.partner) return false;
      }
      return true;
    });
  const score = (p: PlaceRecord) =>
    relevanceScore({ fidelity: p.fidelity, avgRating: p.engagement.avg_rating, ratingCount: p.engagement.rating_count, images: p.images.length, reviews: p.reviews.length });
  rows.sort((a, b) => {
    switch (q.sort) {
      case 'distance':
        return a.d - b.d || a.p.id - b.p.id;
      case 'route':
        return a.route!.offset - b.route!.offset || a.route!.d - b.route!.d || a.p.id - b.p.id;
      case 'relevance':
        return score(b.p) - score(a.p) || a.p.id - b.p.id;
      case 'rating':
        return b.p.engagement.avg_rating - a.p.engagement.avg_rating || b.p.engagement.rating_count - a.p.engagement.rating_count || a.p.id - b.p.id;
      case 'name': {
        const x = fold(a.p.name);
        const y = fold(b.p.name);
        return x < y ? -1 : x > y ? 1 : a.p.id - b.p.id;
      }
    }
  });
  return { total: rows.length, page: rows.slice(q.offset, q.offset + q.limit) };
}

const ids = (list: string[], max = 2, weight = 3) =>
  fc.oneof({ weight, arbitrary: fc.constant([] as string[]) }, { weight: 1, arbitrary: fc.subarray(list, { minLength: 1, maxLength: max }) });
/** Present in about one query of `every`. */
const sometimes = <T>(arb: fc.Arbitrary<T>, every = 4) => fc.oneof({ weight: every - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

/** RV filters: serviced makes, RV types, services, a dealer amenity, the flags. */
function rvFilters(places: PlaceRecord[]): fc.Arbitrary<NonNullable<SearchQuery['rv']>> {
  const amenity = fc.integer({ min: 0, max: places.length - 1 }).map((i) => places[i].rv_service?.dealer_amenities[0]?.slice(0, 6) ?? 'wifi');
  return fc.record({
    makes: fc.option(fc.subarray(RV_SERVICED_MAKES, { minLength: 1, maxLength: 2 }), { nil: undefined }),
    rvTypes: fc.option(fc.subarray(RV_TYPES, { minLength: 1, maxLength: 2 }), { nil: undefined }),
    services: fc.option(fc.subarray(RV_AVAILABLE_SERVICES, { minLength: 1, maxLength: 2 }), { nil: undefined }),
    amenity: fc.option(amenity, { nil: undefined, freq: 4 }),
    rental: fc.option(fc.boolean(), { nil: undefined }),
    association: fc.option(fc.boolean(), { nil: undefined, freq: 4 }),
    partner: fc.option(fc.boolean(), { nil: undefined, freq: 4 }),
  });
}

/** A route's random walk from its start: up to six steps of up to a degree each, times a scale, and a buffer. */
const routeShape = {
  steps: fc.array(fc.record({ lon: fc.double({ min: -1, max: 1, noNaN: true }), lat: fc.double({ min: -1, max: 1, noNaN: true }) }), { minLength: 1, maxLength: 6 }),
  scale: fc.constantFrom(0.05, 0.5, 2, 12),
  buffer: fc.oneof(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 5_000, max: 50_000 })),
};

const wrap = (lon: number) => (lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon);
const round5 = (v: number) => Math.round(v * 1e5) / 1e5;

function routeFrom(start: { lon: number; lat: number }, shape: { steps: { lon: number; lat: number }[]; scale: number; buffer: number }): NonNullable<SearchQuery['route']> {
  const points = [{ lon: round5(start.lon), lat: round5(start.lat) }];
  for (const step of shape.steps) {
    const last = points[points.length - 1];
    points.push({ lon: round5(wrap(last.lon + step.lon * shape.scale)), lat: round5(Math.max(-90, Math.min(90, last.lat + step.lat * shape.scale))) });
  }
  return { points, buffer: shape.buffer };
}

/** Generated searches over `places`: areas near the antimeridian, the poles and the places, with every filter and sort. */
export function searchQueries(places: PlaceRecord[]): fc.Arbitrary<SearchQuery> {
  const n = places.length - 1;
  const lonLat = fc.oneof(
    fc.record({ lon: fc.double({ min: 178.5, max: 180, noNaN: true }), lat: fc.double({ min: -6, max: 6, noNaN: true }) }),
    fc.record({ lon: fc.double({ min: -180, max: -178.5, noNaN: true }), lat: fc.double({ min: -6, max: 6, noNaN: true }) }),
    fc.record({ lon: fc.double({ min: -180, max: 180, noNaN: true }), lat: fc.double({ min: 83, max: 89.999, noNaN: true }) }),
    fc.record({ lon: fc.double({ min: -180, max: 180, noNaN: true }), lat: fc.double({ min: -89.999, max: -83, noNaN: true }) }),
    fc.integer({ min: 0, max: n }).map((i) => ({ lon: places[i].locations[0].longitude + 0.01, lat: places[i].locations[0].latitude - 0.01 })),
    fc.integer({ min: 0, max: n }).map((i) => ({ lon: places[i].locations[0].longitude - 0.2, lat: places[i].locations[0].latitude + 0.1 })),
    fc.integer({ min: 0, max: n }).map((i) => ({ lon: places[i].locations[0].longitude, lat: places[i].locations[0].latitude })),
  );
  const location = fc.integer({ min: 0, max: n }).chain((i) => {
    const p = places[i];
    const loc = p.locations[0];
    const options: LocationFilter[] = [{ kind: 'country', code: loc.country }, { kind: 'state', code: `${loc.country}-${loc.state}` }];
    for (const r of p.regions_hierarchy) options.push({ kind: 'region', id: r.id });
    return fc.constantFrom(...options);
  });
  const culturalWord = fc.integer({ min: 0, max: n }).chain((i) => {
    const w = words(places[i].description);
    return w.length ? fc.constantFrom(...w.slice(0, 8)) : fc.constant('museum');
  });
  return fc
    .record({
      center: lonLat,
      radius: fc.oneof(fc.integer({ min: 1, max: 30_000 }), fc.integer({ min: 30_000, max: 500_000 }), fc.integer({ min: 150_000, max: 500_000 })),
      box: sometimes(fc.record({ s: fc.double({ min: 0, max: 6, noNaN: true }), n: fc.double({ min: 0, max: 6, noNaN: true }), w: fc.double({ min: 0, max: 8, noNaN: true }), e: fc.double({ min: 0, max: 8, noNaN: true }) }), 3),
      locations: sometimes(fc.array(location, { minLength: 1, maxLength: 3 }), 7),
      tagInc: ids(STANDARD_TAGS.map((t) => t.public_id)),
      tagExc: ids(STANDARD_TAGS.map((t) => t.public_id)),
      chainInc: ids(CHAINS.map((c) => c.public_id), 1, 8),
      chainExc: ids(CHAINS.map((c) => c.public_id), 1),
      minF: sometimes(fc.integer({ min: 1, max: 5 })),
      maxF: sometimes(fc.integer({ min: 3, max: 5 })),
      name: sometimes(fc.integer({ min: 0, max: n }), 8),
      /** With a name: no area at all (the whole dataset), with or without the center as the distance reference. */
      nameAlone: sometimes(fc.boolean(), 3),
      cultural: sometimes(culturalWord, 8),
      rv: sometimes(rvFilters(places), 8),
      route: sometimes(
        fc.record({
          ...routeShape,
          /** The route alone, with the circle, or with the center as the distance reference only. */
          mode: fc.constantFrom('alone' as const, 'circle' as const, 'center' as const),
        }),
        3,
      ),
      sort: fc.constantFrom('distance' as const, 'distance' as const, 'relevance' as const, 'rating' as const, 'name' as const, 'route' as const),
      offset: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 40 })),
      limit: fc.integer({ min: 1, max: 25 }),
    })
    .map((r): SearchQuery => {
      const c = { lon: Math.max(-180, Math.min(180, r.center.lon)), lat: r.center.lat };
      const route = r.route && routeFrom(c, r.route);
      if (r.name !== undefined && r.nameAlone !== undefined) {
        const name = places[r.name].name.split(' ')[0].slice(0, 4);
        const sort = r.sort === 'route' || (r.sort === 'distance' && !r.nameAlone) ? 'relevance' : r.sort;
        return {
          center: r.nameAlone ? c : undefined,
          tags: { include: r.tagInc, exclude: r.tagExc },
          chains: { include: r.chainInc, exclude: r.chainExc },
          minFidelity: r.minF,
          maxFidelity: r.minF && r.maxF && r.maxF < r.minF ? r.minF : r.maxF,
          name,
          rv: r.rv,
          sort,
          offset: r.offset,
          limit: r.limit,
        };
      }
      const keepCenter = !route || r.route!.mode !== 'alone';
      let sort = r.sort;
      if (sort === 'route' && !route) sort = 'distance';
      if (sort === 'distance' && !keepCenter) sort = 'route';
      return {
        center: keepCenter ? c : undefined,
        radius: !route || r.route!.mode === 'circle' ? r.radius : undefined,
        route,
        box: r.box && { south: Math.max(-90, c.lat - r.box.s), north: Math.min(90, c.lat + r.box.n), west: wrap(c.lon - r.box.w), east: wrap(c.lon + r.box.e) },
        locations: r.locations,
        tags: { include: r.tagInc, exclude: r.tagExc },
        chains: { include: r.chainInc, exclude: r.chainExc },
        minFidelity: r.minF,
        maxFidelity: r.minF && r.maxF && r.maxF < r.minF ? r.minF : r.maxF,
        name: r.name === undefined ? undefined : places[r.name].name.split(' ')[0].slice(0, 4),
        culturalQuery: r.cultural,
        rv: r.rv,
        sort,
        offset: r.offset,
        limit: r.limit,
      };
    });
}

/**
 * Searches by `locations` alone, the worst the API accepts: whole countries and states, their regions, overlapping and
 * repeated entries (a state with its country, a region with its state), with and without a center, with no filter,
 * one tag or one chain (the location counts' cases) or more (the scan's), every sort but route, deep offsets.
 */
export function locationQueries(places: PlaceRecord[], options: { byDistance?: boolean } = {}): fc.Arbitrary<SearchQuery> {
  const n = places.length - 1;
  const byCountry = new Map<string, number>();
  for (const p of places) byCountry.set(p.locations[0].country, (byCountry.get(p.locations[0].country) ?? 0) + 1);
  const biggest = [...byCountry.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([code]) => code);
  const entriesOf = (p: PlaceRecord): LocationFilter[] => [
    { kind: 'country', code: p.locations[0].country },
    { kind: 'state', code: `${p.locations[0].country}-${p.locations[0].state}` },
    ...p.regions_hierarchy.map((r): LocationFilter => ({ kind: 'region', id: r.id })),
  ];
  const entry = fc.oneof(
    fc.integer({ min: 0, max: n }).chain((i) => fc.constantFrom(...entriesOf(places[i]))),
    fc.constantFrom(...biggest).map((code): LocationFilter => ({ kind: 'country', code })),
  );
  /** A place's nested locations, some of them: overlapping entries of one hierarchy. */
  const nested = fc.integer({ min: 0, max: n }).chain((i) => fc.subarray(entriesOf(places[i]), { minLength: 2 }));
  const locations = fc.oneof(
    fc.array(entry, { minLength: 1, maxLength: 4 }),
    fc.tuple(nested, fc.array(entry, { maxLength: 2 })).map(([a, b]) => [...a, ...b]),
    fc.array(entry, { minLength: 1, maxLength: 2 }).map((l) => [...l, ...l]),
    fc.constant<LocationFilter[]>([{ kind: 'country', code: 'ZZ' }]),
    fc.array(entry, { minLength: 5, maxLength: 20 }),
  );
  const point = fc.integer({ min: 0, max: n }).map((i) => ({ lon: places[i].locations[0].longitude + 0.003, lat: places[i].locations[0].latitude - 0.002 }));
  /** The point opposite a place on the globe: every location is far, most of them about equally far. */
  const antipode = point.map((c) => ({ lon: c.lon > 0 ? c.lon - 180 : c.lon + 180, lat: -c.lat }));
  const anywhere = fc.oneof(point, antipode, fc.record({ lon: fc.double({ min: -180, max: 180, noNaN: true }), lat: fc.double({ min: -89, max: 89, noNaN: true }) }));
  return fc
    .record({
      locations,
      center: options.byDistance ? anywhere : fc.option(anywhere, { nil: undefined }),
      tagInc: ids(STANDARD_TAGS.map((t) => t.public_id), 2, 2),
      tagExc: ids(STANDARD_TAGS.map((t) => t.public_id), 1, 8),
      chainInc: ids(CHAINS.map((c) => c.public_id), 1, 4),
      minF: sometimes(fc.integer({ min: 1, max: 5 }), 8),
      maxF: sometimes(fc.integer({ min: 2, max: 4 }), 8),
      chainExc: ids(CHAINS.map((c) => c.public_id), 2, 6),
      // Text and RV filters, which the point grid answers with the location's places as a mark (SQLite).
      name: sometimes(fc.integer({ min: 0, max: n }), 6),
      cultural: sometimes(fc.integer({ min: 0, max: n }).map((i) => words(places[i].description)[0] ?? 'museum'), 10),
      rv: sometimes(rvFilters(places), 6),
      // One excluded tag or chain and no other filter, which the location counts answer: in about one query of four.
      excludedOnly: sometimes(
        fc.oneof(
          fc.constantFrom(...STANDARD_TAGS.map((t) => t.public_id)).map((t) => ({ tags: [t], chains: [] as string[] })),
          fc.constantFrom(...CHAINS.map((c) => c.public_id)).map((c) => ({ tags: [] as string[], chains: [c] })),
        ),
        4,
      ),
      sort: options.byDistance ? fc.constant('distance' as const) : fc.constantFrom('distance' as const, 'relevance' as const, 'rating' as const, 'name' as const),
      offset: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 100, max: 1200 })),
      limit: fc.integer({ min: 1, max: 25 }),
    })
    .map((r): SearchQuery => ({
      locations: r.locations,
      center: r.center,
      tags: r.excludedOnly ? { include: [], exclude: r.excludedOnly.tags } : { include: r.tagInc, exclude: r.tagExc },
      chains: r.excludedOnly ? { include: [], exclude: r.excludedOnly.chains } : { include: r.chainInc, exclude: r.chainExc },
      minFidelity: r.excludedOnly ? undefined : r.minF,
      maxFidelity: r.excludedOnly || r.maxF === undefined ? undefined : Math.max(r.maxF, r.minF ?? 1),
      name: r.excludedOnly || r.name === undefined ? undefined : places[r.name].name.split(' ')[0].slice(0, 4),
      culturalQuery: r.excludedOnly ? undefined : r.cultural,
      rv: r.excludedOnly ? undefined : r.rv,
      sort: r.sort === 'distance' && !r.center ? 'relevance' : r.sort,
      offset: r.offset,
      limit: r.limit,
    }));
}

/**
 * Searches by `locations` (as locationQueries) along a route that starts at one of the dataset's places: short and
 * narrow routes inside a whole country (its corridor holds fewer places than the country) and long, wide ones
 * beside a small region (the region holds fewer), in route order or any other.
 */
export function locationRouteQueries(places: PlaceRecord[]): fc.Arbitrary<SearchQuery> {
  const n = places.length - 1;
  return fc
    .tuple(locationQueries(places), fc.integer({ min: 0, max: n }), fc.record(routeShape), fc.constantFrom('route' as const, 'route' as const, 'relevance' as const, 'rating' as const, 'name' as const, 'distance' as const))
    .map(([q, i, shape, sort]): SearchQuery => ({
      ...q,
      route: routeFrom({ lon: places[i].locations[0].longitude, lat: places[i].locations[0].latitude }, shape),
      sort: sort === 'distance' && !q.center ? 'route' : sort,
    }));
}
