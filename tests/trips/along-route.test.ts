import polyline from '@mapbox/polyline';
import { describe, expect, it } from 'vitest';
import { EMPTY_RV } from '@/lib/explorer/url-state';
import { searchSchema } from '@/lib/explorer/search-schema';
import { alongSearchParams, encodeRoute } from '@/lib/trips/along-search';
import { insertIndexAt, routeLine } from '@/lib/trips/route-line';
import { validCorridor } from '@/lib/trips/corridor';
import { greatCircleMeters } from '@/lib/trips/legs/great-circle';

const STOPS = [
  { lon: -74.006, lat: 40.7128 },
  { lon: -75.1652, lat: 39.9526 },
  { lon: -76.6122, lat: 39.2904 },
  { lon: -77.0369, lat: 38.9072 },
];
const NO_FILTERS = { tags: [], chains: [], name: '', minFidelity: null, maxFidelity: null, rv: EMPTY_RV };

describe('encodeRoute', () => {
  it('encodes the line in order, latitude first, at precision 5', () => {
    expect(polyline.decode(encodeRoute(routeLine(STOPS)))).toEqual(STOPS.map((s) => [s.lat, s.lon]));
  });

  it('matches the reference encoding of the polyline algorithm', () => {
    // Google's documented example: (38.5, -120.2), (40.7, -120.95), (43.252, -126.453).
    expect(encodeRoute({ points: [[-120.2, 38.5], [-120.95, 40.7], [-126.453, 43.252]] })).toBe('_p~iF~ps|U_ulLnnqC_mqNvxq`@');
  });

  it('keeps a leg across the antimeridian as its two points', () => {
    expect(polyline.decode(encodeRoute(routeLine([{ lon: 179.5, lat: 60 }, { lon: -179.5, lat: 60 }])))).toEqual([
      [60, 179.5],
      [60, -179.5],
    ]);
  });
});

describe('a place found along the stops', () => {
  const { stopOffsets } = routeLine(STOPS);

  it('is placed after the last stop at or before its offset, the offsets adding up the great-circle legs', () => {
    expect(stopOffsets[1]).toBeCloseTo(greatCircleMeters([STOPS[0].lon, STOPS[0].lat], [STOPS[1].lon, STOPS[1].lat]), 6);
    expect(insertIndexAt(stopOffsets, 0)).toBe(1);
    expect(insertIndexAt(stopOffsets, stopOffsets[1] - 1)).toBe(1);
    expect(insertIndexAt(stopOffsets, (stopOffsets[1] + stopOffsets[2]) / 2)).toBe(2);
    expect(insertIndexAt(stopOffsets, stopOffsets[3])).toBe(4);
  });

  it('keeps a place beside repeated stops after the last of them', () => {
    const twice = routeLine([STOPS[0], STOPS[1], STOPS[1], STOPS[2]]).stopOffsets;
    expect(insertIndexAt(twice, stopOffsets[1] + 10)).toBe(3);
  });
});

describe('alongSearchParams', () => {
  it('asks for the route, the corridor in meters, the filters and the route order, and passes the Explorer schema', () => {
    const p = alongSearchParams(routeLine(STOPS), 10, { ...NO_FILTERS, tags: ['rv-dealers'], rv: { ...EMPTY_RV, makes: ['Winnebago', 'Thor'] } }, 20);
    expect(p.get('route')).toBe(encodeRoute(routeLine(STOPS)));
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
