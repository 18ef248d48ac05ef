import { z } from 'zod';

/** The Place record in the API's own shape (details form): what the importer accepts and the generator makes. */
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a YYYY-MM-DD date');
const interval = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-4]):[0-5]\d$/, 'must be HH:MM-HH:MM');
const url = z.string().url();
const lonLat = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

export const scheduleSchema = z.strictObject({
  sun_open_close: z.array(interval),
  mon_open_close: z.array(interval),
  tue_open_close: z.array(interval),
  wed_open_close: z.array(interval),
  thu_open_close: z.array(interval),
  fri_open_close: z.array(interval),
  sat_open_close: z.array(interval),
});

const size = z.strictObject({ width: z.number().int().positive(), height: z.number().int().positive(), url });

export const imageSchema = z.strictObject({
  image_url: url,
  fingerprint: z.string().regex(/^[0-9a-f]+$/, 'must be a hexadecimal digest'),
  enabled: z.boolean(),
  sizes: z.strictObject({ thumbnail: size, square: size, small: size, medium: size, large: size }),
});

export const commentSchema = z.strictObject({ id: z.number().int(), text: z.string(), source_user: z.string(), created_at: date });

export const reviewSchema = z.strictObject({
  text: z.string(),
  url,
  source_user: z.string(),
  comments: z.array(commentSchema),
});

export const regionSchema = z.strictObject({
  id: z.number().int(),
  type: z.literal('regions'),
  name: z.string(),
  bounds: z.tuple([lonLat, lonLat]),
  center: lonLat.optional(),
});

export const closureSchema = z.strictObject({ id: z.number().int(), start_date: date, end_date: date, reason: z.string() });

export const rvServiceSchema = z.strictObject({
  serviced_makes: z.array(z.string()),
  serviced_rv_types: z.array(z.string()),
  available_services: z.array(z.string()),
  dealer_amenities: z.array(z.string()),
  rental_available: z.boolean(),
  association_member: z.boolean(),
  partner_dealer: z.boolean(),
});

const namedId = z.strictObject({ public_id: z.string().regex(/^[a-z0-9-]+$/), name: z.string().min(1) });

export const placeSchema = z.strictObject({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  name: z.string().min(1),
  alt_names: z.array(z.string()),
  description: z.string(),
  subtitle: z.string(),
  previous_ids: z.array(z.number().int().positive()),
  hours: z.record(z.string(), scheduleSchema),
  icon: z.string(),
  contact_info: z.strictObject({ phone: z.string(), email: z.string(), website: z.string() }),
  details: z.strictObject({
    credit_cards: z.boolean(),
    accessible: z.boolean(),
    restrooms: z.boolean(),
    price_rating: z.number().int(),
  }),
  restaurant_details: z.strictObject({ outdoor_seating: z.boolean() }),
  parking_details: z.strictObject({
    street: z.boolean(),
    valet: z.boolean(),
    private: z.boolean(),
    garage: z.boolean(),
    rv: z.boolean(),
    free: z.boolean(),
    available: z.boolean(),
  }),
  engagement: z.strictObject({
    rating_count: z.number().int().min(0),
    avg_rating: z.number().min(0).max(5),
    visits: z.number().int().min(0).nullable(),
  }),
  locations: z
    .array(
      z.strictObject({
        address1: z.string(),
        postal_code: z.string(),
        city: z.string(),
        state: z.string(),
        country: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code'),
        latitude: z.number().min(-90).max(90),
        longitude: z.number().min(-180).max(180),
      }),
    )
    .min(1),
  images: z.array(imageSchema),
  reviews: z.array(reviewSchema),
  tags: z.array(namedId),
  regions_hierarchy: z.array(regionSchema),
  road_trip_details: z.strictObject({
    map_markers: z.array(z.string()),
    map_illustration: z.string(),
    editorial: z.string(),
    magazine_articles: z.array(url),
    trip_guides: z.array(url),
    contributor: z.string(),
  }),
  temporary_closures: z.array(closureSchema),
  status: z.strictObject({ operating_normally: z.boolean(), reason: z.string(), changes_at: date }),
  fidelity: z.number().int().min(1).max(5),
  time_zone: z.string().min(1),
  chain: namedId.nullable(),
  rv_service: rvServiceSchema.nullable(),
  /** The icon shown in search results; details carry `icon`. Only in the stored record, never in responses. */
  search_icon: z.string().optional(),
});

export type PlaceRecord = z.infer<typeof placeSchema>;
export type Closure = z.infer<typeof closureSchema>;
export type PlaceStatus = PlaceRecord['status'];
export type RvService = z.infer<typeof rvServiceSchema>;
