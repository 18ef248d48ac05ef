import { gpx } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { HttpError } from '@/lib/http/http-error';
import { TRIP_GPX_NAMESPACE } from './gpx-export';
import { scanGpx } from './gpx-scan';
import { MAX_STOPS, MAX_TRIP_NAME, stopInput, tripName, type StopInput } from './model';

export const MAX_GPX_BYTES = 2 * 1024 * 1024;

function invalid(message: string): HttpError {
  return new HttpError(400, 'invalid_gpx', message);
}

/**
 * Each waypoint's plan, in file order, from the extensions this app's export writes (an arrival date and a number
 * of nights); what is missing or not of the expected form is left out, so a hand-edited file still imports.
 */
function waypointPlans(doc: Document): { arrivalDate?: string; nights?: number }[] {
  return Array.from(doc.getElementsByTagName('wpt')).map((wpt) => {
    const text = (name: string) => wpt.getElementsByTagNameNS(TRIP_GPX_NAMESPACE, name)[0]?.textContent?.trim() ?? '';
    const arrival = text('arrival');
    const nights = text('nights');
    return {
      ...(/^\d{4}-\d{2}-\d{2}$/.test(arrival) ? { arrivalDate: arrival } : {}),
      ...(/^\d{1,3}$/.test(nights) ? { nights: Number(nights) } : {}),
    };
  });
}

/** The place each waypoint was, as this app's export writes it (`<type>place 123</type>`); null for any other. */
function waypointPlaces(doc: Document): (number | null)[] {
  return Array.from(doc.getElementsByTagName('wpt')).map((wpt) => {
    const type = Array.from(wpt.childNodes).find((n) => n.nodeName === 'type')?.textContent?.trim() ?? '';
    const match = /^place ([1-9]\d{0,14})$/.exec(type);
    return match ? Number(match[1]) : null;
  });
}

const TRACK_POINT = /<trkpt\b[^>]*>/g;
const attribute = (tag: string, name: string) => Number(new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`).exec(tag)?.[1] ?? NaN);

/**
 * A file with only a recorded track (a drive, a hike): its start and its end as stops, read from the text (the
 * scan leaves tracks out of the parse, whatever their length). The same place twice (a loop) is one stop.
 */
function trackEnds(text: string, trackName: string): { name: string; note: string; lon: number; lat: number }[] {
  const points = text.match(TRACK_POINT) ?? [];
  const [first, last] = [points[0], points[points.length - 1]];
  if (first === undefined || last === undefined) return [];
  const at = (tag: string) => ({ lon: attribute(tag, 'lon'), lat: attribute(tag, 'lat') });
  const start = { name: `Start of ${trackName}`, note: '', ...at(first) };
  const end = { name: `End of ${trackName}`, note: '', ...at(last) };
  const loop = points.length === 1 || (Math.abs(start.lon - end.lon) < 1e-3 && Math.abs(start.lat - end.lat) < 1e-3);
  return loop ? [{ ...start, name: trackName }] : [start, end];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** The five XML entities and numeric references, in a name read from the text rather than parsed. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1].toLowerCase() === 'x' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** A GPX file read as a new trip: its stops, and for each, the place it was when the file came from this app. */
export interface ImportedTrip {
  name: string;
  stops: StopInput[];
  /** By stop: the place id the waypoint carries (the import makes it a place stop again when the place exists). */
  places: (number | null)[];
}

export const DEFAULT_IMPORT_NAME = 'Imported trip';

/**
 * The name an import asks for (`?name=`, the browser sends the file's name), under the rules of every trip name
 * (model.ts: line breaks and tabs become spaces; control characters, or more than MAX_TRIP_NAME characters, are a
 * 400 naming `name`, as a rename's are). Blank or absent: none, and the import names the trip itself.
 */
export function importNameParameter(value: string | null | undefined): string | undefined {
  if (value == null || !value.trim()) return undefined;
  const parsed = tripName.safeParse(value);
  if (!parsed.success) throw new HttpError(400, 'invalid_parameter', `name: ${parsed.error.issues[0].message}`, { parameter: 'name' });
  return parsed.data;
}

/**
 * A name the file itself carries (`<metadata><name>`), made to fit the trip-name rules rather than refusing a file
 * over its title: control characters dropped, line breaks and runs of white space one space each, cut to
 * MAX_TRIP_NAME characters (not inside a surrogate pair). Nothing left: undefined.
 */
export function cleanImportedName(raw: string | null | undefined): string | undefined {
  let name = (raw ?? '')
    .replace(/[\t\n\r\u2028\u2029]/g, ' ')
    .replace(/\p{Cc}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_TRIP_NAME);
  if (/[\uD800-\uDBFF]$/.test(name)) name = name.slice(0, -1);
  name = name.trim();
  return name && tripName.safeParse(name).success ? name : undefined;
}

/**
 * A GPX file as a new trip's name and stops: its waypoints in file order, or, with none, the points of its first
 * route, or, with neither, the start and end of its first track. Scanned first (gpx-scan.ts: a file past a limit is refused before any parse, and its tracks are not
 * parsed), then parsed by xmldom and togeojson; anything wrong is one 400 naming what, and nothing is kept. The name
 * is the file's own (cleaned), else `fallbackName` (under the trip-name rules), else DEFAULT_IMPORT_NAME.
 */
export function gpxToTrip(text: string, fallbackName?: string): ImportedTrip {
  const fallback = importNameParameter(fallbackName) ?? DEFAULT_IMPORT_NAME;
  if (Buffer.byteLength(text) > MAX_GPX_BYTES) throw invalid(`The GPX file is larger than ${MAX_GPX_BYTES / 1024 / 1024} MB.`);
  // A file of another kind (JSON, a CSV, a photo) is said to be one, not reported in the XML parser's words.
  if (!/^\uFEFF?\s*</.test(text)) throw invalid('The file is not a GPX file: GPX is XML, and this file does not start with "<". Export the trip as GPX from your app or device, then import that file.');
  const scan = scanGpx(text);
  if (scan.refused) throw invalid(scan.refused);
  let doc: Document;
  // The parser's own words for the first error: the error it throws again wraps them twice ("Reporting fatalError …
  // caused Error: …").
  let problem: string | null = null;
  try {
    doc = new DOMParser({
      onError: (level, message) => {
        if (level === 'warning') return;
        problem ??= message.replace(/^element parse error: Error: /, '');
        throw new Error(message);
      },
    }).parseFromString(scan.text, 'text/xml') as unknown as Document;
  } catch (err) {
    throw invalid(`The file is not well-formed XML: ${(problem ?? (err as Error).message).split('\n')[0]}`);
  }
  if (doc.documentElement?.nodeName !== 'gpx') throw invalid('The file is XML but not GPX: its root element is not <gpx>.');

  const features = gpx(doc).features;
  const points = features.filter((f) => f.geometry?.type === 'Point');
  const raw: { name: string; note: string; lon: number; lat: number }[] = points.length
    ? points.map((f, i) => {
        const [lon, lat] = (f.geometry as GeoJSON.Point).coordinates;
        const p = (f.properties ?? {}) as Record<string, unknown>;
        return { name: String(p.name ?? '').trim() || `Waypoint ${i + 1}`, note: String(p.desc ?? p.cmt ?? ''), lon, lat };
      })
    : ((features.find((f) => f.geometry?.type === 'LineString' && (f.properties as Record<string, unknown>)?._gpxType === 'rte')?.geometry as GeoJSON.LineString | undefined)?.coordinates ?? []).map(
        ([lon, lat], i) => ({ name: `Route point ${i + 1}`, note: '', lon, lat }),
      );
  const trackName = cleanImportedName(decodeEntities(/<trk\b[^>]*>\s*<name>([^<]*)<\/name>/.exec(text)?.[1] ?? '')) ?? 'the track';
  if (raw.length === 0) raw.push(...trackEnds(text, trackName));
  if (raw.length === 0) throw invalid('The GPX file has no waypoints (<wpt>), no route (<rte>) and no track (<trk>) to make stops of.');
  if (raw.length > MAX_STOPS) throw invalid(`The GPX file has ${raw.length} points; a trip holds at most ${MAX_STOPS} stops.`);

  const plans = points.length ? waypointPlans(doc) : [];
  const places = points.length ? waypointPlaces(doc) : [];
  const stops = raw.map((r, i) => {
    const parsed = stopInput.safeParse({ kind: 'custom', name: r.name.slice(0, MAX_TRIP_NAME), lon: r.lon, lat: r.lat, note: r.note.slice(0, 2000), ...plans[i] });
    if (!parsed.success) throw invalid(`Point ${i + 1} (${r.name}): ${parsed.error.issues[0].message}.`);
    return parsed.data;
  });
  const title = cleanImportedName(doc.getElementsByTagName('metadata')[0]?.getElementsByTagName('name')[0]?.textContent);
  return { name: title ?? fallback, stops, places: stops.map((_, i) => places[i] ?? null) };
}
