import { z } from 'zod';
import { RV_AVAILABLE_SERVICES, RV_SERVICED_MAKES, RV_TYPES } from '../catalog';
import { MAX_FIDELITY, MAX_ZOOM, MIN_FIDELITY, PUBLIC_ID_SOURCE } from './limits';

/**
 * The Place API's one contract: the shapes of its answers and the limits of its search, written once.
 * The OpenAPI document's component schemas are `z.toJSONSchema` of these schemas, the Explorer's types are their
 * `z.infer`, the importer's record schema extends the details form, and both search parsers take these limits and
 * the rules across the search's parameters (search-rules.ts).
 * Browser-safe: it imports nothing but zod, the vocabularies and the limits. The limits are a module of their own,
 * without zod, so that code running in the browser can read them without carrying zod into its bundle.
 */

const lonNum = z.number().min(-180).max(180);
const latNum = z.number().min(-90).max(90);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a YYYY-MM-DD date').describe('YYYY-MM-DD');
const interval = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-4]):[0-5]\d$/, 'must be HH:MM-HH:MM')
  .describe('HH:MM-HH:MM, 24-hour clock; 24:00 ends a day');
const url = z.url();
const lonLat = z.tuple([lonNum, latNum]).describe('[longitude, latitude]');
const meters = z.number().min(0);

const day = z.array(interval).describe('Open intervals of the day; empty when closed all day.');
export const scheduleSchema = z
  .strictObject({
    sun_open_close: day,
    mon_open_close: day,
    tue_open_close: day,
    wed_open_close: day,
    thu_open_close: day,
    fri_open_close: day,
    sat_open_close: day,
  })
  .describe('One week of opening hours.');

export const locationSchema = z.strictObject({
  address1: z.string(),
  postal_code: z.string(),
  city: z.string(),
  state: z.string().describe('State or first-level region code, e.g. CA'),
  country: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code').describe('ISO 3166-1 alpha-2'),
  latitude: latNum,
  longitude: lonNum,
});

const size = (width: number, height: number) => z.strictObject({ width: z.literal(width), height: z.literal(height), url });

export const imageSchema = z.strictObject({
  image_url: url.describe("The original (its longest side 2048 px), served by this server: under /media for the dataset's images, under /photos for travelers' photos, which a place's details list first."),
  fingerprint: z.string().regex(/^[0-9a-f]+$/, 'must be a hexadecimal digest').describe('SHA-1 hex digest of the original image.'),
  enabled: z.boolean(),
  sizes: z.strictObject({ thumbnail: size(150, 150), square: size(320, 320), small: size(320, 240), medium: size(800, 600), large: size(1024, 768) }),
});

export const commentSchema = z
  .strictObject({
    id: z.int(),
    text: z.string(),
    source_user: z.string().describe('The handle of the person who wrote it.'),
    created_at: date,
    owner: z
      .string()
      .optional()
      .describe("The name of the organization that owns the place, when the comment is its answer as the owner (written by one of its listing keepers); absent on a traveler's comment."),
  })
  .describe('A comment on a review.');

export const reviewSchema = z.strictObject({
  text: z.string().describe('May contain newlines.'),
  url: url.describe('Profile of the author.'),
  source_user: z.string(),
  comments: z.array(commentSchema),
  rating: z.int().min(1).max(5).optional().describe("The author's stars, 1 to 5. This server's addition: the spec's Review has none."),
  visited_on: date.optional().describe("When the author was there. This server's addition: the spec's Review has none."),
});

const PUBLIC_ID = new RegExp(`^${PUBLIC_ID_SOURCE}$`);
export const namedIdSchema = z.strictObject({ public_id: z.string().regex(PUBLIC_ID, 'must be a public id'), name: z.string().min(1) });

export const regionSchema = z.strictObject({
  id: z.int(),
  type: z.literal('regions'),
  name: z.string(),
  bounds: z.tuple([lonLat, lonLat]).describe('[[west, south], [east, north]]'),
  center: lonLat.optional(),
});

export const roadTripDetailsSchema = z.strictObject({
  map_markers: z.array(z.string()),
  map_illustration: z.string().describe('SVG markup.'),
  editorial: z.string(),
  magazine_articles: z.array(url),
  trip_guides: z.array(url),
  contributor: url,
});

export const closureSchema = z.strictObject({ id: z.int(), start_date: date, end_date: date, reason: z.string() }).describe('A temporary closure; both dates inclusive.');

export const statusSchema = z
  .strictObject({ operating_normally: z.boolean(), reason: z.string(), changes_at: date })
  .describe(
    'Derived from temporary_closures as of today (UTC). Inside a closure: false, its reason, changes_at = the day after it ends. With a closure ahead: true, a reason announcing it, changes_at = its first day. Otherwise: true, empty reason, changes_at = the day after the last closure ended, or the date the record was last verified.',
  );

export const rvServiceSchema = z.strictObject({
  serviced_makes: z.array(z.enum(RV_SERVICED_MAKES)),
  serviced_rv_types: z.array(z.enum(RV_TYPES)),
  available_services: z.array(z.enum(RV_AVAILABLE_SERVICES)),
  dealer_amenities: z.array(z.string()),
  rental_available: z.boolean(),
  association_member: z.boolean(),
  partner_dealer: z.boolean(),
});

/** The fields of both forms, summary (search) and details. */
const common = {
  id: z.int().min(1).describe('Canonical place id (TPC).'),
  name: z.string().min(1),
  alt_names: z.array(z.string()),
  description: z.string().describe('May contain newlines.'),
  subtitle: z.string(),
  hours: z
    .object({ '<default>': scheduleSchema.optional() })
    .catchall(scheduleSchema)
    .describe(
      'Schedules by name. `<default>` is present whenever the hours are known; `{}` when they are not (a place imported from OpenStreetMap without readable `opening_hours`). Other names: `summer` (June to August), `holiday` (public holidays), `kitchen` (restaurant kitchen hours).',
    ),
  icon: z.string().describe('Icon name. Search results carry a map-pin variant (`pin-<kind>`); details carry `<kind>`.'),
  contact_info: z.strictObject({ phone: z.string(), email: z.string(), website: z.string() }),
  details: z.strictObject({
    credit_cards: z.boolean(),
    accessible: z.boolean(),
    restrooms: z.boolean(),
    price_rating: z.int().min(0).max(4).describe('0 free, 1 to 4 from cheap to expensive'),
  }),
  parking_details: z.strictObject({
    street: z.boolean(),
    valet: z.boolean(),
    private: z.boolean(),
    garage: z.boolean(),
    rv: z.boolean(),
    free: z.boolean(),
    available: z.boolean(),
  }),
  locations: z.array(locationSchema).min(1),
  images: z.array(imageSchema),
  tags: z.array(namedIdSchema).describe('Standard Tags visible to the calling account.'),
  road_trip_details: roadTripDetailsSchema,
  temporary_closures: z.array(closureSchema),
  status: statusSchema,
  fidelity: z
    .int()
    .min(MIN_FIDELITY)
    .max(MAX_FIDELITY)
    .describe('Extension: how complete and verified the record is, 1 (sparse) to 5 (complete, verified). `min_fidelity`/`max_fidelity` bound it inclusively.'),
  time_zone: z.string().min(1).describe('Extension: IANA time zone of the place, to compute "open now" in its own zone.'),
  chain: namedIdSchema.nullable().describe('Extension: the chain the place belongs to, or null (also null when the account may not see that chain).'),
  rv_service: rvServiceSchema
    .nullable()
    .optional()
    .describe('Extension: present only when the account configuration includes RV service data; null for places that are not RV service providers.'),
};

const summaryEngagement = z.strictObject({
  rating_count: z.int().min(0),
  avg_rating: z.number().min(0).max(5).describe('0 when there are no ratings'),
});

export const placeSummarySchema = z
  .strictObject({
    ...common,
    engagement: summaryEngagement,
    distance: meters
      .optional()
      .describe('Great-circle distance in meters (sphere of radius 6371008.8 m) from `center`, rounded to 0.1. Absent when the search had no center.'),
    route_offset: meters
      .optional()
      .describe(
        'Meters along the route, from its first point, to the point of the route nearest to the place (of equally near points, the first along the route), rounded to 0.1. Present exactly when the search had a `route`.',
      ),
    route_distance: meters
      .optional()
      .describe('Great-circle meters from the place to the route (its nearest point), rounded to 0.1; at most `route_buffer`. Present exactly when the search had a `route`.'),
  })
  .describe('A place as it appears in search results.');

/** What only details carry (beside `engagement.visits`). */
export const detailsOnly = {
  previous_ids: z.array(z.int().min(1)).describe('Earlier ids of this place; each resolves to it in place details.'),
  restaurant_details: z.strictObject({ outdoor_seating: z.boolean() }),
  reviews: z
    .array(reviewSchema)
    .describe("Travelers' reviews written on this server (not hidden by its moderators), the latest visit first, then the dataset's; `engagement` counts both."),
  regions_hierarchy: z.array(regionSchema).describe('Country, state and city regions, largest first.'),
  owner_updated_on: date
    .nullable()
    .describe(
      'Extension: the day the organization that keeps this place last edited or confirmed its listing (hours, temporary closures, contact info, description, RV service); null when no owner has.',
    ),
};

export const placeDetailsSchema = z
  .strictObject({
    ...common,
    engagement: z.strictObject({
      rating_count: z.int().min(0),
      avg_rating: z.number().min(0).max(5),
      visits: z.int().min(0).nullable().describe('Recorded visits in the last twelve months, or null when unknown.'),
    }),
    ...detailsOnly,
  })
  .describe('A place in full, as place details return it.');

export const searchResponseSchema = z.strictObject({
  data: z.array(placeSummarySchema),
  meta: z.strictObject({ total: z.int().min(0).describe('Exact count of matches, irrespective of limit and offset.') }),
});

/**
 * A search result as the Explorer's lists, badges and map read it: what its own search route
 * (`/api/places/search`) answers, so the first HTML and every page of results carry no field the browser never reads.
 * The drawer reads a place's details instead. Not part of the Place API's document.
 */
export const placeListItemSchema = placeSummarySchema
  .pick({
    id: true, name: true, subtitle: true, icon: true, hours: true, time_zone: true, temporary_closures: true, engagement: true,
    locations: true, distance: true, route_offset: true, route_distance: true,
  })
  .describe('A search result as the Explorer reads it.');

export const listSearchResponseSchema = z.strictObject({ data: z.array(placeListItemSchema), meta: searchResponseSchema.shape.meta });

export const detailsResponseSchema = z.strictObject({ data: placeDetailsSchema });

export const placesByIdsResponseSchema = z.strictObject({
  data: z
    .array(placeSummarySchema.nullable())
    .describe('One entry per id asked, in the order asked: the place in its search form, or null for an id no place of the account has.'),
});

export const clusterBoundsSchema = z
  .strictObject({ west: lonNum, south: latNum, east: lonNum, north: latNum })
  .describe('The extent of what a cluster holds (never across the antimeridian: west ≤ east).');

export const clusterSchema = z
  .strictObject({
    longitude: lonNum,
    latitude: latNum,
    count: z.int().min(1).describe('Exact number of matches in the cluster.'),
    bounds: clusterBoundsSchema,
  })
  .describe('Matches grouped on screen: `longitude`/`latitude` is the mean position of what it holds; zooming to `bounds` splits it.');

export const clusterPlaceSchema = z
  .strictObject({ id: z.int(), longitude: lonNum, latitude: latNum, name: z.string() })
  .describe('A single match (a screen bin holding one place, or every match from zoom 16).');

export const clusterResponseSchema = z.strictObject({
  data: z.strictObject({ clusters: z.array(clusterSchema), places: z.array(clusterPlaceSchema) }),
  meta: z.strictObject({
    total: z.int().min(0).describe("The search's exact total inside the viewport: the sum of every cluster's count plus the places."),
    zoom: z.number().min(0).max(MAX_ZOOM),
  }),
});

export const namedIdListSchema = z.strictObject({ data: z.array(namedIdSchema) });
export const stringListSchema = z.strictObject({ data: z.array(z.string()) });

export const ERROR_CODES = ['invalid_parameter', 'bad_request', 'unauthorized', 'forbidden', 'not_found', 'method_not_allowed', 'rate_limited', 'request_too_large', 'unavailable'] as const;
export const errorSchema = z.strictObject({
  error: z.strictObject({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    parameter: z.string().optional().describe('The offending parameter, when one is to blame.'),
  }),
});

/** The OpenAPI document's component schemas, by name: each one written as a `$ref` wherever another uses it. */
export const components = {
  Schedule: scheduleSchema,
  Location: locationSchema,
  Image: imageSchema,
  Comment: commentSchema,
  Review: reviewSchema,
  NamedId: namedIdSchema,
  Region: regionSchema,
  RoadTripDetails: roadTripDetailsSchema,
  Closure: closureSchema,
  Status: statusSchema,
  RvService: rvServiceSchema,
  PlaceSummary: placeSummarySchema,
  PlaceDetails: placeDetailsSchema,
  SearchResponse: searchResponseSchema,
  DetailsResponse: detailsResponseSchema,
  PlacesByIdsResponse: placesByIdsResponseSchema,
  ClusterBounds: clusterBoundsSchema,
  Cluster: clusterSchema,
  ClusterPlace: clusterPlaceSchema,
  ClusterResponse: clusterResponseSchema,
  NamedIdList: namedIdListSchema,
  StringList: stringListSchema,
  Error: errorSchema,
} as const;

export type ComponentName = keyof typeof components;
export type JsonSchema = Record<string, unknown>;

/** The components as JSON Schemas (2020-12, as OpenAPI 3.1 uses), with `#/components/schemas/<name>` references. */
export function componentJsonSchemas(): Record<ComponentName, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(components)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { target: 'draft-2020-12', uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(
    Object.keys(components).map((name) => {
      // Each component is a part of the document, not a standalone schema: no `$schema` or `$id` of its own.
      const { $schema: _schema, $id: _id, ...rest } = schemas[name] as JsonSchema;
      return [name, rest];
    }),
  ) as Record<ComponentName, JsonSchema>;
}

export type Review = z.infer<typeof reviewSchema>;
export type Image = z.infer<typeof imageSchema>;
export type PlaceSummary = z.infer<typeof placeSummarySchema>;
export type PlaceDetails = z.infer<typeof placeDetailsSchema>;
export type SearchResponse = z.infer<typeof searchResponseSchema>;
export type PlaceListItem = z.infer<typeof placeListItemSchema>;
export type ListSearchResponse = z.infer<typeof listSearchResponseSchema>;
export type DetailsResponse = z.infer<typeof detailsResponseSchema>;
export type PlacesByIdsResponse = z.infer<typeof placesByIdsResponseSchema>;
export type ClusterResponse = z.infer<typeof clusterResponseSchema>;
export type ErrorResponse = z.infer<typeof errorSchema>;
