/** A start-up failure that is the operator's to fix (a database newer than the code, PostGIS missing): printed as one line. */
export class DatabaseSetupError extends Error {}
