import { EARTH_RADIUS_M } from '../geo';
import type { PlaceRecord } from '../place-schema';
import type { City, Geography } from './cities';
import { STREETS } from './kinds';
import { chance, gaussian, int, pick, type Rng } from './prng';

export function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** A point at a given distance and bearing from a city, on the sphere. */
function offsetPoint(city: City, meters: number, bearing: number): [number, number] {
  const d = meters / EARTH_RADIUS_M;
  const phi1 = (city.lat * Math.PI) / 180;
  const lambda1 = (city.lon * Math.PI) / 180;
  const phi2 = Math.asin(Math.sin(phi1) * Math.cos(d) + Math.cos(phi1) * Math.sin(d) * Math.cos(bearing));
  const lambda2 = lambda1 + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(phi1), Math.cos(d) - Math.sin(phi1) * Math.sin(phi2));
  let lon = ((((lambda2 * 180) / Math.PI + 540) % 360) + 360) % 360 - 180;
  if (lon === -180) lon = 180;
  const lat = Math.max(-89.9, Math.min(89.9, (phi2 * 180) / Math.PI));
  return [round(lon, 6), round(lat, 6)];
}

/** The spread (km, one standard deviation) of a city's places: it widens with the city's population. */
export function placeSpreadKm(population: number): number {
  return 1.5 + Math.sqrt(population) / 150;
}

/** [lon, lat] of a place near a city: a normal spread that widens with the city's population, any direction. */
export function pointNear(rng: Rng, city: City): [number, number] {
  return offsetPoint(city, Math.abs(gaussian(rng)) * placeSpreadKm(city.population) * 1000, rng() * 2 * Math.PI);
}

/** A made-up street address in the city, at the place's point. */
export function addressFor(rng: Rng, city: City, [lon, lat]: [number, number]): PlaceRecord['locations'][number] {
  return {
    address1: `${int(rng, 1, 9999)} ${pick(rng, STREETS)}`,
    postal_code: String(int(rng, 10000, 99999)),
    city: city.name,
    state: city.admin,
    country: city.country,
    latitude: lat,
    longitude: lon,
  };
}

/** Country, state and city, largest first, with their bounds; the city's center is sometimes left out. */
export function regionsFor(geo: Geography, city: City, rng: Rng): PlaceRecord['regions_hierarchy'] {
  const country = geo.countries.get(city.country)!;
  const state = geo.states.get(`${city.country}-${city.admin}`)!;
  const bounds = (r: typeof country): [[number, number], [number, number]] => [
    [round(r.west, 4), round(r.south, 4)],
    [round(r.east, 4), round(r.north, 4)],
  ];
  const out: PlaceRecord['regions_hierarchy'] = [
    { id: country.id, type: 'regions', name: country.name, bounds: bounds(country) },
    { id: state.id, type: 'regions', name: state.name, bounds: bounds(state), center: [round(state.lonSum / state.n, 4), round(state.latSum / state.n, 4)] },
  ];
  const pad = 0.05 + Math.sqrt(city.population) / 20000;
  const city4: [[number, number], [number, number]] = [
    [round(Math.max(-180, city.lon - pad), 4), round(Math.max(-90, city.lat - pad), 4)],
    [round(Math.min(180, city.lon + pad), 4), round(Math.min(90, city.lat + pad), 4)],
  ];
  out.push(chance(rng, 0.85) ? { id: city.id, type: 'regions', name: city.name, bounds: city4, center: [city.lon, city.lat] } : { id: city.id, type: 'regions', name: city.name, bounds: city4 });
  return out;
}
