import type { PlaceRecord } from '../place-schema';
import { statusAsOf } from '../status';
import { amenitiesFor } from './amenities';
import { type Geography, loadGeography, sampleCity } from './cities';
import { closuresFor } from './closures';
import { hoursFor } from './hours';
import { contactFor, identityFor, slug } from './identity';
import { imagesFor } from './images';
import { HANDLES, type Kind, KINDS, TOPICS } from './kinds';
import { addressFor, pointNear, regionsFor, round } from './location';
import { loadParkAnchors } from './park-anchors';
import { chance, hash32, int, mulberry32, pick, type Rng } from './prng';
import { reviewsFor } from './reviews';
import { roadTripFor } from './road-trip';
import { rvServiceFor } from './rv-service';
import { addTag, tagsFor } from './tags';
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

const kindTotal = KINDS.reduce((s, k) => s + k.weight, 0);

function pickKind(rng: Rng): Kind {
  let u = rng() * kindTotal;
  for (const k of KINDS) {
    u -= k.weight;
    if (u < 0) return k;
  }
  return KINDS[KINDS.length - 1];
}

/**
 * A share of the places (after the first 400) stand near a national park or its gateway towns, mostly campgrounds and
 * RV parks, where RV trips go and cities' populations do not say (issue 49: none within 50 km of Moab or Zion before).
 * They are chosen by a draw of their own, so every other place is what it was.
 */
const PARK_SHARE = 0.12;
const PARK_KINDS: [key: string, weight: number][] = [
  ['campground', 40],
  ['rv-park', 30],
  ['gas-station', 10],
  ['rv-service', 8],
  ['grocery', 6],
  ['visitor-center', 6],
];
const PARK_STREAM = 0x5eed_9a4c;
/** The reviews' stars and visit dates (added after the rest): a stream of their own, so no other field moved. */
const REVIEW_STREAM = 0x7e71_e3a1;
/** The stars a showcase place's reviews are drawn around when the place itself was drawn without ratings. */
const UNRATED_REVIEWS_AROUND = 4;

/** A kind in a sentence: "a campground", "an RV park" (an initialism keeps its capitals, and reads with "an"). */
export function kindPhrase(label: string): string {
  const [first, ...rest] = label.split(' ');
  const initialism = /^[A-Z]{2,}$/.test(first);
  const word = [initialism ? first : first.toLowerCase(), ...rest.map((w) => w.toLowerCase())].join(' ');
  return `${initialism ? (/^[AEFHILMNORSX]/.test(first) ? 'an' : 'a') : /^[aeiou]/i.test(first) ? 'an' : 'a'} ${word}`;
}

function pickParkKind(u: number): Kind {
  let left = u * PARK_KINDS.reduce((s, [, w]) => s + w, 0);
  const [key] = PARK_KINDS.find(([, w]) => (left -= w) < 0) ?? PARK_KINDS[0];
  return KINDS.find((k) => k.key === key)!;
}

export interface Generator {
  place(index: number): PlaceRecord;
  geography: Geography;
}

/**
 * Place `index` is a pure function of (seed, index): one PRNG feeds every helper below in turn, so moving a call, or a
 * draw inside a helper, changes every later field (tests/places/dataset-fingerprint.test.ts pins the result).
 */
export function createGenerator(options: GeneratorOptions): Generator {
  const geo = loadGeography();
  const anchors = geo.largest;
  const parks = loadParkAnchors();
  const base = options.baseUrl.replace(/\/+$/, '');
  const today = options.today;

  function place(index: number): PlaceRecord {
    const rng = mulberry32(hash32(options.seed, index));
    const id = FIRST_PLACE_ID + index;
    // Every tenth place carries every optional feature, so even a small dataset shows all of them.
    const showcase = index % 10 === 0;
    const parkDraw = mulberry32(hash32(options.seed ^ PARK_STREAM, index));
    const nearPark = index >= 400 && parkDraw() < PARK_SHARE;
    // The first places sit in the largest cities, one each, so any dataset size covers the big cities.
    const city = index < 400 ? anchors[index % anchors.length] : nearPark ? parks[Math.floor(parkDraw() * parks.length)] : sampleCity(geo, rng());
    const kind = nearPark ? pickParkKind(parkDraw()) : pickKind(rng);
    const [lon, lat] = pointNear(rng, city);
    const { chain, name, altNames, topic } = identityFor(rng, kind, city);
    const tags = tagsFor(rng, kind);
    const ratingCount = chance(rng, 0.1) ? 0 : Math.floor(Math.exp(rng() * 7));
    const avgRating = ratingCount ? round(2.4 + rng() * 2.6, 1) : 0;
    const fidelity = showcase ? int(rng, 4, 5) : [1, 2, 2, 3, 3, 3, 4, 4, 5][int(rng, 0, 8)];
    const nameSlug = slug(name);
    const contributor = pick(rng, HANDLES);
    const images = imagesFor(rng, base, id, showcase);
    const reviewDraw = mulberry32(hash32(options.seed ^ REVIEW_STREAM, index));
    // A showcase place drawn without ratings still has reviews: their stars (around four) make its average.
    const reviews = reviewsFor(rng, reviewDraw, { id, showcase, rated: ratingCount > 0, avgRating: avgRating || UNRATED_REVIEWS_AROUND }, today);
    const shownAvg = ratingCount || !reviews.length ? avgRating : round(reviews.reduce((sum, r) => sum + (r.rating ?? 0), 0) / reviews.length, 1);
    const closures = closuresFor(rng, { index, id, showcase }, today);
    const rvService = rvServiceFor(rng, kind);
    if (rvService) addTag(tags, 'rv-service');
    return {
      id,
      name,
      alt_names: altNames,
      description: `${name} is ${kindPhrase(kind.label)} near ${city.name}, known for its ${topic}.\nVisitors mention ${pick(rng, TOPICS)} and easy access from the highway.`,
      subtitle: `${kind.label} in ${city.name}, ${city.country}`,
      previous_ids: chance(rng, 0.08) || showcase ? [PREVIOUS_ID_BASE + index * 2] : [],
      hours: hoursFor(rng, kind, showcase),
      icon: kind.key,
      search_icon: `pin-${kind.key}`,
      contact_info: contactFor(rng, city.country, nameSlug),
      ...amenitiesFor(rng, kind),
      // Every review counts as a rating (issue 49: "2 ratings" above 3 reviews).
      engagement: { rating_count: Math.max(ratingCount, reviews.length), avg_rating: shownAvg, visits: chance(rng, 0.3) ? null : int(rng, 0, 250_000) },
      locations: [addressFor(rng, city, [lon, lat])],
      images,
      reviews,
      tags,
      regions_hierarchy: regionsFor(geo, city, rng),
      road_trip_details: roadTripFor(rng, { name, nameSlug, cityName: city.name, contributor }),
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
