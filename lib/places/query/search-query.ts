import { z } from 'zod';
import { RV_AVAILABLE_SERVICES, RV_SERVICED_MAKES, RV_TYPES } from '../catalog';
import type { AccountView } from '../auth/account';
import { KNOWN_TAG_IDS } from '../auth/account';
import { ApiError, invalid } from '../errors';
import type { LocationFilter, SearchQuery } from '../store/types';
import { words } from '../text';
import { RouteLine } from '../route/line';
import { decodeRoute, RouteInputError } from '../route/polyline';

import {
  DECIMAL, DEFAULT_ROUTE_BUFFER, INTEGER, MAX_AMENITY_CHARS, MAX_CULTURAL_QUERY_CHARS, MAX_FIDELITY, MAX_LIMIT, MAX_NAME_CHARS, MAX_OFFSET, MAX_RADIUS,
  MAX_ROUTE_BUFFER, MAX_ROUTE_CHARS, MAX_ROUTE_KM, MAX_ROUTE_POINTS, MIN_FIDELITY, MIN_NAME_ALONE_WORD, PUBLIC_ID_SOURCE, SORTS,
} from '../contract/limits';
import { hasBox, searchRuleBreach, searchSort } from '../contract/search-rules';

// The limits live in the contract, where the Explorer's parser reads them too.
export {
  DEFAULT_ROUTE_BUFFER, MAX_LIMIT, MAX_OFFSET, MAX_RADIUS, MAX_ROUTE_BUFFER, MAX_ROUTE_CHARS, MAX_ROUTE_KM, MAX_ROUTE_POINTS, MIN_NAME_ALONE_WORD, SORTS,
};
export const RV_PARAMETERS = [
  'rv_service_serviced_makes', 'rv_service_serviced_rv_types', 'rv_service_available_services', 'rv_service_dealer_amenities',
  'rv_service_rental_available', 'rv_service_association_member', 'rv_service_partner_dealer',
] as const;

/** A parameter given once: repeating it is an error (only the list-valued rv_service_* filters may repeat). */
const once = <T extends z.ZodType<unknown, string>>(inner: T) =>
  z
    .array(z.string())
    .refine((a) => a.length === 1, 'must be given only once')
    .transform((a) => a[0])
    .pipe(inner);

const integer = (min: number, max: number, what: string) =>
  z.string().transform((s, ctx) => {
    const n = INTEGER.test(s) ? Number(s) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: `must be ${what}` });
      return z.NEVER;
    }
    return n;
  });

const float = (min: number, max: number, what: string) =>
  z.string().transform((s, ctx) => {
    const n = DECIMAL.test(s) ? Number(s) : NaN;
    if (!Number.isFinite(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: `must be ${what}` });
      return z.NEVER;
    }
    return n;
  });

const center = z.string().transform((s, ctx) => {
  const parts = s.split(',');
  const [lon, lat] = parts.map((p) => (DECIMAL.test(p.trim()) ? Number(p.trim()) : NaN));
  if (parts.length !== 2 || !Number.isFinite(lon) || !Number.isFinite(lat)) {
    ctx.addIssue({ code: 'custom', message: 'must be "<longitude>,<latitude>" (two numbers, longitude first)' });
    return z.NEVER;
  }
  if (lon < -180 || lon > 180) {
    ctx.addIssue({ code: 'custom', message: 'longitude must be from -180 to 180' });
    return z.NEVER;
  }
  if (!(lat > -90 && lat < 90)) {
    ctx.addIssue({ code: 'custom', message: 'latitude must be greater than -90 and less than 90' });
    return z.NEVER;
  }
  return { lon, lat };
});

/** An encoded polyline (precision 5) within the documented limits. */
const route = z
  .string()
  .max(MAX_ROUTE_CHARS, `must be at most ${MAX_ROUTE_CHARS} characters`)
  .transform((s, ctx) => {
    try {
      const points = decodeRoute(s);
      if (points.length < 2) throw new RouteInputError('must have at least 2 points');
      if (points.length > MAX_ROUTE_POINTS) throw new RouteInputError(`must have at most ${MAX_ROUTE_POINTS} points (it has ${points.length})`);
      const km = new RouteLine(points).meters / 1000;
      if (km > MAX_ROUTE_KM) throw new RouteInputError(`must be at most ${MAX_ROUTE_KM} km long (it is ${Math.round(km)} km)`);
      return points;
    } catch (err) {
      if (!(err instanceof RouteInputError)) throw err;
      ctx.addIssue({ code: 'custom', message: err.message });
      return z.NEVER;
    }
  });

const ID_ENTRY = new RegExp(`^(!?)(${PUBLIC_ID_SOURCE})$`);

/** Comma-separated public ids, each optionally prefixed with "!" to exclude it. */
const idList = z.string().transform((s, ctx) => {
  const include: string[] = [];
  const exclude: string[] = [];
  for (const entry of s.split(',')) {
    const m = ID_ENTRY.exec(entry.trim());
    if (!m) {
      ctx.addIssue({ code: 'custom', message: `"${entry.slice(0, 40)}" is not a public id (lowercase letters, digits, "-"; "!" prefix excludes)` });
      return z.NEVER;
    }
    (m[1] ? exclude : include).push(m[2]);
  }
  return { include, exclude };
});

const text = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((s) => words(s).length > 0, 'must contain at least one letter or digit');

const locations = z.string().transform((s, ctx) => {
  const out: LocationFilter[] = [];
  for (const entry of s.split(',')) {
    const e = entry.trim();
    let m: RegExpExecArray | null;
    if ((m = /^country:([A-Za-z]{2})$/.exec(e))) out.push({ kind: 'country', code: m[1].toUpperCase() });
    else if ((m = /^state:([A-Za-z]{2})-([A-Za-z0-9]{1,3})$/.exec(e))) out.push({ kind: 'state', code: `${m[1].toUpperCase()}-${m[2].toUpperCase()}` });
    else if ((m = /^region:(\d{1,15})$/.exec(e))) out.push({ kind: 'region', id: Number(m[1]) });
    else {
      ctx.addIssue({ code: 'custom', message: `"${e.slice(0, 40)}" is not country:<ISO code>, state:<country>-<state> or region:<id>` });
      return z.NEVER;
    }
  }
  if (out.length > 20) {
    ctx.addIssue({ code: 'custom', message: 'must have at most 20 entries' });
    return z.NEVER;
  }
  // A repeated entry (country:US twenty times) is one filter, not twenty lookups.
  const seen = new Set<string>();
  return out.filter((l) => {
    const key = l.kind === 'region' ? `region:${l.id}` : `${l.kind}:${l.code}`;
    return !seen.has(key) && seen.add(key);
  });
});

/** A list-valued filter: comma-separated, and the parameter may repeat; every value must be in its list. */
const valueList = (allowed: readonly string[]) =>
  z.array(z.string()).transform((a, ctx) => {
    const values = a.flatMap((s) => s.split(',')).map((v) => v.trim());
    const unknown = values.find((v) => !allowed.includes(v));
    if (unknown !== undefined) {
      ctx.addIssue({ code: 'custom', message: `"${unknown.slice(0, 40)}" is not in the list (see the matching /api/v2/rv_service list)` });
      return z.NEVER;
    }
    return [...new Set(values)];
  });

const bool = z.enum(['true', 'false'], 'must be true or false').transform((v) => v === 'true');

/** Every search parameter and its rules: the one schema behind GET /api/v2/search. */
export const searchParamsSchema = z.strictObject({
  center: once(center).optional(),
  radius: once(integer(1, MAX_RADIUS, `an integer from 1 to ${MAX_RADIUS} (meters)`)).optional(),
  north: once(float(-90, 90, 'a latitude from -90 to 90')).optional(),
  south: once(float(-90, 90, 'a latitude from -90 to 90')).optional(),
  east: once(float(-180, 180, 'a longitude from -180 to 180')).optional(),
  west: once(float(-180, 180, 'a longitude from -180 to 180')).optional(),
  tags: once(idList).optional(),
  chains: once(idList).optional(),
  name: once(text(MAX_NAME_CHARS)).optional(),
  cultural_query: once(text(MAX_CULTURAL_QUERY_CHARS)).optional(),
  locations: once(locations).optional(),
  route: once(route).optional(),
  route_buffer: once(integer(1, MAX_ROUTE_BUFFER, `an integer from 1 to ${MAX_ROUTE_BUFFER} (meters)`)).optional(),
  min_fidelity: once(integer(MIN_FIDELITY, MAX_FIDELITY, `an integer from ${MIN_FIDELITY} to ${MAX_FIDELITY}`)).optional(),
  max_fidelity: once(integer(MIN_FIDELITY, MAX_FIDELITY, `an integer from ${MIN_FIDELITY} to ${MAX_FIDELITY}`)).optional(),
  rv_service_serviced_makes: valueList(RV_SERVICED_MAKES).optional(),
  rv_service_serviced_rv_types: valueList(RV_TYPES).optional(),
  rv_service_available_services: valueList(RV_AVAILABLE_SERVICES).optional(),
  rv_service_dealer_amenities: once(text(MAX_AMENITY_CHARS)).optional(),
  rv_service_rental_available: once(bool).optional(),
  rv_service_association_member: once(bool).optional(),
  rv_service_partner_dealer: once(bool).optional(),
  limit: once(integer(1, MAX_LIMIT, `an integer from 1 to ${MAX_LIMIT}`)).optional(),
  offset: once(integer(0, MAX_OFFSET, `an integer from 0 to ${MAX_OFFSET}`)).optional(),
  sort: once(z.enum(SORTS, `must be one of ${SORTS.join(', ')}`)).optional(),
});

function firstError(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0];
    return invalid(key.slice(0, 64), `unknown parameter ${key.slice(0, 64)}`);
  }
  const parameter = String(issue.path[0] ?? 'query');
  const message = issue.message.startsWith('Invalid input') ? 'must be a valid value' : issue.message;
  return invalid(parameter, `${parameter} ${message}`);
}

/** A page size checked as a search checks it, though not against the client's own maximum: for a call that ignores it. */
export function checkPageSize(params: URLSearchParams): void {
  const parsed = searchParamsSchema.pick({ limit: true }).safeParse({ limit: params.has('limit') ? params.getAll('limit') : undefined });
  if (!parsed.success) throw firstError(parsed.error);
}

function rawParams(query: string): Record<string, string[]> {
  // No prototype: a parameter named `toString` or `__proto__` is just an unknown parameter.
  const out: Record<string, string[]> = Object.create(null);
  for (const [k, v] of new URLSearchParams(query)) (out[k] ??= []).push(v);
  return out;
}

/**
 * Parses the raw query string of a search into the store's query: each parameter by the schema, then the rules across
 * parameters the Explorer's schema shares (lib/places/contract/search-rules.ts), then the account's configuration.
 */
export function parseSearchQuery(query: string, account: AccountView, knownChains: ReadonlySet<string>): SearchQuery {
  const parsed = searchParamsSchema.safeParse(rawParams(query));
  if (!parsed.success) throw firstError(parsed.error);
  const p = parsed.data;

  const breach = searchRuleBreach(p);
  if (breach) throw invalid(breach.parameter, breach.message);
  const sort = searchSort(p);

  const limit = p.limit ?? 10;
  if (limit > account.config.max_limit) throw invalid('limit', `limit must be at most ${account.config.max_limit} for this client`);

  for (const [param, ids, known, visible] of [
    ['tags', p.tags, KNOWN_TAG_IDS, account.tagVisible],
    ['chains', p.chains, knownChains, account.chainVisible],
  ] as const) {
    const unknown = ids && [...ids.include, ...ids.exclude].find((id) => !known.has(id) || !visible(id));
    if (unknown) throw invalid(param, `unknown ${param === 'tags' ? 'tag' : 'chain'}: ${unknown}`);
  }

  const rvGiven = RV_PARAMETERS.find((k) => p[k] !== undefined);
  if (rvGiven && !account.config.rv_service) {
    throw new ApiError('forbidden', 'RV service data is not part of this client’s account configuration', rvGiven);
  }

  return {
    center: p.center,
    radius: p.radius,
    box: hasBox(p) ? { north: p.north!, south: p.south!, east: p.east!, west: p.west! } : undefined,
    route: p.route && { points: p.route, buffer: p.route_buffer ?? DEFAULT_ROUTE_BUFFER },
    locations: p.locations,
    tags: p.tags ?? { include: [], exclude: [] },
    chains: p.chains ?? { include: [], exclude: [] },
    name: p.name,
    culturalQuery: p.cultural_query,
    minFidelity: p.min_fidelity,
    maxFidelity: p.max_fidelity,
    rv: rvGiven
      ? {
          makes: p.rv_service_serviced_makes,
          rvTypes: p.rv_service_serviced_rv_types,
          services: p.rv_service_available_services,
          amenity: p.rv_service_dealer_amenities,
          rental: p.rv_service_rental_available,
          association: p.rv_service_association_member,
          partner: p.rv_service_partner_dealer,
        }
      : undefined,
    sort,
    limit,
    offset: p.offset ?? 0,
  };
}
