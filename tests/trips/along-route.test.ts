import polyline from '@mapbox/polyline';
import { describe, expect, it } from 'vitest';
import { EMPTY_RV } from '@/lib/explorer/url-state';
import { searchSchema } from '@/lib/explorer/search-schema';
import { encodeTripRoute, insertIndexForOffset, stopOffsets } from '@/lib/trips/along-route';
import { alongSearchParams } from '@/lib/trips/along-search';
import { validCorridor } from '@/lib/trips/corridor';
import { greatCircleMeters } from '@/lib/trips/legs/great-circle';

const STOPS = [
  { lon: -74.006, lat: 40.7128 },
  { lon: -75.1652, lat: 39.9526 },
  { lon: -76.6122, lat: 39.2904 },
  { lon: -77.0369, lat: 38.9072 },
];
const NO_FILTERS = { tags: [], chains: [], name: '', minFidelity: null, maxFidelity: null, rv: EMPTY_RV };

describe('encodeTripRoute', () => {
  it('encodes the stops in order, latitude first, at precision 5', () => {
    expect(polyline.decode(encodeTripRoute(STOPS))).toEqual(STOPS.map((s) => [s.lat, s.lon]));
  });

  it('matches the reference encoding of the polyline algorithm', () => {
    // Google's documented example: (38.5, -120.2), (40.7, -120.95), (43.252, -126.453).
    expect(encodeTripRoute([{ lat: 38.5, lon: -120.2 }, { lat: 40.7, lon: -120.95 }, { lat: 43.252, lon: -126.453 }])).toBe('_p~iF~ps|U_ulLnnqC_mqNvxq`@');
  });

  it('keeps a leg across the antimeridian as its two points', () => {
    expect(polyline.decode(encodeTripRoute([{ lon: 179.5, lat: 60 }, { lon: -179.5, lat: 60 }]))).toEqual([
      [60, 179.5],
      [60, -179.5],
    ]);
  });
});

describe('stopOffsets', () => {
  it('adds up the great-circle legs', () => {
    const offsets = stopOffsets(STOPS);
    expect(offsets[0]).toBe(0);
    expect(offsets[1]).toBeCloseTo(greatCircleMeters([STOPS[0].lon, STOPS[0].lat], [STOPS[1].lon, STOPS[1].lat]), 6);
    for (let i = 1; i < offsets.length; i++) expect(offsets[i]).toBeGreaterThan(offsets[i - 1]);
  });
});

describe('insertIndexForOffset', () => {
  const offsets = stopOffsets(STOPS);

  it('puts a place after the last stop at or before its offset along the route', () => {
    expect(insertIndexForOffset(STOPS, 0)).toBe(1);
    expect(insertIndexForOffset(STOPS, offsets[1] - 1)).toBe(1);
    expect(insertIndexForOffset(STOPS, offsets[1])).toBe(2);
    expect(insertIndexForOffset(STOPS, (offsets[1] + offsets[2]) / 2)).toBe(2);
    expect(insertIndexForOffset(STOPS, offsets[2] + 1)).toBe(3);
  });

  it('appends a place found at the end of the route', () => {
    expect(insertIndexForOffset(STOPS, offsets[3])).toBe(4);
  });

  it('keeps a place beside repeated stops after the last of them', () => {
    const twice = [STOPS[0], STOPS[1], STOPS[1], STOPS[2]];
    expect(insertIndexForOffset(twice, offsets[1] + 10)).toBe(3);
  });

  it('places into an empty or one-stop trip at the end', () => {
    expect(insertIndexForOffset([], 100)).toBe(0);
    expect(insertIndexForOffset([STOPS[0]], 0)).toBe(1);
  });
});

describe('alongSearchParams', () => {
  it('asks for the route, the corridor in meters, the filters and the route order, and passes the Explorer schema', () => {
    const p = alongSearchParams(STOPS, 10, { ...NO_FILTERS, tags: ['rv-dealers'], rv: { ...EMPTY_RV, makes: ['Winnebago', 'Thor'] } }, 20);
    expect(p.get('route')).toBe(encodeTripRoute(STOPS));
    expect(p.get('route_buffer')).toBe('10000');
    expect(p.get('sort')).toBe('route');
    expect(p.get('tags')).toBe('rv-dealers');
    expect(p.get('rv_service_serviced_makes')).toBe('Winnebago,Thor');
    expect(p.get('offset')).toBe('20');
    expect(p.has('center')).toBe(false);
    expect(searchSchema.safeParse(Object.fromEntries(p)).success).toBe(true);
  });

  it('takes corridors of 1 to 50 km only', () => {
    expect(['1', '10', '50', '2.5'].every((v) => validCorridor(v, 'km'))).toBe(true);
    expect(['0', '0.5', '51', '', 'ten'].some((v) => validCorridor(v, 'km'))).toBe(false);
  });
});
