import { RV_AVAILABLE_SERVICES, RV_SERVICED_MAKES, RV_TYPES } from '../catalog';

/** JSON Schemas (2020-12, as OpenAPI 3.1 uses) of the Place record and its parts. */
const str = { type: 'string' };
const int = { type: 'integer' };
const bool = { type: 'boolean' };
const date = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' };
const url = { type: 'string', format: 'uri' };
const lonLat = { type: 'array', prefixItems: [{ type: 'number', minimum: -180, maximum: 180 }, { type: 'number', minimum: -90, maximum: 90 }], minItems: 2, maxItems: 2, description: '[longitude, latitude]' };
const lonNum = { type: 'number', minimum: -180, maximum: 180 };
const latNum = { type: 'number', minimum: -90, maximum: 90 };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const obj = (properties: Record<string, unknown>, description?: string, optional: string[] = []) => ({
  type: 'object',
  ...(description ? { description } : {}),
  properties,
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  additionalProperties: false,
});

const interval = { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d-([01]\\d|2[0-4]):[0-5]\\d$', description: 'HH:MM-HH:MM, 24-hour clock; 24:00 ends a day' };
const days = Object.fromEntries(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].map((d) => [`${d}_open_close`, { type: 'array', items: interval, description: 'Open intervals of the day; empty when closed all day.' }]));

const size = (w: number, h: number) => obj({ width: { type: 'integer', const: w }, height: { type: 'integer', const: h }, url });

const common = {
  id: { ...int, description: 'Canonical place id (TPC).' },
  name: str,
  alt_names: { type: 'array', items: str },
  description: { ...str, description: 'May contain newlines.' },
  subtitle: str,
  hours: {
    type: 'object',
    description:
      'Schedules by name. `<default>` is always present. Other names: `summer` (June to August), `holiday` (public holidays), `kitchen` (restaurant kitchen hours).',
    required: ['<default>'],
    additionalProperties: ref('Schedule'),
  },
  icon: { ...str, description: 'Icon name. Search results carry a map-pin variant (`pin-<kind>`); details carry `<kind>`.' },
  contact_info: obj({ phone: str, email: str, website: str }),
  details: obj({ credit_cards: bool, accessible: bool, restrooms: bool, price_rating: { type: 'integer', minimum: 0, maximum: 4, description: '0 free, 1 to 4 from cheap to expensive' } }),
  parking_details: obj({ street: bool, valet: bool, private: bool, garage: bool, rv: bool, free: bool, available: bool }),
  locations: { type: 'array', items: ref('Location'), minItems: 1 },
  images: { type: 'array', items: ref('Image') },
  tags: { type: 'array', items: ref('NamedId'), description: 'Standard Tags visible to the calling account.' },
  road_trip_details: ref('RoadTripDetails'),
  temporary_closures: { type: 'array', items: ref('Closure') },
  status: ref('Status'),
  fidelity: { type: 'integer', minimum: 1, maximum: 5, description: 'Extension: how complete and verified the record is, 1 (sparse) to 5 (complete, verified). `min_fidelity`/`max_fidelity` bound it inclusively.' },
  time_zone: { ...str, description: 'Extension: IANA time zone of the place, to compute "open now" in its own zone.' },
  chain: { oneOf: [ref('NamedId'), { type: 'null' }], description: 'Extension: the chain the place belongs to, or null (also null when the account may not see that chain).' },
  rv_service: {
    oneOf: [ref('RvService'), { type: 'null' }],
    description: 'Extension: present only when the account configuration includes RV service data; null for places that are not RV service providers.',
  },
};

const placeSummary = {
  ...obj(
    {
      ...common,
      engagement: obj({ rating_count: { type: 'integer', minimum: 0 }, avg_rating: { type: 'number', minimum: 0, maximum: 5, description: '0 when there are no ratings' } }),
      distance: { type: 'number', minimum: 0, description: 'Great-circle distance in meters (sphere of radius 6371008.8 m) from `center`, rounded to 0.1. Absent when the search had no center.' },
      route_offset: {
        type: 'number',
        minimum: 0,
        description: 'Meters along the route, from its first point, to the point of the route nearest to the place (of equally near points, the first along the route), rounded to 0.1. Present exactly when the search had a `route`.',
      },
      route_distance: { type: 'number', minimum: 0, description: 'Great-circle meters from the place to the route (its nearest point), rounded to 0.1; at most `route_buffer`. Present exactly when the search had a `route`.' },
    },
    'A place as it appears in search results.',
    ['rv_service', 'distance', 'route_offset', 'route_distance'],
  ),
};

const placeDetails = obj(
  {
    ...common,
    engagement: obj({
      rating_count: { type: 'integer', minimum: 0 },
      avg_rating: { type: 'number', minimum: 0, maximum: 5 },
      visits: { oneOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }], description: 'Recorded visits in the last twelve months, or null when unknown.' },
    }),
    previous_ids: { type: 'array', items: int, description: 'Earlier ids of this place; each resolves to it in place details.' },
    restaurant_details: obj({ outdoor_seating: bool }),
    reviews: { type: 'array', items: ref('Review') },
    regions_hierarchy: { type: 'array', items: ref('Region'), description: 'Country, state and city regions, largest first.' },
  },
  'A place in full, as place details return it.',
  ['rv_service'],
);

export const schemas = {
  Schedule: obj(days, 'One week of opening hours.'),
  Location: obj({ address1: str, postal_code: str, city: str, state: { ...str, description: 'State or first-level region code, e.g. CA' }, country: { ...str, pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' }, latitude: { type: 'number', minimum: -90, maximum: 90 }, longitude: { type: 'number', minimum: -180, maximum: 180 } }),
  Image: obj({
    image_url: { ...url, description: 'The original (2048x1536), served by this server under /media.' },
    fingerprint: { type: 'string', pattern: '^[0-9a-f]+$', description: 'SHA-1 hex digest of the original image.' },
    enabled: bool,
    sizes: obj({ thumbnail: size(150, 150), square: size(320, 320), small: size(320, 240), medium: size(800, 600), large: size(1024, 768) }),
  }),
  Comment: obj({ id: int, text: str, source_user: str, created_at: date }, 'A comment on a review.'),
  Review: obj({ text: { ...str, description: 'May contain newlines.' }, url: { ...url, description: 'Profile of the author.' }, source_user: str, comments: { type: 'array', items: ref('Comment') } }),
  NamedId: obj({ public_id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$' }, name: str }),
  Region: obj({ id: int, type: { type: 'string', const: 'regions' }, name: str, bounds: { type: 'array', prefixItems: [lonLat, lonLat], minItems: 2, maxItems: 2, description: '[[west, south], [east, north]]' }, center: lonLat }, undefined, ['center']),
  RoadTripDetails: obj({ map_markers: { type: 'array', items: str }, map_illustration: { ...str, description: 'SVG markup.' }, editorial: str, magazine_articles: { type: 'array', items: url }, trip_guides: { type: 'array', items: url }, contributor: url }),
  Closure: obj({ id: int, start_date: date, end_date: date, reason: str }, 'A temporary closure; both dates inclusive.'),
  Status: obj(
    { operating_normally: bool, reason: str, changes_at: date },
    'Derived from temporary_closures as of today (UTC). Inside a closure: false, its reason, changes_at = the day after it ends. With a closure ahead: true, a reason announcing it, changes_at = its first day. Otherwise: true, empty reason, changes_at = the day after the last closure ended, or the date the record was last verified.',
  ),
  RvService: obj({
    serviced_makes: { type: 'array', items: { enum: RV_SERVICED_MAKES } },
    serviced_rv_types: { type: 'array', items: { enum: RV_TYPES } },
    available_services: { type: 'array', items: { enum: RV_AVAILABLE_SERVICES } },
    dealer_amenities: { type: 'array', items: str },
    rental_available: bool,
    association_member: bool,
    partner_dealer: bool,
  }),
  PlaceSummary: placeSummary,
  PlaceDetails: placeDetails,
  SearchResponse: obj({ data: { type: 'array', items: ref('PlaceSummary') }, meta: obj({ total: { type: 'integer', minimum: 0, description: 'Exact count of matches, irrespective of limit and offset.' } }) }),
  DetailsResponse: obj({ data: ref('PlaceDetails') }),
  ClusterBounds: obj({ west: lonNum, south: latNum, east: lonNum, north: latNum }, 'The extent of what a cluster holds (never across the antimeridian: west ≤ east).'),
  Cluster: obj(
    { longitude: lonNum, latitude: latNum, count: { type: 'integer', minimum: 1, description: 'Exact number of matches in the cluster.' }, bounds: ref('ClusterBounds') },
    'Matches grouped on screen: `longitude`/`latitude` is the mean position of what it holds; zooming to `bounds` splits it.',
  ),
  ClusterPlace: obj({ id: int, longitude: lonNum, latitude: latNum, name: str }, 'A single match (a screen bin holding one place, or every match from zoom 16).'),
  ClusterResponse: obj({
    data: obj({ clusters: { type: 'array', items: ref('Cluster') }, places: { type: 'array', items: ref('ClusterPlace') } }),
    meta: obj({
      total: { type: 'integer', minimum: 0, description: "The search's exact total inside the viewport: the sum of every cluster's count plus the places." },
      zoom: { type: 'number', minimum: 0, maximum: 22 },
    }),
  }),
  NamedIdList: obj({ data: { type: 'array', items: ref('NamedId') } }),
  StringList: obj({ data: { type: 'array', items: str } }),
  Error: obj({
    error: obj(
      {
        code: { enum: ['invalid_parameter', 'unauthorized', 'forbidden', 'not_found', 'method_not_allowed', 'rate_limited', 'request_too_large', 'unavailable'] },
        message: str,
        parameter: { ...str, description: 'The offending parameter, when one is to blame.' },
      },
      undefined,
      ['parameter'],
    ),
  }),
};
