// GPX import under its limits (issue 35, findings 5 and 9): a file past the point limit, or too complex to parse
// cheaply, is refused by a scan before the DOM parser is reached; the parts an import does not read (tracks, and the
// routes of a file with waypoints) are never parsed; and the trip's name keeps the trip-name rules whether it comes
// from `?name=` or from the file's <metadata><name>. The DOM parser is counted here (a pass-through mock of
// @xmldom/xmldom), so what the tests show is how much was parsed, not how long it took.
import { encode } from 'next-auth/jwt';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as importRoute from '@/app/api/trips/import/route';
import * as tripRoute from '@/app/api/trips/[id]/route';
import * as tripsRoute from '@/app/api/trips/route';
import { forgetConfig } from '@/lib/config/runtime';
import { HttpError } from '@/lib/http/http-error';
import { tripToGpx } from '@/lib/trips/gpx-export';
import { cleanImportedName, gpxToTrip } from '@/lib/trips/gpx-import';
import { MAX_GPX_NODES, scanGpx } from '@/lib/trips/gpx-scan';
import type { TripStop } from '@/lib/trips/model';
import type { TripView } from '@/lib/trips/view';
import { startApiServer } from '../support/test-server';

const parses = vi.hoisted(() => ({ texts: [] as string[] }));

vi.mock('@xmldom/xmldom', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@xmldom/xmldom')>();
  class CountedDOMParser extends actual.DOMParser {
    parseFromString(...args: Parameters<InstanceType<typeof actual.DOMParser>['parseFromString']>) {
      parses.texts.push(args[0]);
      return super.parseFromString(...args);
    }
  }
  return { ...actual, DOMParser: CountedDOMParser };
});

beforeEach(() => {
  parses.texts.length = 0;
});

function refusal(run: () => unknown): HttpError {
  try {
    run();
  } catch (e) {
    if (e instanceof HttpError) return e;
    throw e;
  }
  throw new Error('not refused');
}

const WPT = '<wpt lat="1" lon="2"/>';
/** 90,000 waypoints: just under the 2 MB a GPX import takes. */
const manyWaypoints = `<gpx>${WPT.repeat(90_000)}</gpx>`;

describe('GPX import: the scan before the parse (finding 5)', () => {
  it('refuses a file with 90,000 waypoints after reading its first 201, without parsing it', () => {
    expect(Buffer.byteLength(manyWaypoints)).toBeLessThan(2 * 1024 * 1024);
    const error = refusal(() => gpxToTrip(manyWaypoints));
    expect(error).toMatchObject({ status: 400, code: 'invalid_gpx', message: 'The GPX file has at least 201 points; a trip holds at most 200 stops.' });
    expect(parses.texts).toEqual([]);
    const scan = scanGpx(manyWaypoints);
    expect(scan.waypoints).toBe(201);
    expect(scan.readTo).toBe('<gpx>'.length + 201 * WPT.length);
  });

  it('refuses a route of 30,000 points by its count, without parsing it', () => {
    const text = `<gpx><rte>${'<rtept lat="1" lon="2"/>'.repeat(30_000)}</rte></gpx>`;
    expect(refusal(() => gpxToTrip(text)).message).toBe('The GPX file has 30000 points; a trip holds at most 200 stops.');
    expect(parses.texts).toEqual([]);
  });

  it('refuses a file within the point limit that would build too much, as soon as the count passes it', () => {
    const text = `<gpx>${WPT}${'<x/>'.repeat(500_000)}</gpx>`;
    expect(refusal(() => gpxToTrip(text))).toMatchObject({ code: 'invalid_gpx', message: expect.stringMatching(/too complex: more than 20000 elements/) });
    expect(parses.texts).toEqual([]);
    expect(scanGpx(text).readTo).toBeLessThan(`<gpx>${WPT}`.length + (MAX_GPX_NODES + 1) * '<x/>'.length);

    // Attributes count as the parser takes them, bare ones too (xmldom reads `<x a b>` as a="a" b="b").
    const bare = `<gpx>${WPT}<x ${'a '.repeat(30_000)}/></gpx>`;
    expect(refusal(() => gpxToTrip(bare)).message).toMatch(/too complex: more than 20000 elements/);
    expect(scanGpx(`<gpx><x a b=1 c="2"d='3' e = "4" f = 5/></gpx>`).nodes).toBe(2 + 6);
    expect(parses.texts).toEqual([]);

    const references = `<gpx>${WPT}<desc>${'&amp;'.repeat(300_000)}</desc></gpx>`;
    expect(refusal(() => gpxToTrip(references)).message).toMatch(/too complex: more than 100000 character references/);
    expect(parses.texts).toEqual([]);
  });

  it('imports the waypoints beside a long recorded track without parsing the track', () => {
    const trkpt = '<trkpt lat="39.1" lon="-105.2"><ele>2100</ele><time>2027-06-10T08:00:00Z</time></trkpt>\n';
    const text = [
      '<?xml version="1.0"?>',
      '<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">',
      '<metadata><name>Recorded</name></metadata>',
      `<trk><name>Day 1</name><trkseg>\n${trkpt.repeat(15_000)}</trkseg></trk>`,
      '<wpt lat="39.5" lon="-105.5"><name>Camp</name></wpt>',
      '<wpt lat="39.6" lon="-105.6"><name>Lake</name></wpt>',
      '</gpx>',
    ].join('\n');
    expect(gpxToTrip(text)).toEqual({
      name: 'Recorded',
      stops: [
        { kind: 'custom', name: 'Camp', lon: -105.5, lat: 39.5, note: '' },
        { kind: 'custom', name: 'Lake', lon: -105.6, lat: 39.6, note: '' },
      ],
      places: [null, null],
    });
    expect(parses.texts).toHaveLength(1);
    expect(parses.texts[0]).not.toContain('<trk');
    expect(parses.texts[0].split('\n')).toHaveLength(text.split('\n').length);
    expect(scanGpx(text).nodes).toBeLessThan(30);
  });

  it('still imports a trip at every limit written by the export, with its plans, and still parses only what it reads', () => {
    const stops: TripStop[] = Array.from({ length: 200 }, (_, i) => ({
      id: `s${i}`,
      kind: 'custom',
      placeId: null,
      name: `Stop "${i}" & <more> ${'n'.repeat(170)}`,
      lon: -105 + i / 1000,
      lat: 39 + i / 1000,
      arrivalDate: '2027-06-10',
      nights: 2,
      note: `Tom's & Jerry's <"notes"> `.repeat(70),
    }));
    const text = tripToGpx({ name: 'Every limit', stops });
    const back = gpxToTrip(text);
    expect(back.name).toBe('Every limit');
    expect(back.stops).toHaveLength(200);
    expect(back.stops[199]).toMatchObject({ name: stops[199].name, note: stops[199].note, arrivalDate: '2027-06-10', nights: 2 });
    // The route repeats every stop; with waypoints in the file it is not parsed.
    expect(parses.texts[0]).not.toContain('<rte>');
    expect(scanGpx(text).nodes).toBeLessThan(MAX_GPX_NODES / 2);
  });

  it.each([
    ['a mismatched tag after a track', `<gpx><trk><trkseg>${'<trkpt lat="1" lon="2"/>'.repeat(100)}</trkseg></trk><wpt lat="1" lon="2"></gpx>`, /^The file is not well-formed XML: Opening and ending tag mismatch: "wpt" != "gpx"$/],
    ['a broken track', '<gpx><wpt lat="1" lon="2"/><trk><trkseg></trk></gpx>', /^The file is not well-formed XML: Opening and ending tag mismatch: "trkseg" != "trk"$/],
    ['an unterminated comment', '<gpx><wpt lat="1" lon="2"/><!-- never closed', /^The file is not well-formed XML: comment is not well-formed at position \d+$/],
    ['an unclosed root', '<gpx><wpt lat="1" lon="2"/>', /^The file is not well-formed XML: unclosed xml tag\(s\): gpx$/],
    ['an attribute not closed', '<gpx><wpt lat="1 lon="2"/></gpx>', /^The file is not well-formed XML: attribute value no end '"' match$/],
  ])('names what is wrong with %s once, in the parser’s words', (_label, text, message) => {
    expect(refusal(() => gpxToTrip(text))).toMatchObject({ status: 400, code: 'invalid_gpx', message: expect.stringMatching(message) });
  });

  it('hands the parser only the text up to a tag it cannot follow, so a broken file is not parsed whole', () => {
    const text = `<gpx><a></b>${'<x/>'.repeat(100_000)}</gpx>`;
    expect(refusal(() => gpxToTrip(text)).message).toMatch(/well-formed XML: .*mismatch: "a" != "b"/);
    expect(parses.texts).toEqual(['<gpx><a></b>']);
  });

  it('follows comments, CDATA, processing instructions, a DOCTYPE and quoted > in attributes without miscounting', () => {
    const text = [
      '<?xml version="1.0"?><!DOCTYPE gpx [<!ELEMENT gpx ANY>]>',
      '<gpx creator="a > b"><!-- <wpt lat="9" lon="9"/> --><![CDATA[ <wpt> ]]>',
      '<trk><name><![CDATA[</trk>]]></name><!-- </trk> --></trk>',
      '<wpt lat="1" lon="2" note=\'"a" > b/>\'><name>Only</name></wpt></gpx>',
    ].join('');
    const scan = scanGpx(text);
    expect(scan).toMatchObject({ refused: null, waypoints: 1, readTo: text.length });
    expect(scan.text).not.toContain('<trk');
    expect(gpxToTrip(text).stops).toMatchObject([{ name: 'Only' }]);
  });
});

describe('GPX import: a file with a recorded track only (issue 40)', () => {
  const track = (name: string, points: [number, number][]) =>
    `<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>${name}</name><trkseg>${points
      .map(([lon, lat]) => `<trkpt lon="${lon}" lat='${lat}'><ele>1</ele></trkpt>`)
      .join('')}</trkseg></trk></gpx>`;

  it('makes stops of the track’s start and end, named after it, without parsing the track', () => {
    const text = track('Drive to Moab &amp; back', [[-105, 39.7], [-107, 39], [-109.55, 38.57]]);
    expect(gpxToTrip(text).stops).toEqual([
      { kind: 'custom', name: 'Start of Drive to Moab & back', lon: -105, lat: 39.7, note: '' },
      { kind: 'custom', name: 'End of Drive to Moab & back', lon: -109.55, lat: 38.57, note: '' },
    ]);
    expect(parses.texts[0]).not.toContain('<trkpt');
  });

  it('makes one stop of a loop, and says what a file without points lacks', () => {
    expect(gpxToTrip(track('Morning loop', [[-105, 39.7], [-105.1, 39.8], [-105.0001, 39.7001]])).stops).toEqual([
      { kind: 'custom', name: 'Morning loop', lon: -105, lat: 39.7, note: '' },
    ]);
    expect(refusal(() => gpxToTrip('<gpx><trk><name>Empty</name></trk></gpx>')).message).toBe(
      'The GPX file has no waypoints (<wpt>), no route (<rte>) and no track (<trk>) to make stops of.',
    );
  });
});

describe('GPX import: the trip-name rules (finding 9)', () => {
  const named = (title: string) => `<gpx><metadata><name>${title}</name></metadata><wpt lat="1" lon="2"><name>A</name></wpt></gpx>`;

  it('cleans the file’s own name: control characters dropped, line breaks and runs of spaces one space, at most 200 characters', () => {
    expect(gpxToTrip(named('Coast\u001b[31m\u0007 trip\n\n  two\u0000')).name).toBe('Coast[31m trip two');
    expect(gpxToTrip(named('Tab&#9;and&#x1b;escape&#10;line&#13;')).name).toBe('Tab andescape line');
    expect(gpxToTrip(named('x'.repeat(300))).name).toBe('x'.repeat(200));
    // Not cut inside a surrogate pair.
    expect(cleanImportedName(`${'x'.repeat(199)}\u{1F3D5}`)).toBe('x'.repeat(199));
  });

  it('falls back to the name asked for, or the default, when nothing of the file’s name is left', () => {
    expect(gpxToTrip(named('\u0007\u001b \n'), 'From the file name').name).toBe('From the file name');
    expect(gpxToTrip(named('&#7;')).name).toBe('Imported trip');
  });

  it('refuses a name asked for that a rename would refuse, and folds its line breaks as a rename does', () => {
    for (const [name, message] of [
      ['Bell\u0007', 'name: a trip name cannot contain control characters'],
      ['Esc\u001b[31m', 'name: a trip name cannot contain control characters'],
      ['Nul\u0000', 'name: a trip name cannot contain control characters'],
      ['x'.repeat(201), 'name: a trip name is at most 200 characters'],
    ]) {
      expect(refusal(() => gpxToTrip(named(''), name))).toMatchObject({ status: 400, code: 'invalid_parameter', message, extra: { parameter: 'name' } });
    }
    expect(gpxToTrip(named(''), ' Two\r\nlines ').name).toBe('Two lines');
  });
});

describe('GPX import through the route handler', () => {
  let app: Awaited<ReturnType<typeof startApiServer>>;
  let origin: string;
  let cookie: string;

  beforeAll(async () => {
    app = await startApiServer();
    origin = app.config.publicUrl;
    process.env.NEXTAUTH_URL = origin;
    process.env.PLACES_API_URL = app.url;
    process.env.IDENTITY_CLIENT_SECRET = 'not-used-here';
    process.env.IDENTITY_ISSUER = 'http://127.0.0.1:1/identity';
    delete process.env.PLACES_API_CLIENT_ID;
    delete process.env.PLACES_API_SECRET_KEY;
    forgetConfig();
    const now = Math.floor(Date.now() / 1000);
    const token = { sub: 'user-gia', name: 'Gia', organizations: [], signedInAt: now, accessToken: 'access-gia', accessTokenExpiresAt: now + 3600 };
    cookie = `next-auth.session-token=${await encode({ token, secret: process.env.NEXTAUTH_SECRET! })}`;
  }, 120_000);

  afterAll(async () => {
    delete process.env.PLACES_API_URL;
    delete process.env.IDENTITY_ISSUER;
    forgetConfig();
    const closing = app?.close();
    app?.server.closeAllConnections();
    await closing;
  });

  const call = (handler: (request: Request, route: { params: Promise<never> }) => Promise<Response>, method: string, path: string, body?: string, params: Record<string, string> = {}) =>
    handler(new Request(`${origin}${path}`, { method, headers: { origin, cookie, ...(path.startsWith('/api/trips/import') ? {} : { 'content-type': 'application/json' }) }, body }), {
      params: Promise.resolve(params) as Promise<never>,
    });
  const importGpx = (text: string, query = '') => call(importRoute.POST, 'POST', `/api/trips/import${query}`, text);
  const tripCount = async () => ((await (await call(tripsRoute.GET, 'GET', '/api/trips')).json()) as { data: unknown[] }).data.length;
  const errorOf = async (response: Response) => ((await response.json()) as { error: Record<string, string> }).error;

  it('refuses 90,000 points with the usual 400 body naming the limit, never reaching the parser, and keeps nothing', async () => {
    const before = await tripCount();
    const response = await importGpx(manyWaypoints);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ code: 'invalid_gpx', message: 'The GPX file has at least 201 points; a trip holds at most 200 stops.' });
    expect(parses.texts).toEqual([]);
    expect(await tripCount()).toBe(before);
  });

  it('refuses ?name= with control characters with the body a rename gets, and keeps nothing', async () => {
    const file = '<gpx><wpt lat="1" lon="2"><name>A</name></wpt></gpx>';
    const made = await importGpx(file, '?name=Plain');
    expect(made.status).toBe(201);
    const trip = ((await made.json()) as TripView).trip;
    expect(trip.name).toBe('Plain');
    const before = await tripCount();
    for (const bad of ['Esc%1B%5B31m', 'Bell%07', 'Nul%00', 'x'.repeat(201)]) {
      const imported = await importGpx(file, `?name=${bad}`);
      const renamed = await call(tripRoute.PATCH, 'PATCH', `/api/trips/${trip.id}`, JSON.stringify({ version: trip.version, name: decodeURIComponent(bad) }), { id: trip.id });
      expect(imported.status).toBe(400);
      expect(renamed.status).toBe(400);
      const error = await errorOf(imported);
      expect(error).toMatchObject({ code: 'invalid_parameter', parameter: 'name' });
      expect(error).toEqual(await errorOf(renamed));
    }
    expect(parses.texts).toHaveLength(1); // the first import only: a bad name is refused before the file is read
    expect(await tripCount()).toBe(before);

    const folded = await importGpx(file, '?name=Two%0Alines%09here');
    expect(((await folded.json()) as TripView).trip.name).toBe('Two lines here');
  });

  it('stores the file’s own name cleaned, a name a rename accepts as it is', async () => {
    const response = await importGpx('<gpx><metadata><name>Alpine\u001b[2J\u0007 loop&#10;&#10;day&#0; two</name></metadata><wpt lat="1" lon="2"/></gpx>', '?name=fallback');
    expect(response.status).toBe(201);
    const { trip } = (await response.json()) as TripView;
    expect(trip.name).toBe('Alpine[2J loop day two');
    const renamed = await call(tripRoute.PATCH, 'PATCH', `/api/trips/${trip.id}`, JSON.stringify({ version: trip.version, name: trip.name }), { id: trip.id });
    expect(renamed.status).toBe(200);
  });
});
