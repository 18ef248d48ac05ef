import { gpx } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { HttpError } from '@/lib/http/http-error';
import { TRIP_GPX_NAMESPACE } from './gpx-export';
import { MAX_STOPS, MAX_TRIP_NAME, stopInput, type StopInput } from './model';

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

/**
 * A GPX file as a new trip's name and stops: its waypoints in file order, or, with none, the points of its first
 * route. Parsed by xmldom and togeojson; anything wrong is one 400 naming what, and nothing is kept.
 */
export function gpxToTrip(text: string, fallbackName = 'Imported trip'): { name: string; stops: StopInput[] } {
  if (Buffer.byteLength(text) > MAX_GPX_BYTES) throw invalid(`The GPX file is larger than ${MAX_GPX_BYTES / 1024 / 1024} MB.`);
  let doc: Document;
  try {
    doc = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(text, 'text/xml') as unknown as Document;
  } catch (err) {
    throw invalid(`The file is not well-formed XML: ${(err as Error).message.split('\n')[0]}`);
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
  if (raw.length === 0) throw invalid('The GPX file has no waypoints (<wpt>) and no route (<rte>) to make stops of.');
  if (raw.length > MAX_STOPS) throw invalid(`The GPX file has ${raw.length} points; a trip holds at most ${MAX_STOPS} stops.`);

  const plans = points.length ? waypointPlans(doc) : [];
  const stops = raw.map((r, i) => {
    const parsed = stopInput.safeParse({ kind: 'custom', name: r.name.slice(0, MAX_TRIP_NAME), lon: r.lon, lat: r.lat, note: r.note.slice(0, 2000), ...plans[i] });
    if (!parsed.success) throw invalid(`Point ${i + 1} (${r.name}): ${parsed.error.issues[0].message}.`);
    return parsed.data;
  });
  const title = doc.getElementsByTagName('metadata')[0]?.getElementsByTagName('name')[0]?.textContent?.trim();
  return { name: (title || fallbackName).slice(0, MAX_TRIP_NAME), stops };
}
