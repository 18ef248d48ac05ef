/**
 * The Place API's search limits (GET /api/v2/search and /api/v2/search/clusters), part of the one contract: the API's
 * parser, its OpenAPI document and the Explorer's own checks all read them here. Plain constants, no imports, so a
 * browser bundle may take them at no cost.
 */
export const MAX_RADIUS = 500_000;
/** A search by name with no area reads every match in the dataset: a word this long keeps that set small. */
export const MIN_NAME_ALONE_WORD = 3;
/**
 * A name alone is answered when its words match at most this many places (before the other filters): "Go to"
 * types a few letters more, and no request reads a large part of the dataset. Both engines count the same way.
 */
export const MAX_NAME_ALONE_MATCHES = 2000;
export const MAX_LIMIT = 100;
export const MAX_OFFSET = 10_000;
export const SORTS = ['distance', 'relevance', 'rating', 'name', 'route'] as const;
export const MAX_ROUTE_POINTS = 1000;
export const MAX_ROUTE_KM = 10_000;
/** Longest `route` string taken: more than MAX_ROUTE_POINTS points ever need (a request line is at most 16 KiB anyway). */
export const MAX_ROUTE_CHARS = 16_000;
export const MAX_ROUTE_BUFFER = 50_000;
export const DEFAULT_ROUTE_BUFFER = 10_000;
export const MAX_NAME_CHARS = 200;
export const MAX_CULTURAL_QUERY_CHARS = 500;
export const MAX_AMENITY_CHARS = 100;
export const MIN_FIDELITY = 1;
export const MAX_FIDELITY = 5;
/** The longest public id (of a tag or a chain). */
export const MAX_PUBLIC_ID_CHARS = 64;
/** A public id: lowercase letters, digits and "-", starting with a letter or digit. */
export const PUBLIC_ID_SOURCE = `[a-z0-9][a-z0-9-]{0,${MAX_PUBLIC_ID_CHARS - 1}}`;
/** The cluster aggregate's largest zoom. */
export const MAX_ZOOM = 22;
/**
 * How a number is written in a query, for every parser of the contract: a decimal (sign, fraction and exponent
 * allowed) for coordinates and zooms, plain digits for counts, meters and levels. Hexadecimal, blanks and an empty
 * value are refused, where `Number()` would read them.
 */
export const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
export const INTEGER = /^\d+$/;
