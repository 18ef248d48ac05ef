import { z } from 'zod';
import {
  DECIMAL, INTEGER, MAX_AMENITY_CHARS, MAX_FIDELITY, MAX_LIMIT, MAX_NAME_CHARS, MAX_OFFSET, MAX_RADIUS, MAX_ROUTE_BUFFER, MAX_ROUTE_CHARS, MIN_FIDELITY, PUBLIC_ID_SOURCE, SORTS,
} from '@/lib/places/contract/limits';
import { searchRuleBreach } from '@/lib/places/contract/search-rules';

const list = (item: z.ZodString) =>
  z
    .string()
    .max(2000)
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(item).max(50));

const publicId = z.string().regex(new RegExp(`^!?${PUBLIC_ID_SOURCE}$`), 'a public id, optionally prefixed with !');
const label = z.string().min(1).max(120);
// Numbers are written as the Place API reads them: an empty value, blanks or hexadecimal are refused, not read as 0.
export const decimal = (min: number, max: number) => z.string().regex(DECIMAL, 'must be a number').transform(Number).pipe(z.number().min(min).max(max));
const integer = (min: number, max: number) => z.string().regex(INTEGER, 'must be an integer').transform(Number).pipe(z.number().int().min(min).max(max));
const lon = decimal(-180, 180);
const lat = decimal(-90, 90);
const coordinates = (v: string) => v.split(',').map((part) => (DECIMAL.test(part.trim()) ? Number(part.trim()) : NaN));
const flag = z.enum(['true', 'false']);

/** Marks an issue whose message is a whole sentence of the Place API's, to be passed on as it is. */
export const RULE_SENTENCE = 'placeApiSentence';

/**
 * The query the browser sends to /api/places/search: the Place API's own parameter names, checked before signing.
 * The area is a circle (center and radius, optionally cut by a box) or a route (an encoded polyline, optionally cut
 * by a circle or a box); the Place API checks the route itself (its decoding and limits) and answers 400 naming it.
 * Every limit is the Place API's own (lib/places/contract/limits.ts) and so are the rules across parameters
 * (lib/places/contract/search-rules.ts), so a query passing here is never refused there for one of them.
 */
export const searchSchema = z
  .object({
    center: z
      .string()
      .transform(coordinates)
      .refine((c) => c.length === 2 && c.every(Number.isFinite), 'longitude,latitude')
      .refine(([lon, lat]) => Math.abs(lat) < 90 && Math.abs(lon) <= 180, 'out of range')
      .transform((c) => c.join(','))
      .optional(),
    radius: integer(1, MAX_RADIUS).optional(),
    route: z.string().min(1).max(MAX_ROUTE_CHARS).regex(/^[?-~]+$/, 'an encoded polyline (characters "?" to "~")').optional(),
    route_buffer: integer(1, MAX_ROUTE_BUFFER).optional(),
    north: lat.optional(),
    south: lat.optional(),
    east: lon.optional(),
    west: lon.optional(),
    tags: list(publicId).optional(),
    chains: list(publicId).optional(),
    name: z.string().trim().min(1).max(MAX_NAME_CHARS).optional(),
    min_fidelity: integer(MIN_FIDELITY, MAX_FIDELITY).optional(),
    max_fidelity: integer(MIN_FIDELITY, MAX_FIDELITY).optional(),
    sort: z.enum(SORTS).optional(),
    limit: integer(1, MAX_LIMIT).optional(),
    offset: integer(0, MAX_OFFSET).optional(),
    rv_service_serviced_makes: list(label).optional(),
    rv_service_serviced_rv_types: list(label).optional(),
    rv_service_available_services: list(label).optional(),
    rv_service_dealer_amenities: z.string().trim().min(1).max(MAX_AMENITY_CHARS).optional(),
    rv_service_rental_available: flag.optional(),
    rv_service_association_member: flag.optional(),
    rv_service_partner_dealer: flag.optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    const breach = searchRuleBreach(q);
    // The Place API's own sentence, naming its parameter: the browser is told what the API would have answered.
    if (breach) ctx.addIssue({ code: 'custom', path: [breach.parameter], message: breach.message, params: { [RULE_SENTENCE]: true } });
  });

export type SearchInput = z.infer<typeof searchSchema>;


/** The Place API query string, in a fixed order so equal searches sign and cache the same. */
export function toPlacesQuery(input: SearchInput): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  params.sort();
  return params.toString();
}
