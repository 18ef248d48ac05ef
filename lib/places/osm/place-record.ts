import { RV_SERVICED_MAKES, STANDARD_TAGS } from '../catalog';
import { round } from '../dataset/location';
import { timeZoneFor } from '../dataset/time-zone';
import type { PlaceRecord } from '../place-schema';
import { statusAsOf } from '../status';
import { brandKey, chainOf } from './chains';
import type { OsmFeature } from './extract';
import { type HoursOutcome, hoursFromOsm } from './opening-hours';
import type { RegionLocator } from './regions';
import { extraTags, kindOf, type OsmKind, type OsmTags } from './tag-table';

/** A place drawn from an object, before the import gives it its id and previous ids. */
export type PlaceDraft = Omit<PlaceRecord, 'id' | 'previous_ids'>;
type RvService = NonNullable<PlaceRecord['rv_service']>;

export type SkipReason = 'not a kind of place the product shows' | 'no name' | 'too far from any known town' | 'too large to map';

export type DraftResult =
  | { ok: true; key: string; kind: string; nameKey: string; lon: number; lat: number; draft: PlaceDraft; hours: HoursOutcome }
  | { ok: false; reason: SkipReason };

const tagNames = new Map(STANDARD_TAGS.map((t) => [t.public_id, t.name]));
const makeByKey = new Map(RV_SERVICED_MAKES.map((m) => [brandKey(m), m]));
const OSM_TYPES: Record<string, string> = { n: 'node', w: 'way', r: 'relation' };

const yes = (value: string | undefined) => value === 'yes' || value === 'designated';
const list = (value: string | undefined) => (value ? value.split(';').map((v) => v.trim()).filter(Boolean) : []);

function otherNames(tags: OsmTags, name: string): string[] {
  const keys = ['official_name', 'alt_name', 'old_name', 'short_name', 'loc_name', ...Object.keys(tags).filter((k) => /^name:[a-z]{2,3}$/.test(k)).sort()];
  const out = new Set<string>();
  for (const key of keys) for (const value of list(tags[key])) if (value !== name) out.add(value);
  return [...out].slice(0, 12);
}

/** The RV facts travelers ask about, in words, after the mapper's own description. */
function descriptionOf(tags: OsmTags): string {
  const lines = tags.description ? [tags.description.trim()] : [];
  const sites = tags['capacity:caravans'] ?? tags['capacity:motorhome'];
  if (sites && /^\d+$/.test(sites)) lines.push(`RV sites: ${sites}.`);
  if (tags.maxlength) lines.push(`Rigs up to ${tags.maxlength}${/^\d+(\.\d+)?$/.test(tags.maxlength) ? ' m' : ''}.`);
  if (yes(tags.power_supply)) lines.push('Electric hookups.');
  if (yes(tags.sanitary_dump_station)) lines.push('Dump station on site.');
  if (yes(tags.drinking_water)) lines.push('Drinking water.');
  if (tags.amenity === 'fuel' && yes(tags['fuel:diesel'])) lines.push(yes(tags.hgv) ? 'Diesel, with lanes for big rigs.' : 'Diesel.');
  return lines.join('\n');
}

function rvServiceOf(kind: OsmKind, tags: OsmTags): PlaceRecord['rv_service'] {
  if (!kind.rvService) return null;
  const makes = [...new Set([...list(tags.brand), ...list(tags['service:vehicle:brand'])].map((b) => makeByKey.get(brandKey(b))).filter((m): m is string => !!m))];
  const types = new Set<string>();
  if (yes(tags['service:vehicle:motorhome']) || tags.shop === 'motorhome') ['Class A', 'Class B', 'Class C'].forEach((t) => types.add(t));
  if (yes(tags['service:vehicle:caravan']) || tags.shop === 'caravan') ['Travel Trailer', 'Fifth Wheel'].forEach((t) => types.add(t));
  const rental = yes(tags.rental) || yes(tags['caravan:rental']) || yes(tags['motorhome:rental']);
  const services = new Set<string>();
  if (kind.kind === 'rv-dealer') services.add('Sales');
  if (kind.kind === 'rv-service' || yes(tags['service:vehicle:repair'])) services.add('Repairs');
  if (yes(tags['service:vehicle:parts']) || yes(tags.parts)) services.add('Parts');
  if (rental) services.add('Rentals');
  if (yes(tags.sanitary_dump_station)) services.add('Dump Station');
  if (yes(tags['fuel:lpg'])) services.add('Propane Refill');
  return {
    serviced_makes: makes as RvService['serviced_makes'],
    serviced_rv_types: [...types] as RvService['serviced_rv_types'],
    available_services: [...services].sort() as RvService['available_services'],
    dealer_amenities: [],
    rental_available: rental,
    association_member: false,
    partner_dealer: false,
  };
}

function subtitleOf(label: string, town: string | null, state: string, country: string, stateName: string): string {
  const area = country === 'US' || country === 'CA' ? state : country;
  return town ? `${label} in ${town}, ${area}` : `${label} in ${stateName || country}`;
}

/** A completeness score like the generated places' (1 to 5); imported data is not verified, so at most 4. */
function fidelityOf(hours: HoursOutcome, tags: OsmTags, address: boolean): number {
  return 1 + Number(hours === 'read') + Number(!!(tags.phone || tags['contact:phone'] || tags.website || tags['contact:website'])) + Number(address);
}

/**
 * The Place record of an OpenStreetMap object, by the tag table (tag-table.ts): what it is, its name, hours, chain,
 * contacts, address, regions and RV facts; or why it is not a place.
 */
export function placeFromOsm(feature: OsmFeature, locator: RegionLocator, today: string): DraftResult {
  const { tags } = feature;
  const kind = kindOf(tags);
  if (!kind) return { ok: false, reason: 'not a kind of place the product shows' };
  const chain = chainOf(tags);
  const name = tags.name?.trim() || (kind.nameless ? chain?.name || tags.brand || tags.operator || kind.label : '');
  if (!name) return { ok: false, reason: 'no name' };
  const lon = round(feature.lon, 7);
  const lat = round(feature.lat, 7);
  const where = locator.locate(lon, lat, tags);
  if (!where) return { ok: false, reason: 'too far from any known town' };
  const hours = hoursFromOsm(tags.opening_hours, { country: where.country, state: where.stateName, today });
  const address1 = [tags['addr:housenumber'], tags['addr:street']].filter(Boolean).join(' ');
  const town = tags['addr:city'] || where.town?.name || '';
  const tagIds = [...new Set([...kind.tags, ...extraTags(tags)])];
  const rvService = rvServiceOf(kind, tags);
  const draft: PlaceDraft = {
    name,
    alt_names: otherNames(tags, name),
    description: descriptionOf(tags),
    subtitle: subtitleOf(kind.label, town || null, where.state, where.country, where.stateName),
    hours: hours.hours,
    icon: kind.kind,
    search_icon: `pin-${kind.kind}`,
    contact_info: {
      phone: tags.phone ?? tags['contact:phone'] ?? '',
      email: tags.email ?? tags['contact:email'] ?? '',
      website: tags.website ?? tags['contact:website'] ?? tags.url ?? '',
    },
    details: {
      credit_cards: yes(tags['payment:credit_cards']) || yes(tags['payment:visa']) || yes(tags['payment:mastercard']),
      accessible: yes(tags.wheelchair),
      restrooms: yes(tags.toilets),
      price_rating: 0,
    },
    restaurant_details: { outdoor_seating: yes(tags.outdoor_seating) },
    parking_details: {
      street: false,
      valet: false,
      private: tags.access === 'private',
      garage: false,
      rv: kind.kind === 'rv-park' || yes(tags.caravans) || yes(tags.motorhome) || yes(tags.hgv),
      free: tags.fee === 'no',
      available: kind.kind === 'rv-park' || kind.kind === 'campground' || kind.kind === 'rest-area',
    },
    engagement: { rating_count: 0, avg_rating: 0, visits: null },
    locations: [{ address1, postal_code: tags['addr:postcode'] ?? '', city: town, state: where.state, country: where.country, latitude: lat, longitude: lon }],
    images: [],
    reviews: [],
    tags: tagIds.map((id) => ({ public_id: id, name: tagNames.get(id)! })),
    regions_hierarchy: where.regions,
    road_trip_details: {
      map_markers: [],
      map_illustration: '',
      editorial: '',
      magazine_articles: [],
      trip_guides: [],
      contributor: `https://www.openstreetmap.org/${OSM_TYPES[feature.key[0]]}/${feature.key.slice(1)}`,
    },
    temporary_closures: hours.closures,
    status: statusAsOf(hours.closures, today, today),
    fidelity: fidelityOf(hours.outcome, tags, !!address1),
    time_zone: timeZoneFor(where.country, lon, lat),
    chain,
    rv_service: rvService,
  };
  return { ok: true, key: feature.key, kind: kind.kind, nameKey: brandKey(name), lon, lat, draft, hours: hours.outcome };
}
