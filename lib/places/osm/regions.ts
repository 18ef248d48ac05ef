import Flatbush from 'flatbush';
import { angleBetween, EARTH_RADIUS_M } from '../geo';
import { type City, type Geography, loadGeography, type RegionInfo } from '../dataset/cities';
import { round } from '../dataset/location';
import type { PlaceRecord } from '../place-schema';
import type { OsmTags } from './tag-table';
import { UsStateShapes } from './us-states';

/** A place further than this from any town of 1,000 people has no town in its address or regions. */
const TOWN_REACH_M = 30_000;
/** Further than this from any town, a place's country and state are not guessed: it is skipped. */
const COUNTRY_REACH_M = 400_000;

export interface PlaceRegions {
  country: string;
  /** The state or province code as addresses write it (`UT`, `BC`). */
  state: string;
  /** The state's name (`Utah`), empty when GeoNames has no such region. */
  stateName: string;
  /** The nearest town within reach, or null. */
  town: City | null;
  regions: PlaceRecord['regions_hierarchy'];
}

const bounds = (r: RegionInfo): [[number, number], [number, number]] => [
  [round(r.west, 4), round(r.south, 4)],
  [round(r.east, 4), round(r.north, 4)],
];

/**
 * Country, state and town of a point, from the regions the product already ships (GeoNames' towns of 1,000 people
 * and more, grouped into countries and states with the same ids the generated places use): the object's own
 * `addr:country` and `addr:state` first; else, in the United States, the state whose shape holds the point; else
 * those of the nearest town. Built once per import.
 */
export class RegionLocator {
  private readonly geo: Geography;
  private readonly index: Flatbush;
  private readonly usStates: UsStateShapes;

  constructor(geo: Geography = loadGeography(), usStates: UsStateShapes = new UsStateShapes()) {
    this.geo = geo;
    this.usStates = usStates;
    this.index = new Flatbush(geo.cities.length);
    for (const c of geo.cities) this.index.add(c.lon, c.lat, c.lon, c.lat);
    this.index.finish();
  }

  private nearestTown(lon: number, lat: number, where?: (city: City) => boolean): { city: City; meters: number } | null {
    // Flatbush measures in degrees: take a few candidates and pick by great-circle distance.
    const candidates = this.index.neighbors(lon, lat, 8, 6, where && ((i) => where(this.geo.cities[i]))).map((i) => this.geo.cities[i]);
    let best: { city: City; meters: number } | null = null;
    for (const city of candidates) {
      const meters = angleBetween(lon, lat, city.lon, city.lat) * EARTH_RADIUS_M;
      if (!best || meters < best.meters) best = { city, meters };
    }
    return best;
  }

  locate(lon: number, lat: number, tags: OsmTags): PlaceRegions | null {
    const near = this.nearestTown(lon, lat);
    if (!near || near.meters > COUNTRY_REACH_M) return null;
    const usState = this.usStates.stateAt(lon, lat);
    const taggedCountry = tags['addr:country']?.toUpperCase();
    const country = taggedCountry && this.geo.countries.has(taggedCountry) ? taggedCountry : usState ? 'US' : near.city.country;
    const taggedState = tags['addr:state']?.toUpperCase();
    const shapeState = country === 'US' && usState && this.geo.states.has(`US-${usState}`) ? usState : null;
    const state = taggedState && this.geo.states.has(`${country}-${taggedState}`) ? taggedState : (shapeState ?? near.city.admin);
    // The town of the address is in the place's state: across a state line, the nearest one on this side.
    const local = shapeState && near.city.admin !== shapeState ? this.nearestTown(lon, lat, (c) => c.country === 'US' && c.admin === shapeState) : near;
    const town = local && local.meters <= TOWN_REACH_M && local.city.country === country ? local.city : null;
    const countryInfo = this.geo.countries.get(country);
    const stateInfo = this.geo.states.get(`${country}-${state}`);
    const regions: PlaceRecord['regions_hierarchy'] = [];
    if (countryInfo) regions.push({ id: countryInfo.id, type: 'regions', name: countryInfo.name, bounds: bounds(countryInfo) });
    if (stateInfo) {
      regions.push({
        id: stateInfo.id,
        type: 'regions',
        name: stateInfo.name,
        bounds: bounds(stateInfo),
        center: [round(stateInfo.lonSum / stateInfo.n, 4), round(stateInfo.latSum / stateInfo.n, 4)],
      });
    }
    if (town) {
      const pad = 0.05 + Math.sqrt(town.population) / 20000;
      regions.push({
        id: town.id,
        type: 'regions',
        name: town.name,
        bounds: [
          [round(town.lon - pad, 4), round(town.lat - pad, 4)],
          [round(town.lon + pad, 4), round(town.lat + pad, 4)],
        ],
        center: [town.lon, town.lat],
      });
    }
    return { country, state, stateName: stateInfo?.name ?? '', town, regions };
  }
}
