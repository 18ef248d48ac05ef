import { RV_AVAILABLE_SERVICES, RV_SERVICED_MAKES, RV_TYPES } from '../catalog';
import {
  DEFAULT_ROUTE_BUFFER, MAX_AMENITY_CHARS, MAX_CULTURAL_QUERY_CHARS, MAX_FIDELITY, MAX_LIMIT, MAX_NAME_CHARS, MAX_OFFSET, MAX_RADIUS, MAX_ROUTE_BUFFER,
  MAX_ROUTE_CHARS, MAX_ROUTE_KM, MAX_ROUTE_POINTS, MAX_ZOOM, MIN_FIDELITY, MIN_NAME_ALONE_WORD, MAX_NAME_ALONE_MATCHES, SORTS,
} from '../contract/limits';
import { MAX_PLACES, MAX_VIEW_PX, PLACES_ZOOM } from '../clusters/cluster-search';
import { schemas } from './schemas';

export interface ParameterDoc {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  description: string;
  schema: Record<string, unknown>;
  style?: string;
  explode?: boolean;
}

const q = (name: string, schema: Record<string, unknown>, description: string, required = false): ParameterDoc => ({ name, in: 'query', required, description, schema });
const csv = (items: Record<string, unknown>) => ({ type: 'array', items });

export const searchParameters: ParameterDoc[] = [
  q('center', { type: 'string', pattern: '^-?[0-9.]+,-?[0-9.]+$' }, '`<longitude>,<latitude>`. Longitude -180 to 180; latitude greater than -90 and less than 90. Required unless `locations`, `route` or `name` alone is given; it is always the reference point of `distance`.'),
  q('radius', { type: 'integer', minimum: 1, maximum: MAX_RADIUS }, `Meters from center, 1 to ${MAX_RADIUS}. Required unless \`locations\`, \`route\` or \`name\` alone is given (then optional: with a route, the area is the corridor ∩ circle).`),
  q('north', { type: 'number', minimum: -90, maximum: 90 }, 'Bounding box: northern latitude. north, south, east and west are given together; with center and radius the area is the intersection of box and circle.'),
  q('south', { type: 'number', minimum: -90, maximum: 90 }, 'Bounding box: southern latitude (not greater than north).'),
  q('east', { type: 'number', minimum: -180, maximum: 180 }, 'Bounding box: eastern longitude.'),
  q('west', { type: 'number', minimum: -180, maximum: 180 }, 'Bounding box: western longitude. A west greater than east crosses the antimeridian.'),
  { ...q('tags', csv({ type: 'string' }), 'Comma-separated Standard Tag public ids (see /api/v2/tags). A place matches when it has ANY included tag and NONE of the excluded ones; prefix an id with `!` to exclude it (`tags=attractions,!campgrounds`). An id unknown to the calling account is a 400.'), style: 'form', explode: false },
  { ...q('chains', csv({ type: 'string' }), 'Comma-separated chain public ids (see /api/v2/chains), `!` excludes; same rules as tags.'), style: 'form', explode: false },
  q('name', { type: 'string', maxLength: MAX_NAME_CHARS }, `Matches \`name\` and \`alt_names\`, case- and accent-insensitively: every word typed must begin a word of the name (prefix match). Given alone (no \`radius\`, box, \`route\` or \`locations\`), it is looked up over the whole dataset (a word of at least ${MIN_NAME_ALONE_WORD} letters needed, and at most ${MAX_NAME_ALONE_MATCHES} matching places, else 400).`),
  q('locations', { type: 'string' }, 'Experimental. Comma-separated `country:US`, `state:US-CA`, `region:<id>` (a `regions_hierarchy` id); a place matching any entry is in the area. Takes precedence over center/radius and the box (center, if given, still sets `distance`).'),
  q(
    'route',
    { type: 'string', maxLength: MAX_ROUTE_CHARS, pattern: '^[?-~]+$' },
    `A route as an encoded polyline (Google's algorithm, precision 5: latitude first, as every router and map library writes it), at least 2 and at most ${MAX_ROUTE_POINTS} points, at most ${MAX_ROUTE_KM} km long. ` +
      'Each leg is the shorter great-circle arc between consecutive points (so a leg may cross the antimeridian or pass a pole). The area becomes the corridor of every point within `route_buffer` of the route, intersected with the circle and the box when they are given too; ' +
      'with `locations`, the places of the locations inside the corridor. Every filter applies. Each result then carries `route_offset` and `route_distance`; the default sort is `route`. ' +
      'A malformed string (a character outside "?" to "~", a value cut off, a latitude without its longitude), a point outside the coordinate ranges, or a route past the limits is a 400 naming `route`.',
  ),
  q('route_buffer', { type: 'integer', minimum: 1, maximum: MAX_ROUTE_BUFFER, default: DEFAULT_ROUTE_BUFFER }, `The corridor's half-width in meters, 1 to ${MAX_ROUTE_BUFFER} (default ${DEFAULT_ROUTE_BUFFER}): a place is in it when its great-circle distance to the route is at most this. Only with \`route\`.`),
  q('cultural_query', { type: 'string', maxLength: MAX_CULTURAL_QUERY_CHARS }, 'Full-text search (FTS5) inside the area over name, alt_names, subtitle, description and the road-trip editorial: every word must occur (case- and accent-insensitive).'),
  q('min_fidelity', { type: 'integer', minimum: MIN_FIDELITY, maximum: MAX_FIDELITY }, 'Places whose `fidelity` is at least this (inclusive).'),
  q('max_fidelity', { type: 'integer', minimum: MIN_FIDELITY, maximum: MAX_FIDELITY }, 'Places whose `fidelity` is at most this (inclusive); not below min_fidelity.'),
  { ...q('rv_service_serviced_makes', csv({ enum: RV_SERVICED_MAKES }), 'Comma-separated (or repeated) makes; matches providers servicing ANY of them. Values from /api/v2/rv_service/serviced_makes.'), style: 'form', explode: false },
  { ...q('rv_service_serviced_rv_types', csv({ enum: RV_TYPES }), 'Comma-separated (or repeated) RV types; matches ANY. Values from /api/v2/rv_service/rv_types.'), style: 'form', explode: false },
  { ...q('rv_service_available_services', csv({ enum: RV_AVAILABLE_SERVICES }), 'Comma-separated services; matches providers offering ALL of them. Values from /api/v2/rv_service/available_services.'), style: 'form', explode: false },
  q('rv_service_dealer_amenities', { type: 'string', maxLength: MAX_AMENITY_CHARS }, 'A keyword found in any of the provider\'s amenities, case- and accent-insensitively.'),
  q('rv_service_rental_available', { type: 'boolean' }, '`true` or `false`.'),
  q('rv_service_association_member', { type: 'boolean' }, '`true` or `false`.'),
  q('rv_service_partner_dealer', { type: 'boolean' }, '`true` or `false`.'),
  q('limit', { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: 10 }, `Results returned, 1 to ${MAX_LIMIT}; an account may have a lower maximum.`),
  q('offset', { type: 'integer', minimum: 0, maximum: MAX_OFFSET, default: 0 }, `Items skipped before the first result (counts items, not pages), 0 to ${MAX_OFFSET}.`),
  q(
    'sort',
    { enum: [...SORTS], default: 'distance' },
    '`distance` nearest first (the default with center and no route; needs center), `route` by `route_offset` (where the place falls along the route), then by `route_distance`, nearest first (the default with a route; needs route), `relevance` best first (the default with neither), `rating` highest avg_rating first (then most ratings; travelers’ reviews are counted in within PLACES_RANKING_SECONDS of being written), `name` A to Z (accent-insensitive). Ties break on id, ascending.',
  ),
];

/** The cluster aggregate's parameters: the search's own (limit, offset and sort checked, then ignored), a viewport and a zoom. */
export const clusterParameters: ParameterDoc[] = [
  q('bbox', { type: 'string' }, '`<west>,<south>,<east>,<north>` in degrees: the viewport. Longitudes -180 to 180 (a west greater than east crosses the antimeridian), latitudes -90 to 90, south not greater than north. ' +
    `At most ${MAX_VIEW_PX} pixels on a side at \`zoom\` (256-pixel Web Mercator tiles).`, true),
  q('zoom', { type: 'number', minimum: 0, maximum: MAX_ZOOM }, `The map's zoom, 0 to ${MAX_ZOOM} (fractions allowed): matches are grouped in 64-pixel screen bins of this zoom.`, true),
  ...searchParameters.map((p) => (['limit', 'offset', 'sort'].includes(p.name) ? { ...p, description: 'Checked as in a search (`limit` against the API\'s maximum, not the client\'s), then ignored: a search\'s query string can be sent as it is.' } : p)),
];

const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
const ok = (schema: string, description: string) => ({ description, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } });
const errors = {
  '400': error('invalid_parameter: a parameter is malformed, out of range, unknown or repeated; `parameter` names it. bad_request: the HTTP server could not read the request at all (a malformed request line or header), before any route.'),
  '401': error('unauthorized: headers missing, unknown client id, or a signature that does not match.'),
  '403': error('forbidden: the client is disabled, or asks for RV service data its account does not include.'),
  '404': error('not_found: no such place or endpoint.'),
  '405': error('method_not_allowed: only GET and HEAD are served.'),
  '429': error('rate_limited: the client exceeded its requests per minute, or has too many requests in progress at once on one server; retry after the Retry-After seconds.'),
  '431': error('request_too_large: the request line and headers exceed 16 KiB (answered by the server before routing).'),
  '503': error('unavailable: the place store cannot be reached (a database outage); retry after the Retry-After seconds.'),
};
/** Searches can also stop at the search deadline, or be refused at once while the search index is rebuilt. */
const searchUnavailable = error(
  'unavailable: the place store cannot be reached (a database outage; retry after the Retry-After seconds), or the search took longer than ' +
    'the search deadline (the operator\'s PLACES_SEARCH_DEADLINE_MS, 1 s by default) and was stopped, or would while the search index is ' +
    'rebuilt after a change to the places: narrow it (fewer or smaller locations, fewer filters) or retry in a few seconds.',
);

const listPath = (summary: string, schema: string, description: string, rv = false) => ({
  get: { summary, description, ...(rv ? { tags: ['RV service'] } : { tags: ['Lists'] }), responses: { '200': ok(schema, summary), '401': errors['401'], '403': errors['403'], '405': errors['405'], '429': errors['429'], '503': errors['503'] } },
});

export function openApiDocument(publicUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Place API',
      version: '2',
      description:
        'Search and details of travel, tourism and RV places. Every /api/v2 call except this document is signed: ' +
        'send `SVC-ORG-APP-CLIENT-ID: <client_id>` and `SVC-ORG-APP-HMAC: hex(HMAC-SHA256(secret_key, <path and query exactly as sent, from /api/v2/> + "-"))`. ' +
        'Query parameters are signed in the order sent. What a client sees depends on its account configuration: visible tags and chains, RV service data, the largest limit, a rate limit. ' +
        'Errors always have the shape {"error": {"code", "message", "parameter"?}}. Dataset geography: GeoNames (CC-BY 4.0). ' +
        'Places imported from OpenStreetMap (their `road_trip_details.contributor` is the object\'s page on openstreetmap.org, their ids start at 10000000000): ' +
        '© OpenStreetMap contributors, available under the Open Database License (ODbL), https://www.openstreetmap.org/copyright.',
    },
    servers: [{ url: publicUrl }],
    security: [{ ClientId: [], Hmac: [] }],
    paths: {
      '/api/v2/search': {
        get: {
          summary: 'Search places',
          description: 'Places inside the area (circle, circle ∩ box, locations, or the corridor along a route intersected with any of them) that pass every filter, ordered by `sort`. `meta.total` is exact, irrespective of limit and offset.',
          tags: ['Places'],
          parameters: searchParameters,
          responses: { '200': ok('SearchResponse', 'Matching places'), '400': errors['400'], '401': errors['401'], '403': errors['403'], '405': errors['405'], '429': errors['429'], '431': errors['431'], '503': searchUnavailable },
        },
      },
      '/api/v2/search/clusters': {
        get: {
          summary: 'Where every match of a search is, in a viewport',
          description:
            'The matches of the same search (every filter, the area, the route corridor, the account\'s tag scope) inside `bbox`, grouped for a map at `zoom`: ' +
            'clusters with an exact `count` (their counts plus the single places add up exactly to `meta.total`, the total the search gives with the viewport as its box), ' +
            `and single places (id, position, name) where a 64-pixel bin holds only one; from zoom ${PLACES_ZOOM}, every match is a place (up to ${MAX_PLACES}). ` +
            'Built on the store\'s per-cell counts: at low zoom a cluster adds whole 0.1- or 0.02-degree cells, and only the places on the area\'s edge are read; searches with text, RV or several tag and chain filters read their matches as a search does.',
          tags: ['Places'],
          parameters: clusterParameters,
          responses: { '200': ok('ClusterResponse', 'Clusters and places'), '400': errors['400'], '401': errors['401'], '403': errors['403'], '405': errors['405'], '429': errors['429'], '431': errors['431'], '503': searchUnavailable },
        },
      },
      '/api/v2/canonical_places': {
        get: {
          summary: 'Several places by id',
          description:
            `Up to ${MAX_LIMIT} places in one request (one request of the rate limit, as a search page of as many places), in their search form: ` +
            '`data` has one entry per id asked, in the order asked (an id given twice is answered twice), the place or null for an unknown id or a place outside the calling account\'s tag scope. ' +
            'A previous id resolves to its place, as in place details (the body carries the current id). `ids` is the only parameter.',
          tags: ['Places'],
          parameters: [
            q('ids', { type: 'string', pattern: `^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15}){0,${MAX_LIMIT - 1}}$` }, `1 to ${MAX_LIMIT} canonical place ids (TPC), current or previous, comma-separated.`, true),
          ],
          responses: { '200': ok('PlacesByIdsResponse', 'The places, in the order asked'), '400': errors['400'], '401': errors['401'], '403': errors['403'], '405': errors['405'], '429': errors['429'], '431': errors['431'], '503': errors['503'] },
        },
      },
      '/api/v2/canonical_places/{place_id}': {
        get: {
          summary: 'Place details',
          description: 'One place in full. An id listed in some place\'s `previous_ids` resolves to that place (the body carries the current id). No query parameters. A place outside the calling account\'s tag scope (none of its tags visible to the account) is a 404, as searches never find it.',
          tags: ['Places'],
          parameters: [{ name: 'place_id', in: 'path', required: true, description: 'Canonical place id (TPC), current or previous.', schema: { type: 'integer', minimum: 1 } }],
          responses: { '200': ok('DetailsResponse', 'The place'), ...errors },
        },
      },
      '/api/v2/tags': listPath('Standard Tags', 'NamedIdList', 'The tag public ids the `tags` filter takes (those visible to the calling account).'),
      '/api/v2/chains': listPath('Chains', 'NamedIdList', 'The chain public ids the `chains` filter takes (those visible to the calling account).'),
      '/api/v2/rv_service/serviced_makes': listPath('Serviced makes', 'StringList', 'Values of rv_service_serviced_makes. 403 without RV service data.', true),
      '/api/v2/rv_service/rv_types': listPath('RV types', 'StringList', 'Values of rv_service_serviced_rv_types. 403 without RV service data.', true),
      '/api/v2/rv_service/available_services': listPath('Available services', 'StringList', 'Values of rv_service_available_services. 403 without RV service data.', true),
      '/api/v2/openapi.json': { get: { summary: 'This document', security: [], tags: ['Lists'], responses: { '200': { description: 'OpenAPI 3.1 document' } } } },
    },
    components: {
      securitySchemes: {
        ClientId: { type: 'apiKey', in: 'header', name: 'SVC-ORG-APP-CLIENT-ID', description: 'The API client id.' },
        Hmac: { type: 'apiKey', in: 'header', name: 'SVC-ORG-APP-HMAC', description: 'Lowercase or uppercase hex HMAC-SHA256 of the path and query as sent (from /api/v2/) followed by "-", keyed with the secret key.' },
      },
      schemas,
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
