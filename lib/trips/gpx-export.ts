import type { Leg } from './legs/types';
import type { Trip } from './model';
import { routeLine } from './route-line';

/** Text for XML 1.0: markup escaped, and the characters it cannot carry at all (controls, lone surrogates) dropped. */
function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

const coordinate = (n: number) => n.toFixed(6);

/**
 * The namespace of the stop's plan in a waypoint's `<extensions>` (GPX has no element for an arrival date or a
 * number of nights): other programs skip it, and an import here reads it back (gpx-import.ts).
 */
export const TRIP_GPX_NAMESPACE = 'urn:trip-explorer:gpx:1';

function planExtensions(s: Trip['stops'][number], indent: string): string[] {
  const plan = [
    ...(s.arrivalDate ? [`<trip:arrival>${s.arrivalDate}</trip:arrival>`] : []),
    ...(s.nights ? [`<trip:nights>${s.nights}</trip:nights>`] : []),
  ];
  return plan.length ? [`${indent}<extensions>${plan.join('')}</extensions>`] : [];
}

/** Track points of an export: enough for a road's bends, well inside what an import here reads (MAX_GPX_NODES). */
export const MAX_TRACK_POINTS = 5_000;

/** The legs as drawn on the map (the roads, where the trip is routed on roads), as one track segment. */
function track(trip: Pick<Trip, 'name' | 'stops'>, legs: readonly Leg[]): string[] {
  if (trip.stops.length < 2 || legs.length !== trip.stops.length - 1) return [];
  const { points } = routeLine(trip.stops, legs, MAX_TRACK_POINTS);
  return [
    '  <trk>',
    `    <name>${escapeXml(trip.name)}</name>`,
    '    <trkseg>',
    ...points.map(([lon, lat]) => `      <trkpt lat="${coordinate(lat)}" lon="${coordinate(lon)}"/>`),
    '    </trkseg>',
    '  </trk>',
  ];
}

/**
 * GPX 1.1: each stop a waypoint (name, note, kind, and its plan as extensions), the trip as one route through them
 * in order, and the legs' line (the roads driven) as a track.
 */
export function tripToGpx(trip: Pick<Trip, 'name' | 'stops'>, legs: readonly Leg[] = []): string {
  const point = (tag: string, s: Trip['stops'][number], indent: string) =>
    [
      `${indent}<${tag} lat="${coordinate(s.lat)}" lon="${coordinate(s.lon)}">`,
      `${indent}  <name>${escapeXml(s.name)}</name>`,
      ...(s.note ? [`${indent}  <desc>${escapeXml(s.note)}</desc>`] : []),
      `${indent}  <type>${s.kind === 'place' ? `place ${s.placeId}` : 'custom'}</type>`,
      ...(tag === 'wpt' ? planExtensions(s, `${indent}  `) : []),
      `${indent}</${tag}>`,
    ].join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<gpx version="1.1" creator="Trip Explorer" xmlns="http://www.topografix.com/GPX/1/1" xmlns:trip="${TRIP_GPX_NAMESPACE}">`,
    `  <metadata><name>${escapeXml(trip.name)}</name></metadata>`,
    ...trip.stops.map((s) => point('wpt', s, '  ')),
    '  <rte>',
    `    <name>${escapeXml(trip.name)}</name>`,
    ...trip.stops.map((s) => point('rtept', s, '    ')),
    '  </rte>',
    ...track(trip, legs),
    '</gpx>',
    '',
  ].join('\n');
}

/** GeoJSON: a numbered point per stop and the route line (the legs as drawn on the map). */
export function tripToGeoJson(trip: Pick<Trip, 'name' | 'stops'>, legs: Leg[]) {
  return {
    type: 'FeatureCollection' as const,
    name: trip.name,
    features: [
      ...trip.stops.map((s, i) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [s.lon, s.lat] },
        properties: { number: i + 1, name: s.name, kind: s.kind, placeId: s.placeId, arrivalDate: s.arrivalDate, nights: s.nights, note: s.note },
      })),
      ...(legs.length
        ? [
            {
              type: 'Feature' as const,
              geometry: { type: 'LineString' as const, coordinates: legs.flatMap((l, i) => (i === 0 ? l.geometry : l.geometry.slice(1))) },
              properties: { name: trip.name, distanceMeters: legs.reduce((sum, l) => sum + l.distanceMeters, 0) },
            },
          ]
        : []),
    ],
  };
}
