// Small OpenStreetMap extracts written for the places import's tests, as OPL (osmium's one-object-a-line format):
// one object of every tag family of the tag table around Moab, Utah, an area, a multipolygon, and a second version
// of the same extract with objects renamed, redrawn, merged, deleted and added.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { oplTags } from '@/lib/core/opl';

type Tags = Record<string, string>;
export interface OplNode { id: number; lon: number; lat: number; tags?: Tags }
export interface OplWay { id: number; nodes: number[]; tags: Tags }
export interface OplRelation { id: number; outer: number[]; tags: Tags }
export interface Extract { nodes: OplNode[]; ways: OplWay[]; relations: OplRelation[] }

const tagText = (tags: Tags | undefined) => ` T${oplTags(tags ?? {})}`;

export function toOpl(extract: Extract): string {
  const lines = [
    ...[...extract.nodes].sort((a, b) => a.id - b.id).map((n) => `n${n.id} v1 x${n.lon} y${n.lat}${tagText(n.tags)}`),
    ...[...extract.ways].sort((a, b) => a.id - b.id).map((w) => `w${w.id} v1 N${w.nodes.map((n) => `n${n}`).join(',')}${tagText(w.tags)}`),
    ...[...extract.relations].sort((a, b) => a.id - b.id).map((r) => `r${r.id} v1 M${r.outer.map((w) => `w${w}@outer`).join(',')}${tagText({ type: 'multipolygon', ...r.tags })}`),
  ];
  return `${lines.join('\n')}\n`;
}

export function writeExtract(dir: string, name: string, extract: Extract): string {
  const file = path.join(dir, name);
  const opl = toOpl(extract);
  if (name.endsWith('.opl')) fs.writeFileSync(file, opl);
  else {
    fs.writeFileSync(`${file}.opl`, opl);
    execFileSync('osmium', ['cat', `${file}.opl`, '-o', file, '--overwrite']);
  }
  return file;
}

/** A small square area of nodes `first`..`first+3` around a point (about 100 m across). */
function square(first: number, lon: number, lat: number): OplNode[] {
  const d = 0.0005;
  return [
    { id: first, lon: lon - d, lat: lat - d },
    { id: first + 1, lon: lon + d, lat: lat - d },
    { id: first + 2, lon: lon + d, lat: lat + d },
    { id: first + 3, lon: lon - d, lat: lat + d },
  ];
}
const ring = (first: number) => [first, first + 1, first + 2, first + 3, first];

const MOAB = { lon: -109.5498, lat: 38.5733 };
const at = (i: number) => ({ lon: Math.round((MOAB.lon + (i % 6) * 0.01) * 1e7) / 1e7, lat: Math.round((MOAB.lat + Math.floor(i / 6) * 0.01) * 1e7) / 1e7 });

/** The first extract: every tag family, with hours fair and sloppy, chains, RV facts, areas, and objects to skip. */
export function extractBefore(): Extract {
  const node = (id: number, i: number, tags: Tags): OplNode => ({ id, ...at(i), tags });
  return {
    nodes: [
      node(1, 0, { tourism: 'caravan_site', name: 'Moab Valley RV Resort', opening_hours: '24/7', 'capacity:caravans': '60', maxlength: '12', power_supply: 'yes', sanitary_dump_station: 'yes', 'addr:housenumber': '1773', 'addr:street': 'North Highway 191', 'addr:city': 'Moab', 'addr:postcode': '84532', phone: '+1 435-259-4469', website: 'https://example.org/moab-valley' }),
      node(2, 1, { tourism: 'camp_site', name: 'Moab KOA Holiday', brand: 'KOA', opening_hours: 'Apr-Oct: 08:00-20:00', caravans: 'yes' }),
      node(3, 2, { amenity: 'sanitary_dump_station', fee: 'no' }),
      node(4, 3, { amenity: 'water_point' }),
      node(5, 4, { shop: 'gas', name: 'Moab Propane' }),
      node(6, 5, { amenity: 'fuel', brand: "Love's", 'fuel:diesel': 'yes', hgv: 'yes', 'fuel:lpg': 'yes', opening_hours: '24/7' }),
      node(7, 6, { shop: 'caravan', name: 'Canyon RV Sales', brand: 'Winnebago;Jayco', opening_hours: 'Mo-Fr 08:00-17:00; Sa 09:00-13:00', rental: 'yes' }),
      node(8, 7, { shop: 'car_repair', 'service:vehicle:motorhome': 'yes', name: 'Red Rock RV Repair' }),
      node(9, 8, { shop: 'car_repair', name: "Joe's Auto" }),
      node(10, 9, { highway: 'rest_area' }),
      node(11, 10, { tourism: 'viewpoint', name: 'Dead Horse Point Overlook' }),
      node(12, 11, { tourism: 'museum', name: 'Museum of Moab', opening_hours: 'Mo-Fr 8-5' }),
      node(13, 12, { tourism: 'information', information: 'office', name: 'Moab Information Center', wheelchair: 'yes', toilets: 'yes' }),
      node(14, 13, { tourism: 'information', information: 'board', name: 'Trail map' }),
      node(15, 14, { tourism: 'attraction', name: 'Mill Canyon Dinosaur Trail', alt_name: 'Mill Canyon Tracksite', 'name:es': 'Sendero de los dinosaurios' }),
      node(16, 15, { tourism: 'hotel', brand: 'Best Western', name: 'Best Western Plus Canyonlands Inn' }),
      node(17, 16, { amenity: 'restaurant', name: 'Moab Diner', opening_hours: 'whenever we feel like it' }),
      node(18, 17, { amenity: 'cafe', name: 'Love Muffin Cafe', outdoor_seating: 'yes' }),
      node(19, 18, { shop: 'supermarket', name: 'City Market' }),
      { id: 21, lon: at(18).lon + 0.0005, lat: at(18).lat, tags: { shop: 'supermarket', name: 'City Market' } },
      node(20, 19, { amenity: 'restaurant' }),
      { id: 30, lon: -140, lat: 0, tags: { tourism: 'attraction', name: 'Middle of the Pacific' } },
      ...square(100, at(20).lon, at(20).lat),
      ...square(200, at(21).lon, at(21).lat),
    ],
    ways: [
      { id: 100, nodes: ring(100), tags: { leisure: 'park', name: 'Lions Park' } },
      { id: 201, nodes: ring(200), tags: {} },
    ],
    relations: [{ id: 200, outer: [201], tags: { boundary: 'national_park', name: 'Arches National Park' } }],
  };
}

/**
 * The same region a year on: Moab Valley renamed, the KOA redrawn as an area, the viewpoint's node replaced by a new
 * one 20 m away, the second City Market merged into the first, the café gone, a new restaurant, the dealer's hours
 * changed.
 */
export function extractAfter(): Extract {
  const before = extractBefore();
  const koa = before.nodes.find((n) => n.id === 2)!;
  const viewpoint = before.nodes.find((n) => n.id === 11)!;
  const nodes = before.nodes
    .filter((n) => ![2, 11, 18, 21].includes(n.id))
    .map((n) => {
      if (n.id === 1) return { ...n, tags: { ...n.tags, name: 'Moab Valley RV Resort & Campground' } };
      if (n.id === 7) return { ...n, tags: { ...n.tags, opening_hours: 'Mo-Sa 08:00-18:00' } };
      return n;
    });
  nodes.push(
    ...square(300, koa.lon, koa.lat),
    { id: 40, lon: viewpoint.lon + 0.0002, lat: viewpoint.lat, tags: viewpoint.tags },
    { id: 41, ...at(22), tags: { amenity: 'restaurant', name: 'Arches Grill' } },
  );
  return {
    nodes,
    ways: [...before.ways, { id: 300, nodes: ring(300), tags: koa.tags! }],
    relations: before.relations,
  };
}
