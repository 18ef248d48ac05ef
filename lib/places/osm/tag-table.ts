/**
 * What becomes a place, from an OpenStreetMap object's tags: the one table of the import (docs/osm-import.md prints
 * it). Drawn from the established importers' choices: pelias/openstreetmap's venue tags, Nominatim's import styles,
 * and the POI types of OsmAnd and Organic Maps, kept to what travelers and RV travelers look for. The first row that
 * matches wins, so the specific rows (an RV dealer) come before the general ones (a shop).
 */

export type OsmTags = Readonly<Record<string, string>>;

export interface OsmKind {
  /** The icon and the kind's key, as the generated places use them (`campground`, `rv-dealer`…). */
  kind: string;
  /** What the subtitle calls it: "RV park in Moab, UT". */
  label: string;
  /** Standard Tags the place carries. */
  tags: string[];
  /** `key=value` pairs, any of which matches (`value` `*` for any value but `no`). */
  when: string[];
  /** Further `key=value` pairs that must all match too. */
  and?: string[];
  /** A place of this kind without a `name` still is one (a dump station rarely has a name): it is named after its kind. */
  nameless?: boolean;
  /** An RV dealer or service shop: the place carries `rv_service`. */
  rvService?: boolean;
}

export const OSM_KINDS: readonly OsmKind[] = [
  { kind: 'rv-park', label: 'RV park', tags: ['rv-parks', 'campgrounds'], when: ['tourism=caravan_site'] },
  { kind: 'campground', label: 'Campground', tags: ['campgrounds'], when: ['tourism=camp_site'] },
  { kind: 'dump-station', label: 'Dump station', tags: ['dump-stations'], when: ['amenity=sanitary_dump_station'], nameless: true },
  { kind: 'water-point', label: 'Drinking water for RVs', tags: ['points-of-interest'], when: ['amenity=water_point'], nameless: true },
  { kind: 'rv-dealer', label: 'RV dealer', tags: ['rv-dealers', 'rv-service'], when: ['shop=caravan', 'shop=motorhome'], rvService: true },
  {
    kind: 'rv-service',
    label: 'RV service',
    tags: ['rv-service'],
    when: ['shop=car_repair'],
    and: ['service:vehicle:motorhome|service:vehicle:caravan=yes'],
    rvService: true,
  },
  { kind: 'propane', label: 'Propane', tags: ['propane'], when: ['shop=gas'], nameless: true },
  { kind: 'gas-station', label: 'Gas station', tags: ['gas-stations'], when: ['amenity=fuel'], nameless: true },
  { kind: 'ev-charging', label: 'EV charging', tags: ['ev-charging'], when: ['amenity=charging_station'], nameless: true },
  { kind: 'rest-area', label: 'Rest area', tags: ['rest-areas'], when: ['highway=rest_area', 'highway=services'], nameless: true },
  { kind: 'national-park', label: 'National park', tags: ['national-parks', 'parks'], when: ['boundary=national_park'] },
  { kind: 'park', label: 'Park', tags: ['parks'], when: ['leisure=park', 'leisure=nature_reserve', 'boundary=protected_area'] },
  { kind: 'museum', label: 'Museum', tags: ['museums', 'attractions'], when: ['tourism=museum'] },
  { kind: 'visitor-center', label: 'Visitor center', tags: ['visitor-centers', 'points-of-interest'], when: ['tourism=information'], and: ['information=office|visitor_centre'] },
  { kind: 'viewpoint', label: 'Scenic viewpoint', tags: ['viewpoints', 'points-of-interest'], when: ['tourism=viewpoint'], nameless: true },
  { kind: 'entertainment', label: 'Entertainment', tags: ['entertainment', 'attractions'], when: ['tourism=zoo', 'tourism=theme_park', 'tourism=aquarium'] },
  { kind: 'attraction', label: 'Attraction', tags: ['attractions', 'points-of-interest'], when: ['tourism=attraction'] },
  {
    kind: 'historic-site',
    label: 'Historic site',
    tags: ['historic-sites', 'attractions'],
    when: ['historic=monument', 'historic=memorial', 'historic=castle', 'historic=fort', 'historic=ruins', 'historic=lighthouse', 'historic=archaeological_site', 'historic=building', 'historic=ship'],
  },
  { kind: 'beach', label: 'Beach', tags: ['beaches'], when: ['natural=beach', 'leisure=beach_resort'] },
  {
    kind: 'lodging',
    label: 'Lodging',
    tags: ['lodging'],
    when: ['tourism=hotel', 'tourism=motel', 'tourism=guest_house', 'tourism=hostel', 'tourism=chalet', 'tourism=alpine_hut', 'tourism=wilderness_hut'],
  },
  { kind: 'brewery', label: 'Brewery', tags: ['breweries'], when: ['craft=brewery', 'microbrewery=yes'] },
  { kind: 'winery', label: 'Winery', tags: ['wineries', 'attractions'], when: ['craft=winery'] },
  { kind: 'restaurant', label: 'Restaurant', tags: ['restaurants'], when: ['amenity=restaurant', 'amenity=fast_food', 'amenity=pub', 'amenity=food_court', 'amenity=bar'] },
  { kind: 'cafe', label: 'Café', tags: ['cafes'], when: ['amenity=cafe'] },
  { kind: 'grocery', label: 'Grocery', tags: ['groceries'], when: ['shop=supermarket', 'shop=grocery', 'shop=convenience', 'shop=greengrocer'] },
  { kind: 'shopping', label: 'Outdoor shop', tags: ['shopping'], when: ['shop=outdoor', 'shop=sports', 'shop=department_store', 'shop=general'] },
  { kind: 'golf', label: 'Golf course', tags: ['golf'], when: ['leisure=golf_course'] },
  { kind: 'marina', label: 'Marina', tags: ['fishing'], when: ['leisure=marina', 'leisure=slipway'] },
];


/** A `key=value` pair of the table, split once: keys and values are `|`-separated alternatives. */
interface Pair {
  keys: string[];
  values: string[] | '*';
}

const parsePair = (pair: string): Pair => {
  const [keys, values] = pair.split('=');
  return { keys: keys.split('|'), values: values === '*' ? '*' : values.split('|') };
};

const COMPILED = OSM_KINDS.map((kind) => ({ kind, when: kind.when.map(parsePair), and: (kind.and ?? []).map(parsePair) }));

/**
 * `osmium tags-filter`'s expressions for the objects a row of the table may match (`nwr/tourism=camp_site,…`): the
 * `when` pairs of every row, grouped by key. Objects no row could match (roads, parking lots, woods) are never read.
 */
export const FILTER_EXPRESSIONS: readonly string[] = (() => {
  const valuesByKey = new Map<string, Set<string> | '*'>();
  for (const pair of COMPILED.flatMap((row) => row.when)) {
    for (const key of pair.keys) {
      const known = valuesByKey.get(key) ?? new Set<string>();
      if (known === '*' || pair.values === '*') valuesByKey.set(key, '*');
      else valuesByKey.set(key, new Set([...known, ...pair.values]));
    }
  }
  return [...valuesByKey].map(([key, values]) => (values === '*' ? `nwr/${key}` : `nwr/${key}=${[...values].join(',')}`));
})();

function pairMatches(tags: OsmTags, pair: Pair): boolean {
  for (const key of pair.keys) {
    const value = tags[key];
    if (value === undefined) continue;
    if (pair.values === '*' ? value !== 'no' : pair.values.includes(value)) return true;
  }
  return false;
}

/** The first kind the tags match, or null when the object is not a place the product shows. */
export function kindOf(tags: OsmTags): OsmKind | null {
  for (const { kind, when, and } of COMPILED) {
    if (when.some((pair) => pairMatches(tags, pair)) && and.every((pair) => pairMatches(tags, pair))) return kind;
  }
  return null;
}

/** Standard Tags the object's other tags add (a campground with a dump station, a fuel station selling propane). */
export function extraTags(tags: OsmTags): string[] {
  const out: string[] = [];
  if (tags.sanitary_dump_station === 'yes' || tags['amenity:sanitary_dump_station'] === 'yes') out.push('dump-stations');
  if (tags['fuel:lpg'] === 'yes' || tags['fuel:propane'] === 'yes' || tags.propane === 'yes') out.push('propane');
  if (tags.caravans === 'yes' || tags.motorhome === 'yes') {
    if (tags.tourism === 'camp_site') out.push('rv-parks');
  }
  if (tags['service:vehicle:motorhome'] === 'yes' || tags['service:vehicle:caravan'] === 'yes') out.push('rv-service');
  if (tags.tourism === 'attraction' || tags.historic) out.push('points-of-interest');
  return out;
}
