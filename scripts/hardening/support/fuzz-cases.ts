import polyline from '@mapbox/polyline';
import fc from 'fast-check';
import { DEMO_ORGANIZATIONS } from '@/lib/demo/organizations';
import { signPlacesRequest } from '@/lib/places/auth/hmac';

/** One generated request, described as plain data so a failure can be printed and replayed. */
export interface FuzzRequest {
  kind: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface FuzzKeys {
  /** A Place API client with full access and one without RV data (the public one). */
  places: { client_id: string; secret_key: string }[];
  oidcClient: { client_id: string; client_secret: string };
  placeIds: number[];
  /** An administrator's access token with `cosmos` from a client the organization APIs accept, when one was issued. */
  adminToken?: string;
  /** A member's (not an administrator's) token from the same client, for the account API. */
  memberToken?: string;
  /** That member's password: sent only where it changes nothing lasting (see accountApiRequests). */
  memberPassword?: string;
  /** Another member's token, for the request that revokes its own token (ending the other sessions). */
  spareToken?: string;
  organizationIds: string[];
}

const SEARCH_PARAMS = [
  'center', 'radius', 'tags', 'chains', 'name', 'locations', 'cultural_query', 'min_fidelity', 'max_fidelity',
  'rv_service_serviced_makes', 'rv_service_serviced_rv_types', 'rv_service_available_services', 'rv_service_dealer_amenities',
  'rv_service_rental_available', 'rv_service_association_member', 'rv_service_partner_dealer',
  'north', 'south', 'east', 'west', 'limit', 'offset', 'sort', 'route', 'route_buffer',
];

/** Names that collide with a plain object's prototype when a parser collects parameters into `{}`. */
const OBJECT_KEYS = fc.constantFrom('toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'prototype');

const hostileNumber = fc.oneof(
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e309', '-1e309', '1e-400', '-0', '0x10', '0b1', '1_000', ' 5', '5 ', '+5', '1.', '.5', '1e2', '9007199254740993', '1'.repeat(400)),
  fc.double().map(String),
  fc.integer().map(String),
  fc.bigInt().map(String),
);
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ',', ',,,', '!', '!!x', 'country:', 'state:US-', 'region:', '%', '%zz', '%00', '%ff%fe', '%E2%80%AE', '\u0000', '\uFFFF', '\uD800', 'a'.repeat(10_000), '"', "'; DROP TABLE places; --", '*', 'NEAR(', 'a OR', '"unterminated', '^', '{}', '[]',
    '_p~iF~ps|U_ulLnnqC_mqNvxq`@', '_p~iF~ps|U_', '~~~~~~~~~~~~?', '??', '}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}'),
  fc.array(fc.constantFrom('attractions', '!campgrounds', 'walmart', 'country:US', 'state:US-CA', 'region:1', 'Ford', 'x'), { maxLength: 60 }).map((a) => a.join(',')),
);
const center = fc.tuple(hostileNumber, hostileNumber).map(([a, b]) => `${a},${b}`);
const value = fc.oneof({ weight: 3, arbitrary: hostileText }, { weight: 3, arbitrary: hostileNumber }, { weight: 2, arbitrary: center });

const wellFormed = (v: string) => v.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** How a value is put in the query: encoded, raw (stray %, &, # and all), or half-encoded. */
function encoded(value: string, how: number): string {
  const v = wellFormed(value);
  if (how === 0) return encodeURIComponent(v);
  if (how === 1) return encodeURI(v).replace(/#/g, '%23');
  return v.replace(/[&#\s]/g, encodeURIComponent);
}

const queryString = fc
  .array(fc.tuple(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...SEARCH_PARAMS) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) }, { weight: 1, arbitrary: OBJECT_KEYS }), value, fc.integer({ min: 0, max: 2 })), { maxLength: 12 })
  .map((pairs) => pairs.map(([k, v, how]) => `${encodeURIComponent(k)}=${encoded(v, how)}`).join('&'));

/** Signs the target as fetch will send it (it percent-encodes what must be and resolves dot segments). */
function signed(keys: FuzzKeys, which: number, kind: string, raw: string): FuzzRequest {
  const client = keys.places[which % keys.places.length];
  const url = new URL(raw, 'http://x');
  const target = url.pathname + url.search;
  return { kind, method: 'GET', path: target, headers: { 'SVC-ORG-APP-CLIENT-ID': client.client_id, 'SVC-ORG-APP-HMAC': signPlacesRequest(target, client.secret_key) } };
}

export function placesRequests(keys: FuzzKeys): fc.Arbitrary<FuzzRequest> {
  const search = fc.tuple(queryString, fc.nat()).map(([q, which]) => signed(keys, which, 'search', `/api/v2/search?${q}`));
  const placeId = fc.oneof(
    fc.constantFrom(...keys.placeIds).map(String),
    hostileNumber,
    fc.constantFrom('', '0', '-1', '00012', '1.0', '1e3', '%31', '..', '%2e%2e', '1%2f2', '1;x', '１２３', '9'.repeat(30)),
    fc.string({ maxLength: 20 }).map(encodeURIComponent),
  );
  const details = fc.tuple(placeId, fc.nat(), fc.constantFrom('', '?x=1', '?', '#x')).map(([id, which, tail]) => signed(keys, which, 'details', `/api/v2/canonical_places/${id}${tail}`));
  const lists = fc
    .tuple(fc.constantFrom('tags', 'chains', 'rv_service/serviced_makes', 'rv_service/rv_types', 'rv_service/available_services', 'openapi.json', 'nope', 'search/', 'canonical_places'), fc.nat(), fc.constantFrom('', '?a=b'))
    .map(([p, which, q]) => signed(keys, which, 'lists', `/api/v2/${p}${q}`));
  const asciiHeader = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 200 });
  const badAuth = fc
    .tuple(
      fc.oneof(fc.constantFrom(...keys.places.map((c) => c.client_id)), asciiHeader, fc.constant(undefined)),
      fc.oneof(asciiHeader, fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 }), fc.constant(undefined)),
      fc.constantFrom('/api/v2/search?center=-122.4,37.8&radius=1000', `/api/v2/canonical_places/${keys.placeIds[0]}`, '/api/v2/tags'),
      fc.boolean(),
    )
    .map(([id, hmac, target, otherPathSignature]): FuzzRequest => {
      const headers: Record<string, string> = {};
      if (id !== undefined) headers['SVC-ORG-APP-CLIENT-ID'] = id;
      if (hmac !== undefined) headers['SVC-ORG-APP-HMAC'] = otherPathSignature ? signPlacesRequest('/api/v2/chains', keys.places[0].secret_key) : hmac;
      return { kind: 'hmac', method: 'GET', path: target, headers };
    });
  const method = fc.tuple(fc.constantFrom('POST' as const), fc.nat()).map(([m, which]) => ({ ...signed(keys, which, 'method', '/api/v2/search?center=0,0&radius=10'), method: m, body: 'x' }));
  return fc.oneof(
    { weight: 5, arbitrary: search },
    { weight: 2, arbitrary: details },
    { weight: 1, arbitrary: lists },
    { weight: 2, arbitrary: badAuth },
    { weight: 1, arbitrary: method },
    { weight: 2, arbitrary: nameAloneRequests(keys) },
    { weight: 2, arbitrary: locationsRequests(keys) },
    { weight: 2, arbitrary: routeRequests(keys) },
    { weight: 3, arbitrary: clusterRequests(keys) },
  );
}

/** A few of the other search parameters, mostly well formed so the request gets past the parser. */
const extraParams = fc
  .array(
    fc.oneof(
      fc.constantFrom('limit=1', 'limit=100', 'limit=101', 'offset=9990', 'offset=10001', 'sort=name', 'sort=rating', 'sort=relevance', 'sort=distance', 'sort=route', 'tags=campgrounds', 'tags=!campgrounds', 'chains=walmart', 'min_fidelity=3', 'max_fidelity=2', 'name=lake'),
      fc.tuple(fc.constantFrom(...SEARCH_PARAMS), value, fc.integer({ min: 0, max: 2 })).map(([k, v, how]) => `${k}=${encoded(v, how)}`),
    ),
    { maxLength: 3 },
  )
  .map((a) => a.join('&'));
const withExtra = (base: string, extra: string) => (extra ? `${base}&${extra}` : base);

/** `name` alone (no area): looked up over the whole dataset, so short and common words must be refused or cheap. */
export function nameAloneRequests(keys: FuzzKeys): fc.Arbitrary<FuzzRequest> {
  const word = fc.oneof(
    fc.constantFrom('a', 'ab', 'abc', 'lake', 'park', 'camp', 'rv', 'walmart', 'state park', 'the', 'of the', 'a b c d e', 'san', 'Lake Tahoe', 'Yosemite', 'Zion', '"', '*', 'x*', 'lake OR park', 'NEAR', 'é', 'Ünïcødé', '🏕️', 'a'.repeat(200), 'a'.repeat(201), 'the '.repeat(50)),
    fc.stringMatching(/^[a-z]{1,8}( [a-z]{1,8}){0,3}$/),
    hostileText,
  );
  return fc
    .tuple(word, fc.integer({ min: 0, max: 2 }), fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 1, arbitrary: extraParams }), fc.nat())
    .map(([w, how, extra, which]) => signed(keys, which, 'name-alone', `/api/v2/search?${withExtra(`name=${encoded(w, how)}`, extra)}`));
}

const COUNTRIES = ['US', 'CA', 'MX', 'FR', 'us', 'XX', 'U', 'USA', ''];
const STATES = ['US-CA', 'US-TX', 'US-NY', 'CA-BC', 'US-', 'US-XX', 'us-ca', 'XX-YY'];
/** `locations`: countries, states and regions, repeated (deduplicated), many (bounded by a 400) or malformed. */
export function locationsRequests(keys: FuzzKeys): fc.Arbitrary<FuzzRequest> {
  const one = fc.oneof(
    fc.constantFrom(...COUNTRIES).map((c) => `country:${c}`),
    fc.constantFrom(...STATES).map((s) => `state:${s}`),
    fc.oneof(fc.nat({ max: 5000 }), fc.constantFrom(0, 1, 2, 999_999_999_999_999, 9_999_999_999_999_999)).map((r) => `region:${r}`),
    fc.constantFrom('country:', 'state:', 'region:', 'region:-1', 'region:1.5', 'city:x', 'country:US ', ' country:US', ''),
  );
  const valid = fc.oneof(
    fc.constantFrom('US', 'CA', 'MX', 'FR').map((c) => `country:${c}`),
    fc.constantFrom('US-CA', 'US-TX', 'US-NY', 'CA-BC').map((s) => `state:${s}`),
    fc.nat({ max: 5000 }).map((r) => `region:${r}`),
  );
  // About a third well formed, so the generator reaches the store and not only the parser's refusals.
  const list = fc.oneof(
    { weight: 3, arbitrary: fc.array(valid, { minLength: 1, maxLength: 6 }) },
    { weight: 2, arbitrary: fc.array(one, { minLength: 1, maxLength: 8 }) },
    { weight: 2, arbitrary: fc.tuple(one, fc.integer({ min: 2, max: 200 })).map(([v, n]) => Array<string>(n).fill(v)) },
    { weight: 2, arbitrary: fc.array(one, { minLength: 20, maxLength: 120 }) },
  );
  return fc
    .tuple(list, fc.boolean(), fc.oneof({ weight: 2, arbitrary: fc.constant('') }, { weight: 1, arbitrary: extraParams }), fc.nat())
    .map(([values, twice, extra, which]) => {
      const q = `locations=${encodeURIComponent(values.join(','))}${twice ? `&locations=${encodeURIComponent(values[0])}` : ''}`;
      return signed(keys, which, 'locations', `/api/v2/search?${withExtra(q, extra)}`);
    });
}

/** A route as an encoded polyline: real ones (a few points to a thousand, short to continental) and broken ones. */
export function routeRequests(keys: FuzzKeys): fc.Arbitrary<FuzzRequest> {
  const point = fc.tuple(fc.double({ min: 25, max: 49, noNaN: true }), fc.double({ min: -124, max: -67, noNaN: true }));
  const local = fc
    .tuple(point, fc.array(fc.tuple(fc.double({ min: -0.5, max: 0.5, noNaN: true }), fc.double({ min: -0.5, max: 0.5, noNaN: true })), { minLength: 1, maxLength: 60 }))
    .map(([start, steps]) => steps.reduce<[number, number][]>((pts, [dy, dx]) => [...pts, [pts[pts.length - 1][0] + dy, pts[pts.length - 1][1] + dx]], [start]));
  const line = fc.oneof(
    { weight: 4, arbitrary: local.map((pts) => polyline.encode(pts)) },
    { weight: 2, arbitrary: fc.array(point, { minLength: 1, maxLength: 40 }).map((pts) => polyline.encode(pts)) },
    { weight: 1, arbitrary: fc.integer({ min: 999, max: 1200 }).map((n) => polyline.encode(Array.from({ length: n }, (_, i) => [30 + (i % 100) * 0.01, -100 + i * 0.001]))) },
    { weight: 1, arbitrary: fc.array(fc.tuple(fc.double({ min: -95, max: 95, noNaN: true }), fc.double({ min: -190, max: 190, noNaN: true })), { minLength: 1, maxLength: 10 }).map((pts) => polyline.encode(pts)) },
    { weight: 2, arbitrary: hostileText },
  );
  const buffer = fc.oneof(fc.constant(''), fc.integer({ min: -10, max: 60_000 }).map((b) => `&route_buffer=${b}`), hostileNumber.map((b) => `&route_buffer=${encodeURIComponent(b)}`));
  return fc
    .tuple(line, buffer, fc.oneof({ weight: 2, arbitrary: fc.constant('') }, { weight: 1, arbitrary: extraParams }), fc.nat())
    .map(([l, b, extra, which]) => signed(keys, which, 'route', `/api/v2/search?${withExtra(`route=${encodeURIComponent(wellFormed(l))}${b}`, extra)}`));
}

/** `/api/v2/search/clusters`: viewports at every zoom (most of them within the pixel bound), broken boxes and zooms. */
export function clusterRequests(keys: FuzzKeys): fc.Arbitrary<FuzzRequest> {
  const viewport = fc
    .tuple(
      fc.double({ min: 0, max: 22, noNaN: true }),
      fc.oneof(fc.double({ min: -180, max: 180, noNaN: true }), fc.double({ min: -124, max: -67, noNaN: true })),
      fc.oneof(fc.double({ min: -85, max: 85, noNaN: true }), fc.double({ min: 25, max: 49, noNaN: true })),
      fc.integer({ min: 1, max: 9000 }),
      fc.integer({ min: 1, max: 9000 }),
      fc.boolean(),
    )
    .map(([zoom, lon, lat, w, h, roundZoom]) => {
      const z = roundZoom ? Math.round(zoom) : Number(zoom.toFixed(3));
      const degreesPerPx = 360 / (256 * 2 ** z);
      const halfW = Math.min(180, (w * degreesPerPx) / 2);
      const halfH = Math.min(90, (h * degreesPerPx * Math.cos((lat * Math.PI) / 180)) / 2);
      const wrap = (x: number) => (x > 180 ? x - 360 : x < -180 ? x + 360 : x);
      const round = (x: number) => Number(x.toFixed(6));
      const box = [wrap(lon - halfW), Math.max(-90, lat - halfH), wrap(lon + halfW), Math.min(90, lat + halfH)].map(round);
      return `bbox=${box.join(',')}&zoom=${z}`;
    });
  const hostileBox = fc.oneof(
    fc.array(hostileNumber, { minLength: 0, maxLength: 6 }).map((a) => a.join(',')),
    hostileText,
    fc.constantFrom('-180,-90,180,90', '180,-90,-180,90', '0,10,0,-10', '10,0,-10,0', '-122.5,37.7,-122.3,37.9', '1,2,3', '1,2,3,4,5', ',,,'),
  );
  const broken = fc
    .tuple(hostileBox, fc.oneof(hostileNumber, fc.constantFrom('0', '22', '22.0001', '-0', '23', '')), fc.integer({ min: 0, max: 2 }), fc.boolean(), fc.boolean())
    .map(([b, z, how, dropBox, twice]) => [dropBox ? '' : `bbox=${encoded(b, how)}`, `zoom=${encoded(z, how)}`, twice ? 'zoom=3' : ''].filter(Boolean).join('&'));
  // The search the clusters group: it needs an area (a circle, locations, a route or a name) as a search does.
  const area = fc.oneof(
    fc.tuple(fc.double({ min: -124, max: -67, noNaN: true }), fc.double({ min: 25, max: 49, noNaN: true }), fc.integer({ min: 1, max: 500_000 })).map(([lon, lat, r]) => `center=${lon.toFixed(4)},${lat.toFixed(4)}&radius=${r}`),
    fc.constantFrom('locations=country:US', 'locations=state:US-CA,state:US-TX', 'locations=country:US,country:US,country:CA', 'name=lake', 'name=park', 'route=_p~iF~ps|U_ulLnnqC_mqNvxq`@'),
    fc.constant(''),
  );
  const filters = fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 1, arbitrary: extraParams }, { weight: 1, arbitrary: queryString });
  return fc
    .tuple(fc.oneof({ weight: 3, arbitrary: viewport }, { weight: 1, arbitrary: broken }), area, filters, fc.nat())
    .map(([q, a, extra, which]) => signed(keys, which, 'clusters', `/api/v2/search/clusters?${withExtra(withExtra(q, a), extra)}`));
}

const OIDC_PARAMS = [
  'client_id', 'response_type', 'redirect_uri', 'scope', 'state', 'nonce', 'prompt', 'max_age', 'code_challenge', 'code_challenge_method',
  'response_mode', 'claims', 'request', 'request_uri', 'ui_locales', 'id_token_hint', 'login_hint', 'acr_values', 'post_logout_redirect_uri',
  'grant_type', 'code', 'code_verifier', 'refresh_token', 'username', 'password', 'client_secret', 'client_assertion', 'client_assertion_type', 'resource', 'token',
];
const oidcValue = fc.oneof(
  hostileText,
  hostileNumber,
  fc.constantFrom('oidc-test-client', 'explorer', 'code', 'id_token token', 'code id_token token', 'none', 'openid', 'openid offline_access cosmos', 'http://127.0.0.1:8976/callback', 'https://attacker.example/', 'S256', 'plain', 'form_post', 'fragment', 'authorization_code', 'client_credentials', 'refresh_token', 'password', 'implicit', '{"userinfo":{"email":null}}', '{"id_token":{"user":{"essential":true}}}', 'eyJhbGciOiJub25lIn0.e30.', 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer'),
);
const oidcParams = fc
  .array(fc.tuple(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...OIDC_PARAMS) }, { weight: 1, arbitrary: fc.string({ maxLength: 10 }) }, { weight: 1, arbitrary: OBJECT_KEYS }), oidcValue, fc.integer({ min: 0, max: 2 })), { maxLength: 10 })
  .map((pairs) => pairs.map(([k, v, how]) => `${encodeURIComponent(k)}=${encoded(v, how)}`).join('&'));

export function identityRequests(keys: FuzzKeys): fc.Arbitrary<FuzzRequest> {
  const basic = `Basic ${Buffer.from(`${keys.oidcClient.client_id}:${keys.oidcClient.client_secret}`).toString('base64')}`;
  const auth = fc.oneof(fc.constant(basic), fc.constant(undefined), fc.constantFrom('Basic', 'Basic !!!', 'Basic ' + Buffer.from(':').toString('base64'), 'Bearer x', `Basic ${Buffer.from('oidc-test-client:wrong').toString('base64')}`));
  const authorizeGet = oidcParams.map((q): FuzzRequest => ({ kind: 'authorize', method: 'GET', path: `/identity/connect/authorize?${q}`, headers: {} }));
  const authorizePost = oidcParams.map((q): FuzzRequest => ({ kind: 'authorize', method: 'POST', path: '/identity/connect/authorize', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: q }));
  const tokenPost = fc.tuple(oidcParams, auth, fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'text/plain')).map(([q, a, type]): FuzzRequest => ({
    kind: 'token',
    method: 'POST',
    path: '/identity/connect/token',
    headers: { 'content-type': type, ...(a ? { authorization: a } : {}) },
    body: q,
  }));
  const bearer = fc.oneof(fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 300 }), fc.constant(''));
  const userinfo = fc.tuple(bearer, fc.constantFrom('GET' as const, 'POST' as const), fc.constantFrom('Bearer ', 'bearer ', 'DPoP ', 'Basic ', '')).map(([t, m, scheme]): FuzzRequest => ({
    kind: 'userinfo',
    method: m,
    path: '/identity/connect/userinfo',
    headers: { authorization: `${scheme}${t}` },
  }));
  const endSession = oidcParams.map((q): FuzzRequest => ({ kind: 'endsession', method: 'GET', path: `/identity/connect/endsession?${q}`, headers: {} }));
  const other = fc.tuple(fc.constantFrom('/identity/connect/introspect', '/identity/connect/revocation', '/identity/interaction/x/login', '/identity/interaction/%00', '/identity/api/organizations/x/members', '/identity/.well-known/openid-configuration'), oidcParams, auth).map(
    ([p, q, a]): FuzzRequest => ({ kind: 'identity-other', method: 'POST', path: p, headers: { 'content-type': 'application/x-www-form-urlencoded', ...(a ? { authorization: a } : {}) }, body: q }),
  );
  return fc.oneof(
    { weight: 3, arbitrary: authorizeGet },
    { weight: 1, arbitrary: authorizePost },
    { weight: 3, arbitrary: tokenPost },
    { weight: 2, arbitrary: userinfo },
    { weight: 2, arbitrary: endSession },
    { weight: 1, arbitrary: other },
    { weight: 3, arbitrary: organizationApiRequests(keys) },
    { weight: 2, arbitrary: accountApiRequests(keys) },
    { weight: 2, arbitrary: selfServiceRequests() },
  );
}

/** The identity server's organization APIs (members, audit): hostile organization ids, resources, methods and tokens. */
export function organizationApiRequests(keys: FuzzKeys): fc.Arbitrary<FuzzRequest> {
  const organization = fc.oneof(
    { weight: 3, arbitrary: fc.constant('org-summit-rv') },
    fc.constantFrom(...keys.organizationIds),
    hostileText.map((t) => encodeURIComponent(wellFormed(t))),
    fc.constantFrom('', '%', '%zz', '%00', '..', '%2e%2e', 'a%2fb', '%E2%80%AE', 'x'.repeat(2000), '__proto__', 'constructor'),
  );
  // Real member, role and invitation-like ids reach the write rules; the administrator's own id is left out, so the
  // fuzzer (once another member is made administrator) cannot remove the account whose token reaches deep.
  const roleIds = DEMO_ORGANIZATIONS.flatMap((o) => o.roles.map((r) => r.id));
  const memberIds = ['user-dealer', 'user-traveler', 'user-unverified', 'user-nobody', '%00', '%zz', 'x'.repeat(300), '__proto__', '..', '%2e%2e'];
  const resource = fc.oneof(
    fc.constantFrom('members', 'audit', 'audit/', 'members/x', 'audit?limit=1000000', 'AUDIT', '', 'roles', 'roles/x', 'invitations', 'invitations/x', 'invitations/%zz', 'members/user-dealer', 'members/%00'),
    fc.constantFrom(...memberIds).map((id) => `members/${id}`),
    fc.oneof(fc.constantFrom('A'.repeat(43), 'inv-1', '%2F', '%'), hostileText.map((t) => encodeURIComponent(wellFormed(t)))).map((id) => `invitations/${id}`),
  );
  const roleList = fc.array(fc.oneof(fc.constantFrom(...roleIds), hostileText, fc.constant('')), { maxLength: 60 });
  const memberBody = fc.tuple(fc.oneof(fc.boolean(), fc.constantFrom('true', 1, null)), roleList).map(([isAdministrator, r]) => JSON.stringify({ isAdministrator, roleIds: r }));
  const inviteBody = fc
    .tuple(fc.oneof(fc.emailAddress(), hostileText, fc.constant(undefined)), fc.oneof(fc.boolean(), fc.constant('yes')), roleList)
    .map(([email, isAdministrator, r]) => JSON.stringify({ email, isAdministrator, roleIds: r }));
  const body = fc.oneof(
    fc.constantFrom('{}', '[]', 'null', 'not json', '{"email":"a@b.c","roleIds":["x"]}', '{"isAdministrator":"yes","roleIds":[1]}', '{"isAdministrator":false,"roleIds":[]}', `{"email":"${'a'.repeat(300)}@x.y"}`, '{"__proto__":{"isAdministrator":true}}', '{"a":'.repeat(5000)),
    hostileText.map((t) => JSON.stringify({ email: t, roleIds: [t], isAdministrator: t.length % 2 === 0 })),
    memberBody,
    inviteBody,
  );
  const token = fc.oneof(
    { weight: 5, arbitrary: fc.constant(keys.adminToken ? `Bearer ${keys.adminToken}` : undefined) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 300 }).map((t) => `Bearer ${t}`) },
    { weight: 1, arbitrary: fc.constantFrom('Bearer', 'Bearer  ', 'bearer x', 'Basic eDp5', `Bearer ${'a'.repeat(5000)}`) },
  );
  // Mostly a method the path takes (so the request reaches the token check and past it), sometimes any.
  const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
  const rightMethods = (res: string): (typeof METHODS)[number][] =>
    /^(members|audit)$/.test(res) || res === 'roles' ? ['GET'] : res === 'invitations' ? ['GET', 'POST'] : res.startsWith('invitations/') ? ['DELETE'] : res.startsWith('members/') ? ['PUT', 'DELETE'] : [...METHODS];
  const resourceAndMethod = resource.chain((res) =>
    fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...rightMethods(res)) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }).map((method) => [res, method] as const),
  );
  return fc
    .tuple(resourceAndMethod, organization, token, body)
    .map(([[res, method], org, auth, json]): FuzzRequest => ({
      kind: 'organization-api',
      method,
      path: `/identity/api/organizations/${org}/${res}`,
      headers: { ...(auth ? { authorization: auth } : {}), ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
      ...(method === 'GET' ? {} : { body: json }),
    }));
}

/**
 * The account API (`/identity/api/account...`): a member's own token (or none, or garbage) with hostile bodies. The
 * member's password is sent only to actions that keep the account (a profile, e-mail or password change, turning
 * two-factor off), never with the request that deletes it, so authorized requests keep reaching past the token check.
 */
export function accountApiRequests(keys: FuzzKeys): fc.Arbitrary<FuzzRequest> {
  const action = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('', 'profile', 'email', 'email/confirmation', 'password', 'sessions/end-others', 'totp', 'passkeys', 'passkeys/options', 'passkeys/abc_-1') },
    { weight: 1, arbitrary: fc.constantFrom('passkeys/%zz', `passkeys/${'a'.repeat(1401)}`, 'nope', 'profile/', 'PROFILE') },
  );
  const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
  const rightMethods = (act: string): (typeof METHODS)[number][] =>
    act === '' ? ['GET', 'DELETE'] : ['sessions/end-others', 'email/confirmation', 'passkeys', 'passkeys/options'].includes(act) ? ['POST'] : act.startsWith('passkeys/') ? ['DELETE'] : act === 'totp' ? ['POST', 'PUT', 'DELETE'] : ['PUT'];
  const text = fc.oneof(hostileText, fc.constantFrom('', ' ', 'Tess', 'a'.repeat(101)));
  const wrongPassword = fc.oneof(hostileText, fc.constant('x'.repeat(1025)));
  // The right password only where it changes nothing lasting: a new password the policy refuses, two-factor off.
  const right = keys.memberPassword;
  const passwordChange = fc.oneof(
    fc.tuple(wrongPassword, text).map(([currentPassword, newPassword]) => ({ currentPassword, newPassword })),
    ...(right ? [fc.constantFrom('', 'password', 'tess', 'traveler', '12345678').map((newPassword) => ({ currentPassword: right, newPassword }))] : []),
  );
  const bodies = (act: string) =>
    fc.oneof(
      fc.constantFrom('{}', '[]', 'null', 'not json', '{"a":'.repeat(5000), '{"__proto__":{"x":1}}'),
      fc.tuple(text, text).map(([givenName, familyName]) => JSON.stringify({ givenName, familyName })),
      fc.tuple(fc.oneof(fc.emailAddress(), text), wrongPassword).map(([email, password]) => JSON.stringify({ email, password })),
      passwordChange.map((b) => JSON.stringify(b)),
      (right && act === 'totp' ? fc.oneof(wrongPassword, fc.constant(right)) : wrongPassword).map((password) => JSON.stringify({ password })),
      fc.oneof(fc.constantFrom('000000', '123456', ''), text).map((code) => JSON.stringify({ code })),
      fc.tuple(fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(text, fc.integer())), text).map(([response, name]) => JSON.stringify({ response, name })),
    );
  // Ending the other sessions revokes the token's own grant (a password-grant token has no session): that action
  // gets the second member's token, which the first such request spends, so the member's token lives on.
  const ownToken = (act: string) => fc.constant(act === 'sessions/end-others' ? keys.spareToken : keys.memberToken);
  const token = (act: string) =>
    fc.oneof(
      { weight: 4, arbitrary: ownToken(act).map((t) => (t ? `Bearer ${t}` : undefined)) },
      { weight: 1, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 300 }).map((t) => `Bearer ${t}`) },
    );
  return fc
    .tuple(action, fc.constantFrom('application/json', 'application/json', 'text/plain', ''))
    .chain(([act, type]) => fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...rightMethods(act)) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }).map((method) => [act, method, type] as const))
    .chain(([act, method, type]) =>
      fc.tuple(bodies(act), token(act)).map(([body, auth]): FuzzRequest => ({
        kind: 'account-api',
        method,
        path: `/identity/api/account${act ? `/${act}` : ''}`,
        headers: { ...(auth ? { authorization: auth } : {}), ...(method === 'GET' || !type ? {} : { 'content-type': type }) },
        ...(method === 'GET' ? {} : { body }),
      })),
    );
}

/** The self-service pages (sign-up, confirmation, reset, invitation): hostile forms, tokens and methods, no CSRF cookie. */
export function selfServiceRequests(): fc.Arbitrary<FuzzRequest> {
  const path = fc.constantFrom('/identity/signup', '/identity/signup/sent', '/identity/verify-email', '/identity/forgot-password', '/identity/reset-password', '/identity/invitation');
  const value = fc.oneof(hostileText.map(wellFormed), fc.constantFrom('', 'A'.repeat(43), 'a@b.c', '%zz', 'x'.repeat(20_000)));
  const query = fc.tuple(fc.constantFrom('token', 'return', 'invitation', 'token[]'), value).map(([k, v]) => `?${k}=${encodeURIComponent(v)}`);
  const form = fc.tuple(value, value, value).map(([a, b, c]) => new URLSearchParams({ csrf: a, username: b, email: b, password: c, token: c, invitation: a }).toString());
  return fc
    .tuple(path, fc.constantFrom('GET' as const, 'POST' as const, 'POST' as const, 'PUT' as const), query, form, fc.constantFrom('application/x-www-form-urlencoded', 'text/plain', 'application/json'))
    .map(([p, method, q, body, type]): FuzzRequest => ({ kind: 'self-service', method, path: p + q, headers: method === 'GET' ? {} : { 'content-type': type }, ...(method === 'GET' ? {} : { body }) }));
}

/** The Explorer's own route handlers (Next): hostile queries, ids, methods and cookies, unsigned as a browser sends. */
export function explorerRequests(): fc.Arbitrary<FuzzRequest> {
  const cookie = fc
    .tuple(
      fc.constantFrom('next-auth.session-token', 'explorer-active-organization', '__Secure-next-auth.session-token', 'x'),
      fc.oneof(hostileText, fc.string({ maxLength: 4000 })),
    )
    .map(([name, v]) => ({ cookie: `${name}=${encodeURIComponent(wellFormed(v))}` }));
  const headers = fc.oneof({ weight: 3, arbitrary: fc.constant({} as Record<string, string>) }, { weight: 1, arbitrary: cookie });
  const search = fc.tuple(queryString, headers).map(([q, h]): FuzzRequest => ({ kind: 'explorer-search', method: 'GET', path: `/api/places/search?${q}`, headers: h }));
  const details = fc
    .tuple(fc.oneof(hostileText, hostileNumber), fc.integer({ min: 0, max: 2 }), headers)
    .map(([id, how, h]): FuzzRequest => ({ kind: 'explorer-place', method: 'GET', path: `/api/places/${encoded(id, how) || '0'}`, headers: h }));
  const lists = headers.map((h): FuzzRequest => ({ kind: 'explorer-lists', method: 'GET', path: '/api/places/lists', headers: h }));
  const methods = fc
    .tuple(fc.constantFrom('POST', 'PUT', 'DELETE', 'PATCH'), fc.constantFrom('/api/places/search?center=0,0&radius=1000', '/api/places/lists', '/api/places/1'))
    .map(([method, path]): FuzzRequest => ({ kind: 'explorer-method', method, path, headers: { 'content-type': 'application/json' }, body: '{}' }));
  return fc.oneof({ weight: 6, arbitrary: search }, { weight: 3, arbitrary: details }, { weight: 1, arbitrary: lists }, { weight: 1, arbitrary: methods });
}

export interface FuzzVerdict {
  ok: boolean;
  status: number;
  reason?: string;
  /** From sending the request to the last byte of the answer (absent when there was no answer). */
  ms?: number;
}

const STACK = /\n\s+at .+:\d+:\d+|node_modules\/|\/work\/|TypeError|ReferenceError|SyntaxError: |SqliteError/;
const PLACE_ERRORS: Record<string, number> = { invalid_parameter: 400, unauthorized: 401, forbidden: 403, not_found: 404, method_not_allowed: 405, rate_limited: 429, request_too_large: 431 };

/** Sends one request (with a timeout: a hang is a failure) and judges the answer. */
/** `{"error": {"code", "message", ...}}` with string code and message, or null. */
function errorBody(text: string): { code: string; message: string } | null {
  let body: { error?: { code?: unknown; message?: unknown } } | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const e = body?.error;
  return e && typeof e.code === 'string' && e.code !== '' && typeof e.message === 'string' ? { code: e.code, message: e.message } : null;
}

/**
 * `slowMs`: an answer slower than this is a failure too (the `npm run fuzz` bound; the test suite sets none, as timed
 * assertions do not belong on a shared machine).
 */
export async function judge(baseUrl: string, req: FuzzRequest, timeoutMs = 10_000, slowMs = Infinity): Promise<FuzzVerdict> {
  let res: Response;
  const started = performance.now();
  try {
    res = await fetch(baseUrl + req.path, { method: req.method, headers: req.headers, body: req.body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    return { ok: false, status: 0, reason: (err as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `request failed: ${(err as Error).message}` };
  }
  const text = await res.text();
  const status = res.status;
  const ms = performance.now() - started;
  const verdict = judgeAnswer(req, status, text);
  if (verdict.ok && ms > slowMs) return { ok: false, status, ms, reason: `answered in ${Math.round(ms)} ms, over ${slowMs} ms` };
  return { ...verdict, ms };
}

function judgeAnswer(req: FuzzRequest, status: number, text: string): FuzzVerdict {
  if (status >= 500) return { ok: false, status, reason: `5xx: ${text.slice(0, 300)}` };
  if (STACK.test(text)) return { ok: false, status, reason: `stack trace or internals in the body: ${text.slice(0, 300)}` };
  if (req.path.startsWith('/api/v2/') && status >= 400) {
    const error = errorBody(text);
    if (!error) return { ok: false, status, reason: `not the documented error shape: ${text.slice(0, 200)}` };
    if (PLACE_ERRORS[error.code] !== status) return { ok: false, status, reason: `not the documented code for ${status}: ${text.slice(0, 200)}` };
  }
  if (req.path.startsWith('/api/v2/') && status >= 300 && status < 400) return { ok: false, status, reason: 'a redirect from the Place API' };
  // The Explorer's handlers answer with the Place API's error shape; Next itself answers 405 for a method they lack.
  if (req.path.startsWith('/api/places/') && status >= 400 && status !== 405 && !errorBody(text)) {
    return { ok: false, status, reason: `not the error shape: ${text.slice(0, 200)}` };
  }
  return { ok: true, status };
}
