import type { RoadAttributes } from './edge';
import {
  type AccessValue,
  parseAccess,
  parseMaxspeed,
  parseOneway,
  parseSizeLimit,
  parseTunnelCategory,
  parseWeightLimit,
  type TagReading,
  type TunnelCategory,
} from './osm-units';
import { DEFAULT_SPEED_KMH, isRoadClass } from './road-classes';

export type OsmTags = Record<string, string | undefined>;

/** A tag whose value could not be read: counted by the import and reported, the road kept without it. */
export interface UnreadableTag {
  tag: string;
  raw: string;
}

export interface ReadRoad {
  attributes: RoadAttributes;
  unreadable: UnreadableTag[];
}

/**
 * A way's road attributes from its OSM tags, or null when it is not a road a vehicle drives (see road-classes.ts)
 * or is an area. Rules beyond the single tags:
 * - speed: `maxspeed` when it gives a number, else the class's default (also for `none` and zone values);
 * - oneway: the `oneway` tag, else implied on `junction=roundabout|circular` and on motorways; an unreadable value
 *   is taken as both ways (and reported);
 * - height: the lower of `maxheight` and `maxheight:physical`;
 * - access: the first of `motor_vehicle`, `vehicle`, `access` present (the most specific wins);
 * - tunnel category: `hazmat:adr_tunnel_cat` or `hazmat:tunnel_cat`, else the strictest of `hazmat:B..E=no`,
 *   read on tunnels only (in Finland `hazmat:A`/`hazmat:B` name other groups, as GraphHopper also notes).
 */
export function readRoadTags(tags: OsmTags): ReadRoad | null {
  const highway = tags.highway;
  if (!isRoadClass(highway) || tags.area === 'yes') return null;
  const unreadable: UnreadableTag[] = [];
  const read = <T>(tag: string, parse: (raw: string) => TagReading<T>): T | null => {
    const raw = tags[tag];
    if (raw === undefined) return null;
    const reading = parse(raw);
    if (reading.status === 'unreadable') unreadable.push({ tag, raw });
    return reading.status === 'value' ? reading.value : null;
  };

  const maxspeed = read('maxspeed', parseMaxspeed);
  const tunnel = tags.tunnel !== undefined && tags.tunnel !== 'no';
  const heights = [read('maxheight', parseSizeLimit), read('maxheight:physical', parseSizeLimit)].filter((h): h is number => h !== null);
  const accessTag = ['motor_vehicle', 'vehicle', 'access'].find((tag) => tags[tag] !== undefined);

  const attributes: RoadAttributes = {
    highway,
    name: tags.name ?? null,
    ref: tags.ref ?? null,
    speedKmh: maxspeed ?? DEFAULT_SPEED_KMH[highway],
    speedFrom: maxspeed === null ? 'class' : 'maxspeed',
    oneway: read('oneway', parseOneway) ?? (tags.oneway === undefined && impliedOneway(tags) ? 'forward' : 'both'),
    maxheightM: heights.length ? Math.min(...heights) : null,
    maxwidthM: read('maxwidth', parseSizeLimit),
    maxlengthM: read('maxlength', parseSizeLimit),
    maxweightT: read('maxweight', parseWeightLimit),
    access: accessTag ? read<AccessValue>(accessTag, parseAccess) : null,
    motorcar: read('motorcar', parseAccess),
    hgv: read('hgv', parseAccess),
    hazmat: read('hazmat', parseAccess),
    tunnel,
    tunnelCategory: tunnel ? tunnelCategory(tags, read) : null,
  };
  return { attributes, unreadable };
}

function impliedOneway(tags: OsmTags): boolean {
  return tags.junction === 'roundabout' || tags.junction === 'circular' || tags.highway === 'motorway';
}

function tunnelCategory(tags: OsmTags, read: <T>(tag: string, parse: (raw: string) => TagReading<T>) => T | null): TunnelCategory | null {
  const named = read('hazmat:adr_tunnel_cat', parseTunnelCategory) ?? read('hazmat:tunnel_cat', parseTunnelCategory);
  if (named) return named;
  // hazmat:X=no closes the tunnel to goods of restriction code X, which is what categories X and stricter do.
  for (const letter of ['E', 'D', 'C', 'B'] as const) if (tags[`hazmat:${letter}`] === 'no') return letter;
  return null;
}
