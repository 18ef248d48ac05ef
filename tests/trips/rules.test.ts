import { describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/http/http-error';
import { exportFileName } from '@/lib/trips/export-file-name';
import { tripToGpx } from '@/lib/trips/gpx-export';
import { gpxToTrip } from '@/lib/trips/gpx-import';
import { createTripInput, patchTripInput, type TripStop } from '@/lib/trips/model';
import { hashShareToken, isShareTokenShape, newShareToken } from '@/lib/trips/share-token';
import { resolveStops } from '@/lib/trips/stops';

const custom = (i: number) => ({ kind: 'custom' as const, name: `Stop ${i}`, lon: 0, lat: 0 });
const firstMessage = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? null : `${r.error!.issues[0].path.join('.')}: ${r.error!.issues[0].message}`;

describe('trip rules', () => {
  it('names a trip with 1 to 200 characters', () => {
    expect(firstMessage(createTripInput.safeParse({ name: '' }))).toBe('name: a trip needs a name');
    expect(firstMessage(createTripInput.safeParse({ name: '   ' }))).toBe('name: a trip needs a name');
    expect(firstMessage(createTripInput.safeParse({ name: 'x'.repeat(201) }))).toBe('name: a trip name is at most 200 characters');
    expect(createTripInput.parse({ name: 'x'.repeat(200) }).stops).toEqual([]);
  });

  it('holds at most 200 stops', () => {
    expect(createTripInput.safeParse({ name: 'a', stops: Array.from({ length: 200 }, (_, i) => custom(i)) }).success).toBe(true);
    expect(firstMessage(createTripInput.safeParse({ name: 'a', stops: Array.from({ length: 201 }, (_, i) => custom(i)) }))).toBe(
      'stops: a trip has at most 200 stops',
    );
  });

  it('refuses invalid coordinates, dates and kinds', () => {
    const bad = (stop: object) => firstMessage(createTripInput.safeParse({ name: 'a', stops: [stop] }));
    expect(bad({ ...custom(0), lon: 181 })).toBe('stops.0.lon: a longitude is between -180 and 180');
    expect(bad({ ...custom(0), lat: -90.5 })).toBe('stops.0.lat: a latitude is between -90 and 90');
    expect(bad({ ...custom(0), lat: Number.NaN })).toMatch(/^stops\.0\.lat/);
    expect(bad({ ...custom(0), arrivalDate: '2026-02-30' })).toBe('stops.0.arrivalDate: not a real date');
    expect(bad({ ...custom(0), nights: -1 })).toMatch(/^stops\.0\.nights/);
    expect(bad({ kind: 'place', placeId: 0 })).toMatch(/^stops\.0\.placeId/);
    expect(bad({ kind: 'place', placeId: 3, name: 'the browser may not name a place' })).toMatch(/^stops\.0/);
    expect(bad({ kind: 'elsewhere' })).toMatch(/^stops\.0\.kind/);
  });

  it('keeps names on one line and control characters out of names and notes', () => {
    expect(createTripInput.parse({ name: ' Coast\n\ttrip ' }).name).toBe('Coast trip');
    expect(firstMessage(createTripInput.safeParse({ name: 'a\u0000b' }))).toBe('name: a trip name cannot contain control characters');
    expect(firstMessage(createTripInput.safeParse({ name: 'a', stops: [{ ...custom(0), name: 'x\u001b[31m' }] }))).toBe('stops.0.name: a stop name cannot contain control characters');
    expect(firstMessage(createTripInput.safeParse({ name: 'a', stops: [{ ...custom(0), note: 'bell\u0007' }] }))).toMatch(/^stops\.0\.note: a note cannot contain control characters/);
    expect(createTripInput.parse({ name: 'a', stops: [{ ...custom(0), note: 'line one\nline two\tend' }] }).stops[0].note).toBe('line one\nline two\tend');
  });

  it('needs the version a change was made on', () => {
    expect(firstMessage(patchTripInput.safeParse({ name: 'b' }))).toMatch(/^version/);
    expect(patchTripInput.parse({ version: 3, name: ' b ' })).toEqual({ version: 3, name: 'b' });
  });
});

describe('resolving stops', () => {
  const lookup = async (ids: number[]) => new Map(ids.flatMap((id) => (id === 7 ? [[id, { name: 'Seven Lakes', lon: -105, lat: 40 }] as const] : [])));

  it('copies a place stop’s name and position from the Place API and keeps the stop ids', async () => {
    const stops = await resolveStops([{ kind: 'place', placeId: 7, id: 'a', nights: 2 }, custom(1)], [], lookup);
    expect(stops[0]).toEqual({ id: 'a', kind: 'place', placeId: 7, name: 'Seven Lakes', lon: -105, lat: 40, arrivalDate: null, nights: 2, note: '' });
    expect(stops[1]).toMatchObject({ kind: 'custom', placeId: null, name: 'Stop 1' });
    expect(stops[1].id).toMatch(/^[\w-]{8}$/);
  });

  it('keeps a place stop’s town and region with it, so the trip shows where it is (issue 40)', async () => {
    const stops = await resolveStops([{ kind: 'place', placeId: 7 }], [], async () => new Map([[7, { name: 'Seven Lakes', lon: -105, lat: 40, locality: 'Golden, CO' }]]));
    expect(stops[0].locality).toBe('Golden, CO');
    // Not asked again while the place stays on the trip: what was copied is kept.
    const again = await resolveStops([{ kind: 'place', placeId: 7, id: stops[0].id }], stops, async () => {
      throw new Error('no call expected');
    });
    expect(again[0].locality).toBe('Golden, CO');
  });

  it('answers 400 naming the stop whose place id is unknown', async () => {
    const error = await resolveStops([custom(0), { kind: 'place', placeId: 99 }], [], lookup).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, code: 'unknown_place', extra: { parameter: 'stops.1.placeId' } });
  });

  it('asks nothing for places already on the trip', async () => {
    const current: TripStop[] = [{ id: 'x', kind: 'place', placeId: 99, name: 'Kept', lon: 1, lat: 2, arrivalDate: null, nights: 0, note: '' }];
    const stops = await resolveStops([{ kind: 'place', placeId: 99, id: 'x' }], current, async () => {
      throw new Error('no call expected');
    });
    expect(stops[0]).toMatchObject({ name: 'Kept', lon: 1, lat: 2 });
  });

  it('looks the new places up together, each id once', async () => {
    const asked: number[][] = [];
    const stops = await resolveStops([{ kind: 'place', placeId: 7 }, custom(1), { kind: 'place', placeId: 7 }], [], async (ids) => {
      asked.push(ids);
      return lookup(ids);
    });
    expect(asked).toEqual([[7]]);
    expect(stops.map((s) => s.name)).toEqual(['Seven Lakes', 'Stop 1', 'Seven Lakes']);
  });
});

describe('share tokens', () => {
  it('are 32 URL-safe characters, different every time, looked up by their hash', () => {
    const a = newShareToken();
    const b = newShareToken();
    expect(isShareTokenShape(a.token)).toBe(true);
    expect(a.token).not.toBe(b.token);
    expect(a.tokenHash).toBe(hashShareToken(a.token));
    expect(a.tokenHash).not.toContain(a.token);
    expect(isShareTokenShape('short')).toBe(false);
  });
});

describe('exportFileName', () => {
  it('makes lowercase words joined by single dashes, none at either end, cut at 60 characters', () => {
    expect(exportFileName('Colorado Loop: Denver – Springs and back …', 'gpx')).toBe('colorado-loop-denver-springs-and-back.gpx');
    expect(exportFileName('  Café  _ crème -- ', 'geojson')).toBe('cafe-creme.geojson');
    expect(exportFileName(`${'a'.repeat(59)} b`, 'gpx')).toBe(`${'a'.repeat(59)}.gpx`);
    expect(exportFileName('…', 'gpx')).toBe('trip.gpx');
  });
});

describe('GPX', () => {
  const stops: TripStop[] = [
    { id: 'a', kind: 'place', placeId: 12, name: 'Fish & Chips <Harbour>', lon: -122.41942, lat: 37.77493, arrivalDate: null, nights: 1, note: 'Book "early"' },
    { id: 'b', kind: 'custom', placeId: null, name: 'Viewpoint', lon: 179.9, lat: -16.5, arrivalDate: null, nights: 0, note: '' },
  ];

  it('exports waypoints and a route, and imports them back in order', () => {
    const text = tripToGpx({ name: 'Coast & Islands', stops });
    expect(text).toContain('<rte>');
    expect(text.match(/<wpt /g)).toHaveLength(2);
    expect(text.match(/<rtept /g)).toHaveLength(2);
    const back = gpxToTrip(text);
    expect(back.name).toBe('Coast & Islands');
    expect(back.stops).toEqual([
      { kind: 'custom', name: 'Fish & Chips <Harbour>', lon: -122.41942, lat: 37.77493, note: 'Book "early"', nights: 1 },
      { kind: 'custom', name: 'Viewpoint', lon: 179.9, lat: -16.5, note: '' },
    ]);
    // The place a stop was comes back with it, for the import to make it a place stop again.
    expect(back.places).toEqual([12, null]);
  });

  it('carries the legs as drawn (the roads driven) as a track, which an import here leaves to the waypoints', () => {
    const road = [[-122.41942, 37.77493], [-122.3, 37.7], [-121.9, 37.2], [-121, 36]] as [number, number][];
    const legs = [{ distanceMeters: 1, durationSeconds: 1, geometry: [...road, [179.9, -16.5]] as [number, number][] }];
    const text = tripToGpx({ name: 'Coast & Islands', stops }, legs);
    expect(text).toMatch(/<\/rte>\n  <trk>\n    <name>Coast &amp; Islands<\/name>\n    <trkseg>/);
    expect(text.match(/<trkpt /g)).toHaveLength(5);
    expect(text).toContain('<trkpt lat="36.000000" lon="-121.000000"/>');
    expect(gpxToTrip(text).stops).toHaveLength(2);
    // Legs that do not match the stops (a reorder not yet measured) leave the track out.
    expect(tripToGpx({ name: 'x', stops }, [])).not.toContain('<trk>');
  });

  it('keeps each stop’s plan (arrival date, nights) through an export and an import, in its own namespace', () => {
    const planned: TripStop[] = [{ ...stops[0], arrivalDate: '2027-06-10', nights: 2 }, stops[1]];
    const text = tripToGpx({ name: 'Planned', stops: planned });
    expect(text).toContain('xmlns:trip="urn:trip-explorer:gpx:1"');
    expect(text).toContain('<extensions><trip:arrival>2027-06-10</trip:arrival><trip:nights>2</trip:nights></extensions>');
    expect(gpxToTrip(text).stops.map((s) => [s.arrivalDate, s.nights])).toEqual([['2027-06-10', 2], [undefined, undefined]]);
  });

  it('leaves out a plan extension that is not of the expected form, and refuses one out of range by naming the point', () => {
    const wpt = (extensions: string) =>
      `<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:trip="urn:trip-explorer:gpx:1"><wpt lat="1" lon="2"><name>A</name><extensions>${extensions}</extensions></wpt></gpx>`;
    expect(gpxToTrip(wpt('<trip:arrival>next week</trip:arrival><trip:nights>two</trip:nights>')).stops[0]).toEqual({ kind: 'custom', name: 'A', lon: 2, lat: 1, note: '' });
    expect(gpxToTrip(wpt('<other:nights xmlns:other="urn:x">3</other:nights>')).stops[0]).not.toHaveProperty('nights');
    expect(() => gpxToTrip(wpt('<trip:arrival>2027-02-30</trip:arrival>'))).toThrow(/Point 1 \(A\)/);
  });

  it('writes well-formed XML whatever a stored name holds (a place’s name comes from the dataset)', () => {
    const odd: TripStop[] = [{ ...stops[0], name: 'Caf\u00e9\u0000 \u{1F3D5}\uD800 end', note: 'a\u0001b\nc' }, stops[1]];
    const back = gpxToTrip(tripToGpx({ name: 'Trip\u0007', stops: odd }));
    expect(back.name).toBe('Trip');
    expect(back.stops[0]).toMatchObject({ name: 'Caf\u00e9 \u{1F3D5} end', note: 'ab\nc' });
  });

  it('takes a route’s points when the file has no waypoints', () => {
    const text = `<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><rte><rtept lat="1" lon="2"/><rtept lat="3" lon="4"/></rte></gpx>`;
    expect(gpxToTrip(text, 'Mine')).toEqual({
      name: 'Mine',
      stops: [
        { kind: 'custom', name: 'Route point 1', lon: 2, lat: 1, note: '' },
        { kind: 'custom', name: 'Route point 2', lon: 4, lat: 3, note: '' },
      ],
      places: [null, null],
    });
  });

  it.each([
    ['not XML at all', 'hello', /not a GPX file: GPX is XML, and this file does not start with "<"/],
    ['a JSON file (issue 40)', '{"type":"FeatureCollection","features":[]}', /not a GPX file/],
    ['a broken tag', '<gpx><wpt lat="1" lon="2"></gpx>', /not well-formed XML/],
    ['XML that is not GPX', '<kml><Placemark/></kml>', /root element is not <gpx>/],
    ['a GPX file with nothing in it', '<gpx version="1.1"></gpx>', /no waypoints/],
    ['a waypoint off the globe', '<gpx><wpt lat="95" lon="2"><name>Up</name></wpt></gpx>', /Point 1 \(Up\): a latitude is between -90 and 90/],
    ['too many waypoints', `<gpx>${'<wpt lat="1" lon="2"/>'.repeat(201)}</gpx>`, /201 points; a trip holds at most 200/],
  ])('refuses %s with a clear message', (_label, text, message) => {
    const error = (() => {
      try {
        gpxToTrip(text);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_gpx' });
    expect((error as Error).message).toMatch(message);
  });
});
