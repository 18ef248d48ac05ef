/** A trip's limits, as plain constants (no zod), so the browser's trip forms read them without the schemas. */
export const MAX_TRIP_NAME = 200;
export const MAX_STOPS = 200;
export const MAX_NOTE = 2000;
export const MAX_NIGHTS = 365;
