import { CHAINS, RV_AVAILABLE_SERVICES, RV_DEALER_AMENITIES, RV_SERVICED_MAKES, RV_TYPES, STANDARD_TAGS } from '../catalog';
import { EARTH_RADIUS_M } from '../geo';
import { imageFingerprint, IMAGE_SIZES, mediaPath } from '../media';
import type { Closure, PlaceRecord } from '../place-schema';
import { addDays, statusAsOf } from '../status';
import { type City, type Geography, loadGeography, sampleCity } from './cities';
import {
  ADJECTIVES, CLOSURE_REASONS, HANDLES, type HoursStyle, type Kind, KINDS, MAP_MARKERS, REVIEW_LINES, STREETS, TOPICS,
} from './kinds';
import { chance, gaussian, hash32, int, mulberry32, pick, type Rng, sample } from './prng';
import { mapIllustration } from './map-illustration';
import { timeZoneFor } from './time-zone';

export interface GeneratorOptions {
  seed: number;
  /** Base URL of the server that answers /media (image URLs point at it). */
  baseUrl: string;
  /** The generation date (YYYY-MM-DD): closures are placed around it and status derived as of it. */
  today: string;
}

export const DEFAULT_SEED = 20240611;
export const FIRST_PLACE_ID = 1_000_000;
export const PREVIOUS_ID_BASE = 500_000_000;

const tagName = new Map(STANDARD_TAGS.map((t) => [t.public_id, t.name]));
const chainByPublicId = new Map(CHAINS.map((c) => [c.public_id, c]));
const kindTotal = KINDS.reduce((s, k) => s + k.weight, 0);
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
type Schedule = Record<`${(typeof DAYS)[number]}_open_close`, string[]>;

function pickKind(rng: Rng): Kind {
  let u = rng() * kindTotal;
  for (const k of KINDS) {
    u -= k.weight;
    if (u < 0) return k;
  }
  return KINDS[KINDS.length - 1];
}

function round(n: number, digits: number): number {
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

function week(rng: Rng, style: HoursStyle, variant: number): Schedule {
  const out = {} as Schedule;
  const closedDay = style === 'meals' || style === 'day' ? int(rng, 0, 6) : -1;
  for (let d = 0; d < 7; d++) {
    const key = `${DAYS[d]}_open_close` as const;
    const weekend = d === 0 || d === 6;
    if (d === closedDay && variant === 0) out[key] = [];
    else if (style === 'always') out[key] = ['00:00-24:00'];
    else if (style === 'meals') out[key] = weekend ? ['08:00-14:30', '17:00-22:30'] : ['11:30-14:30', '17:00-21:30'];
    else if (style === 'evening') out[key] = weekend ? ['12:00-24:00'] : ['16:00-23:00'];
    else if (style === 'retail') out[key] = d === 0 ? ['10:00-17:00'] : ['08:00-12:00', '13:00-19:00'];
    else out[key] = weekend ? ['10:00-16:00'] : variant === 1 ? ['09:00-19:00'] : ['09:00-17:00'];
  }
  return out;
}

function hoursFor(rng: Rng, kind: Kind, showcase: boolean): PlaceRecord['hours'] {
  const hours: PlaceRecord['hours'] = { '<default>': week(rng, kind.hours, 0) };
  if (showcase || chance(rng, 0.25)) hours.summer = week(rng, kind.hours, 1);
  if (showcase || chance(rng, 0.1)) {
    const closed = week(rng, 'day', 2);
    for (const d of DAYS) closed[`${d}_open_close`] = d === 'sun' ? [] : ['10:00-14:00'];
    hours.holiday = closed;
  }
  if (kind.key === 'restaurant' && (showcase || chance(rng, 0.3))) hours.kitchen = week(rng, 'meals', 1);
  return hours;
}

function closuresFor(rng: Rng, id: number, today: string, pattern: number): Closure[] {
  const reason = () => pick(rng, CLOSURE_REASONS);
  const closures: Closure[] = [];
  if (pattern === 0 || pattern === 3) {
    const start = addDays(today, -int(rng, 120, 400));
    closures.push({ id: id * 10 + 1, start_date: start, end_date: addDays(start, int(rng, 3, 30)), reason: reason() });
  }
  if (pattern === 1 || pattern === 3) {
    const start = addDays(today, -int(rng, 0, 10));
    closures.push({ id: id * 10 + 2, start_date: start, end_date: addDays(today, int(rng, 1, 21)), reason: reason() });
  }
  if (pattern === 2 || pattern === 3) {
    const start = addDays(today, int(rng, 30, 180));
    closures.push({ id: id * 10 + 3, start_date: start, end_date: addDays(start, int(rng, 1, 14)), reason: reason() });
  }
  return closures;
}

function slug(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'place';
}

function phoneFor(rng: Rng, country: string): string {
  const n = () => String(int(rng, 0, 9999)).padStart(4, '0');
  if (country === 'US' || country === 'CA') return `+1 ${int(rng, 201, 989)}-555-${n()}`;
  return `+${int(rng, 20, 98)} ${int(rng, 10, 99)} ${n()} ${n()}`;
}

function regions(geo: Geography, city: City, rng: Rng): PlaceRecord['regions_hierarchy'] {
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

export interface Generator {
  place(index: number): PlaceRecord;
  geography: Geography;
}

/** A place without parking has no kind of parking either: not "No parking" beside "Free parking" and "RV parking". */
function parkingOf(drawn: { street: boolean; valet: boolean; private: boolean; garage: boolean; rv: boolean; free: boolean; available: boolean }) {
  if (drawn.available) return drawn;
  return { street: false, valet: false, private: false, garage: false, rv: false, free: false, available: false };
}

export function createGenerator(options: GeneratorOptions): Generator {
  const geo = loadGeography();
  const anchors = geo.largest;
  const base = options.baseUrl.replace(/\/+$/, '');
  const today = options.today;

  function place(index: number): PlaceRecord {
    const rng = mulberry32(hash32(options.seed, index));
    const id = FIRST_PLACE_ID + index;
    // Every tenth place carries every optional feature, so even a small dataset shows all of them.
    const showcase = index % 10 === 0;
    // The first places sit in the largest cities, one each, so any dataset size covers the big cities.
    const city = index < 400 ? anchors[index % anchors.length] : sampleCity(geo, rng());
    const kind = pickKind(rng);
    const sigmaKm = 1.5 + Math.sqrt(city.population) / 150;
    const [lon, lat] = offsetPoint(city, Math.abs(gaussian(rng)) * sigmaKm * 1000, rng() * 2 * Math.PI);

    const chainId = kind.chains.length && chance(rng, 0.18) ? pick(rng, kind.chains) : null;
    const chain = chainId ? chainByPublicId.get(chainId)! : null;
    const adjective = pick(rng, ADJECTIVES);
    const noun = pick(rng, kind.nouns);
    const topic = pick(rng, TOPICS);
    let name: string;
    if (chain) name = `${chain.name} ${city.name}`;
    else if (kind.key === 'museum') name = `${city.name} Museum of ${topic.replace(/\b\w/g, (c) => c.toUpperCase())}`;
    else name = chance(rng, 0.35) ? `${city.name} ${noun}` : `${adjective} ${noun}`;
    const altNames: string[] = [];
    // The town in brackets only when the name lacks it: not "Grand Junction RV Park (Grand Junction)".
    if (chance(rng, 0.4) && !name.includes(city.name)) altNames.push(`${name} (${city.name})`);
    if (chance(rng, 0.15)) altNames.push(`${adjective.split(' ')[0]} ${kind.label}`);

    const tagIds = [...kind.tags, ...sample(rng, kind.extraTags, int(rng, 0, Math.min(2, kind.extraTags.length)))];
    const tags = [...new Set(tagIds)].map((t) => ({ public_id: t, name: tagName.get(t)! }));

    const ratingCount = chance(rng, 0.1) ? 0 : Math.floor(Math.exp(rng() * 7));
    const avgRating = ratingCount ? round(2.4 + rng() * 2.6, 1) : 0;
    const fidelity = showcase ? int(rng, 4, 5) : [1, 2, 2, 3, 3, 3, 4, 4, 5][int(rng, 0, 8)];
    const s = slug(name);
    const handle = pick(rng, HANDLES);

    const imageCount = showcase ? int(rng, 3, 4) : chance(rng, 0.4) ? int(rng, 1, 2) : 0;
    const images = Array.from({ length: imageCount }, (_, k) => {
      const n = k + 1;
      const sized = (size: keyof typeof IMAGE_SIZES) => ({ width: IMAGE_SIZES[size][0], height: IMAGE_SIZES[size][1], url: base + mediaPath(id, n, size) });
      return {
        image_url: base + mediaPath(id, n, 'original'),
        fingerprint: imageFingerprint(id, n),
        enabled: n < 4 || chance(rng, 0.5),
        sizes: { thumbnail: sized('thumbnail'), square: sized('square'), small: sized('small'), medium: sized('medium'), large: sized('large') },
      };
    });

    const reviewCount = showcase ? int(rng, 2, 4) : ratingCount && chance(rng, 0.5) ? int(rng, 1, 3) : 0;
    const reviews = Array.from({ length: reviewCount }, (_, k) => {
      const author = pick(rng, HANDLES);
      return {
        text: `${pick(rng, REVIEW_LINES)}\n${pick(rng, REVIEW_LINES)}`,
        url: `https://travelers.example.com/u/${author}`,
        source_user: author,
        comments: Array.from({ length: showcase && k === 0 ? 2 : int(rng, 0, 1) }, (_, c) => ({
          id: id * 100 + k * 10 + c,
          text: pick(rng, ['Thanks for the tip!', 'Agreed, lovely spot.', 'Was it open in winter?', 'Helpful, thank you.']),
          source_user: pick(rng, HANDLES),
          created_at: addDays(today, -int(rng, 1, 700)),
        })),
      };
    });

    const closurePattern = showcase ? Math.floor(index / 10) % 4 : chance(rng, 0.08) ? int(rng, 0, 3) : -1;
    const closures = closurePattern >= 0 ? closuresFor(rng, id, today, closurePattern) : [];

    const isRv = chance(rng, kind.rv);
    const rvService = isRv
      ? {
          serviced_makes: sample(rng, RV_SERVICED_MAKES, int(rng, 2, 8)).sort(),
          serviced_rv_types: sample(rng, RV_TYPES, int(rng, 2, 6)).sort(),
          available_services: sample(rng, RV_AVAILABLE_SERVICES, int(rng, 3, 9)).sort(),
          dealer_amenities: sample(rng, RV_DEALER_AMENITIES, int(rng, 1, 5)),
          rental_available: chance(rng, 0.4),
          association_member: chance(rng, 0.5),
          partner_dealer: chance(rng, 0.3),
        }
      : null;
    if (isRv && !tags.some((t) => t.public_id === 'rv-service')) tags.push({ public_id: 'rv-service', name: tagName.get('rv-service')! });

    const freeEntry = ['park', 'viewpoint', 'beach', 'rest-area'].includes(kind.key);
    return {
      id,
      name,
      alt_names: altNames,
      description: `${name} is a ${kind.label.toLowerCase()} near ${city.name}, known for its ${topic}.\nVisitors mention ${pick(rng, TOPICS)} and easy access from the highway.`,
      subtitle: `${kind.label} in ${city.name}, ${city.country}`,
      previous_ids: chance(rng, 0.08) || showcase ? [PREVIOUS_ID_BASE + index * 2] : [],
      hours: hoursFor(rng, kind, showcase),
      icon: kind.key,
      search_icon: `pin-${kind.key}`,
      contact_info: { phone: phoneFor(rng, city.country), email: `info@${s}.example.com`, website: `https://www.${s}.example.com/` },
      details: { credit_cards: !freeEntry, accessible: chance(rng, 0.7), restrooms: chance(rng, 0.75), price_rating: freeEntry ? 0 : int(rng, 1, 4) },
      restaurant_details: { outdoor_seating: kind.key === 'restaurant' || kind.key === 'cafe' ? chance(rng, 0.5) : false },
      parking_details: parkingOf({
        street: chance(rng, 0.4),
        valet: kind.key === 'lodging' && chance(rng, 0.3),
        private: chance(rng, 0.5),
        garage: chance(rng, 0.15),
        rv: ['campground', 'rv-park', 'rv-dealer', 'rv-service', 'gas-station', 'rest-area'].includes(kind.key) || chance(rng, 0.2),
        free: chance(rng, 0.6),
        available: chance(rng, 0.9),
      }),
      engagement: { rating_count: ratingCount, avg_rating: avgRating, visits: chance(rng, 0.3) ? null : int(rng, 0, 250_000) },
      locations: [
        {
          address1: `${int(rng, 1, 9999)} ${pick(rng, STREETS)}`,
          postal_code: String(int(rng, 10000, 99999)),
          city: city.name,
          state: city.admin,
          country: city.country,
          latitude: lat,
          longitude: lon,
        },
      ],
      images,
      reviews,
      tags,
      regions_hierarchy: regions(geo, city, rng),
      road_trip_details: {
        map_markers: sample(rng, MAP_MARKERS, int(rng, 1, 4)),
        map_illustration: mapIllustration(rng),
        editorial: `Plan an hour for ${name}. ${pick(rng, ['Arrive early', 'Come at golden hour', 'Bring a picnic', 'Check the weather first'])} and ask about ${pick(rng, TOPICS)}.`,
        magazine_articles: chance(rng, 0.4) ? [`https://magazine.example.com/articles/${s}`] : [],
        trip_guides: chance(rng, 0.3) ? [`https://guides.example.com/${slug(city.name)}/${s}`] : [],
        contributor: `https://contributors.example.com/${handle}`,
      },
      temporary_closures: closures,
      status: statusAsOf(closures, today, today),
      fidelity,
      time_zone: timeZoneFor(city.country, lon, lat),
      chain: chain ? { public_id: chain.public_id, name: chain.name } : null,
      rv_service: rvService,
    };
  }

  return { place, geography: geo };
}
