import { z } from 'zod';
import { closureSchema, commentSchema, imageSchema, placeDetailsSchema, regionSchema, reviewSchema, rvServiceSchema, scheduleSchema } from './contract';

export { closureSchema, commentSchema, imageSchema, regionSchema, reviewSchema, rvServiceSchema, scheduleSchema };

/**
 * The Place record as stored: what the importer accepts and the generator makes. It is the details form of the
 * contract, with `rv_service` always present (null when not a provider), an id no larger than a safe integer, and
 * the search results' icon, which is never in a response.
 */
export const placeSchema = placeDetailsSchema.extend({
  id: z.int().positive().max(Number.MAX_SAFE_INTEGER),
  rv_service: rvServiceSchema.nullable(),
  search_icon: z.string().optional(),
  owner_updated_on: placeDetailsSchema.shape.owner_updated_on.optional(),
});

export type PlaceRecord = z.infer<typeof placeSchema>;
export type Closure = z.infer<typeof closureSchema>;
export type PlaceStatus = PlaceRecord['status'];
export type RvService = z.infer<typeof rvServiceSchema>;
