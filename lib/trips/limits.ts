/** A trip's limits, as plain constants (no zod), so the browser's trip forms read them without the schemas. */
export const MAX_TRIP_NAME = 200;
export const MAX_STOPS = 200;
export const MAX_NOTE = 2000;
export const MAX_NIGHTS = 365;
/**
 * The largest trip request body taken: a trip at every limit, each character of its names and notes written as a
 * six-byte JSON escape, with room for the rest. Anything larger is refused (413) before it is read whole.
 */
export const MAX_TRIP_BODY_BYTES = MAX_STOPS * (MAX_TRIP_NAME + MAX_NOTE) * 6 + 64 * 1024;
