// The trip route handlers as the browser calls them: real sessions (next-auth cookies sealed with the server's
// secret), the real Place API behind the signed client, and the real SQLite trip store of the server's data directory.
// The sessions' people and organizations are this file's own, so their cookies carry a live access token of an
// identity server that does not answer: the state in which a session keeps the organizations its cookie names
// (lib/auth/confirm-session.ts; tests/auth/confirm-session.test.ts covers the identity server's answers).
import { encode } from 'next-auth/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as importRoute from '@/app/api/trips/import/route';
import * as organizationRoute from '@/app/api/trips/[id]/organization/route';
import * as tripRoute from '@/app/api/trips/[id]/route';
import * as gpxRoute from '@/app/api/trips/[id]/gpx/route';
import * as geojsonRoute from '@/app/api/trips/[id]/geojson/route';
import * as shareRoute from '@/app/api/trips/[id]/share/route';
import * as tripsRoute from '@/app/api/trips/route';
import * as sharedRoute from '@/app/api/trips/shared/[token]/route';
import * as vehicleRoute from '@/app/api/trips/vehicle/route';
import { forgetConfig } from '@/lib/config/runtime';
import type { SearchResponse } from '@/lib/explorer/types';
import { PRESET_VEHICLES } from '@/lib/roads/vehicle';
import { placesGet } from '@/lib/places-client/client';
import { resolvePlacesCredentials } from '@/lib/places-client/credentials';
import { PUBLIC_ACCESS } from '@/lib/places/auth/account';
import { perMinuteRule } from '@/lib/server/rate-limit';
import { TRIP_PLACE_LOOKUPS_PER_MINUTE } from '@/lib/trips/place-budget';
import { waitWords } from '@/lib/identity/wait-words';
import type { DefaultVehicleView } from '@/lib/trips/vehicle-default';
import type { TripView } from '@/lib/trips/view';
import { identityRuntime } from '@/lib/identity/runtime';
import { startApiServer } from '../support/test-server';

type App = Awaited<ReturnType<typeof startApiServer>>;
let app: App;
let origin: string;
let placeIds: number[];
const cookies: Record<string, string> = {};

const org = (id: string) => ({ id, name: id, roles: [], admin: false });
const people = {
  ann: { sub: 'user-ann', name: 'Ann', organizations: [org('org-lakes')] },
  bob: { sub: 'user-bob', name: 'Bob', organizations: [org('org-lakes')] },
  eve: { sub: 'user-eve', name: 'Eve', organizations: [org('org-other')] },
  // No organization: the public Place API client, the one every map visitor shares, signs Dan's lookups.
  dan: { sub: 'user-dan', name: 'Dan', organizations: [] },
  // Keeps a default rig: her new trips start with it, nobody else's do.
  fay: { sub: 'user-fay', name: 'Fay', organizations: [] },
};
type Who = keyof typeof people | null;

function call(
  handler: (request: Request, route: { params: Promise<never> }) => Promise<Response>,
  who: Who,
  { method = 'GET', body, params = {}, crossSite = false, path = '/api/trips' }: { method?: string; body?: unknown; params?: Record<string, string>; crossSite?: boolean; path?: string } = {},
) {
  const headers: Record<string, string> = { origin: crossSite ? 'https://evil.example' : origin };
  if (who) headers.cookie = `next-auth.session-token=${cookies[who]}`;
  if (body !== undefined && typeof body !== 'string') headers['content-type'] = 'application/json';
  const request = new Request(`${origin}${path}`, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
  return handler(request, { params: Promise.resolve(params) as Promise<never> });
}

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function createTrip(who: Who, body: unknown): Promise<TripView> {
  const response = await call(tripsRoute.POST, who, { method: 'POST', body });
  expect(response.status).toBe(201);
  return json<TripView>(response);
}

beforeAll(async () => {
  app = await startApiServer();
  origin = app.config.publicUrl;
  process.env.NEXTAUTH_URL = origin;
  process.env.PLACES_API_URL = app.url;
  process.env.IDENTITY_CLIENT_SECRET = 'not-used-here';
  process.env.IDENTITY_ISSUER = 'http://127.0.0.1:1/identity';
  delete process.env.PLACES_API_CLIENT_ID;
  delete process.env.PLACES_API_SECRET_KEY;
  forgetConfig();
  // Who belongs where, in the identity directory too: a trip shows to an organization only while its owner is a member.
  const accounts = identityRuntime()!.accounts;
  for (const id of ['org-lakes', 'org-other']) await accounts.createOrganization(id, id, 'test');
  for (const [who, claims] of Object.entries(people)) {
    await accounts.createUser({ id: claims.sub, username: `trips-${who}`, email: `trips-${who}@example.com`, password: 'trips test password 1', givenName: claims.name, familyName: '' });
    for (const o of claims.organizations) await accounts.setMembership(claims.sub, o.id, { isAdministrator: false, roleIds: [] }, 'test');
  }
  for (const [who, claims] of Object.entries(people)) {
    const now = Math.floor(Date.now() / 1000);
    cookies[who] = await encode({ token: { ...claims, signedInAt: now, accessToken: `access-${who}`, accessTokenExpiresAt: now + 3600 }, secret: process.env.NEXTAUTH_SECRET! });
  }
  const search = await placesGet<SearchResponse>('search?center=-104.99%2C39.74&limit=5&radius=500000', await resolvePlacesCredentials({ headers: new Headers() }));
  placeIds = search.data.map((p) => p.id);
  expect(placeIds.length).toBeGreaterThanOrEqual(3);
}, 120_000);

afterAll(async () => {
  delete process.env.PLACES_API_URL;
  delete process.env.IDENTITY_ISSUER;
  forgetConfig();
  const closing = app?.close();
  app?.server.closeAllConnections();
  await closing;
});

describe('trips through the API', () => {
  it('creates a trip whose place stops carry the Place API’s names and positions, with legs and totals', async () => {
    const view = await createTrip('ann', {
      name: 'Front Range',
      stops: [{ kind: 'place', placeId: placeIds[0], arrivalDate: '2026-07-01', nights: 2 }, { kind: 'custom', name: 'Trailhead', lon: -105.6, lat: 40.3 }, { kind: 'place', placeId: placeIds[1] }],
    });
    const place = await placesGet<{ data: { name: string; locations: { longitude: number; latitude: number }[] } }>(
      `canonical_places/${placeIds[0]}`,
      await resolvePlacesCredentials({ headers: new Headers() }),
    );
    expect(view.trip).toMatchObject({ name: 'Front Range', version: 1, organizationId: null });
    expect(view.trip.stops[0]).toMatchObject({ kind: 'place', placeId: placeIds[0], name: place.data.name, lon: place.data.locations[0].longitude, nights: 2 });
    expect(view.legs).toHaveLength(2);
    expect(view.totals.distanceMeters).toBeCloseTo(view.legs[0].distanceMeters + view.legs[1].distanceMeters, 6);
    expect(view.totals.nights).toBe(2);
    expect(view.router.kind).toBe('straight-line');
    expect(view.access).toEqual({ owner: true, edit: true, shareToken: null });
    expect(view.trip).not.toHaveProperty('ownerId');
  });

  it('lists my trips and those shared with my organizations, never another person’s', async () => {
    const mine = await createTrip('eve', { name: 'Eve alone' });
    const listed = await json<{ data: { name: string }[] }>(await call(tripsRoute.GET, 'eve'));
    expect(listed.data.map((t) => t.name)).toEqual(['Eve alone']);
    const others = await json<{ data: { id: string }[] }>(await call(tripsRoute.GET, 'ann'));
    expect(others.data.map((t) => t.id)).not.toContain(mine.trip.id);
  });

  it.each([
    ['an empty name', { name: '' }, 'name'],
    ['a 201-character name', { name: 'x'.repeat(201) }, 'name'],
    ['201 stops', { name: 'Long', stops: Array.from({ length: 201 }, (_, i) => ({ kind: 'custom', name: `S${i}`, lon: 0, lat: 0 })) }, 'stops'],
    ['a longitude off the globe', { name: 'Off', stops: [{ kind: 'custom', name: 'Nowhere', lon: 200, lat: 0 }] }, 'stops.0.lon'],
    ['an unknown place id', { name: 'Ghost', stops: [{ kind: 'place', placeId: 999_999_999_999 }] }, 'stops.0.placeId'],
  ])('refuses %s with the JSON error shape', async (_label, body, parameter) => {
    const response = await call(tripsRoute.POST, 'ann', { method: 'POST', body });
    expect(response.status).toBe(400);
    const { error } = await json<{ error: { code: string; message: string; parameter: string } }>(response);
    expect(error.parameter).toBe(parameter);
    expect(error.message.length).toBeGreaterThan(5);
  });

  it('refuses malformed JSON, visitors and cross-site writes', async () => {
    expect((await call(tripsRoute.POST, 'ann', { method: 'POST', body: '{"name":' })).status).toBe(400);
    expect((await call(tripsRoute.GET, null)).status).toBe(401);
    expect((await call(tripsRoute.POST, 'ann', { method: 'POST', body: { name: 'x' }, crossSite: true })).status).toBe(403);
  });

  it('saves a change on the current version and answers 409 with the fresh trip on a stale one', async () => {
    const { trip } = await createTrip('ann', { name: 'Two tabs', stops: [{ kind: 'custom', name: 'A', lon: 1, lat: 1 }, { kind: 'custom', name: 'B', lon: 2, lat: 2 }] });
    const params = { id: trip.id };
    const reordered = [...trip.stops].reverse().map((s) => ({ kind: 'custom', id: s.id, name: s.name, lon: s.lon, lat: s.lat, note: `note ${s.name}` }));
    const first = await call(tripRoute.PATCH, 'ann', { method: 'PATCH', params, body: { version: 1, stops: reordered } });
    expect(first.status).toBe(200);
    const saved = await json<TripView>(first);
    expect(saved.trip.version).toBe(2);
    expect(saved.trip.stops.map((s) => [s.id, s.name, s.note])).toEqual([[trip.stops[1].id, 'B', 'note B'], [trip.stops[0].id, 'A', 'note A']]);

    const stale = await call(tripRoute.PATCH, 'ann', { method: 'PATCH', params, body: { version: 1, name: 'Overwrite' } });
    expect(stale.status).toBe(409);
    const body = await json<{ error: { code: string }; trip: TripView }>(stale);
    expect(body.error.code).toBe('version_conflict');
    expect(body.trip.trip).toMatchObject({ name: 'Two tabs', version: 2 });
  });

  it('answers 404 with no hint for another person’s trip, on every route', async () => {
    const { trip } = await createTrip('ann', { name: 'Private' });
    const params = { id: trip.id };
    const missing = await json(await call(tripRoute.GET, 'eve', { params: { id: 'no-such-trip' } }));
    for (const response of [
      await call(tripRoute.GET, 'eve', { params }),
      await call(tripRoute.PATCH, 'eve', { method: 'PATCH', params, body: { version: 1, name: 'Mine now' } }),
      await call(tripRoute.DELETE, 'eve', { method: 'DELETE', params }),
      await call(shareRoute.POST, 'eve', { method: 'POST', params }),
      await call(gpxRoute.GET, 'eve', { params }),
      await call(geojsonRoute.GET, 'eve', { params }),
      await call(organizationRoute.PUT, 'eve', { method: 'PUT', params, body: { organizationId: 'org-other' } }),
    ]) {
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual(missing);
    }
    expect((await call(tripRoute.GET, 'ann', { params })).status).toBe(200);
  });

  it('shares with one of my organizations: its members view and edit, only the owner deletes', async () => {
    const { trip } = await createTrip('ann', { name: 'Team trip' });
    const params = { id: trip.id };
    expect((await call(organizationRoute.PUT, 'ann', { method: 'PUT', params, body: { organizationId: 'org-other' } })).status).toBe(403);
    const shared = await call(organizationRoute.PUT, 'ann', { method: 'PUT', params, body: { organizationId: 'org-lakes' } });
    expect((await json<TripView>(shared)).trip.organizationId).toBe('org-lakes');

    const listed = await json<{ data: { id: string; owned: boolean }[] }>(await call(tripsRoute.GET, 'bob'));
    expect(listed.data.find((t) => t.id === trip.id)).toMatchObject({ owned: false });
    const edited = await call(tripRoute.PATCH, 'bob', { method: 'PATCH', params, body: { version: 1, name: 'Team trip, by Bob' } });
    expect(edited.status).toBe(200);
    expect((await json<TripView>(edited)).access).toEqual({ owner: false, edit: true, shareToken: null });
    expect((await call(tripRoute.DELETE, 'bob', { method: 'DELETE', params })).status).toBe(403);
    expect((await call(tripRoute.GET, 'eve', { params })).status).toBe(404);

    await call(organizationRoute.PUT, 'ann', { method: 'PUT', params, body: { organizationId: null } });
    expect((await call(tripRoute.GET, 'bob', { params })).status).toBe(404);
    expect((await call(tripRoute.DELETE, 'ann', { method: 'DELETE', params })).status).toBe(204);
    expect((await call(tripRoute.GET, 'ann', { params })).status).toBe(404);
  });

  it('stops sharing a trip with an organization its owner left; the owner keeps it, private, and it is shared again if they rejoin', async () => {
    const { trip } = await createTrip('ann', { name: 'Left behind', stops: [] });
    const params = { id: trip.id };
    expect((await call(organizationRoute.PUT, 'ann', { method: 'PUT', params, body: { organizationId: 'org-lakes' } })).status).toBe(200);
    const listed = async (who: Who) => (await json<{ data: { id: string; organizationId: string | null }[] }>(await call(tripsRoute.GET, who))).data.find((t) => t.id === trip.id);
    expect(await listed('bob')).toMatchObject({ organizationId: 'org-lakes' });
    expect((await call(tripRoute.GET, 'bob', { params })).status).toBe(200);

    // Ann leaves the organization (an administrator removes her, or she leaves): her session still names it, as a
    // cookie does until its next check; the directory does not.
    const accounts = identityRuntime()!.accounts;
    await accounts.removeMembership('user-ann', 'org-lakes', 'test');
    try {
      expect(await listed('bob')).toBeUndefined();
      for (const response of [
        await call(tripRoute.GET, 'bob', { params }),
        await call(tripRoute.PATCH, 'bob', { method: 'PATCH', params, body: { version: 1, name: 'Taken over' } }),
        await call(gpxRoute.GET, 'bob', { params }),
      ]) expect(response.status).toBe(404);
      const own = await call(tripRoute.GET, 'ann', { params });
      expect(own.status).toBe(200);
      expect((await json<TripView>(own)).trip).toMatchObject({ name: 'Left behind', organizationId: null });
      expect(await listed('ann')).toMatchObject({ organizationId: null });
    } finally {
      await accounts.setMembership('user-ann', 'org-lakes', { isAdministrator: false, roleIds: [] }, 'test');
    }
    expect(await listed('bob')).toMatchObject({ organizationId: 'org-lakes' });
    await call(tripRoute.DELETE, 'ann', { method: 'DELETE', params });
  });

  it('opens a share link signed out, read-only, until it is revoked', async () => {
    const { trip } = await createTrip('ann', { name: 'Shared by link', stops: [{ kind: 'custom', name: 'A', lon: 1, lat: 1 }] });
    const params = { id: trip.id };
    const created = await json<TripView>(await call(shareRoute.POST, 'ann', { method: 'POST', params }));
    const token = created.access.shareToken!;
    expect(token).toMatch(/^[\w-]{32}$/);

    const open = await call(sharedRoute.GET, null, { params: { token } });
    expect(open.status).toBe(200);
    const view = await json<TripView>(open);
    expect(view.trip.name).toBe('Shared by link');
    expect(view.access).toEqual({ owner: false, edit: false, shareToken: null });
    // Issue 49: the link says who shared it, by the name they go by.
    expect(view.sharedBy).toBe('Ann');

    expect((await call(sharedRoute.GET, null, { params: { token: token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) } })).status).toBe(404);
    await call(shareRoute.DELETE, 'ann', { method: 'DELETE', params });
    expect((await call(sharedRoute.GET, null, { params: { token } })).status).toBe(404);
  });

  it('exports GPX and GeoJSON and imports the GPX back as a new trip, its places places again; a malformed file keeps nothing', async () => {
    const { trip } = await createTrip('ann', {
      name: 'Round trip',
      stops: [{ kind: 'place', placeId: placeIds[2] }, { kind: 'custom', name: 'Camp', lon: -106, lat: 39.5, note: 'Water here' }],
    });
    const gpx = await call(gpxRoute.GET, 'ann', { params: { id: trip.id } });
    expect(gpx.headers.get('content-type')).toContain('application/gpx+xml');
    expect(gpx.headers.get('content-disposition')).toContain('round-trip.gpx');
    const text = await gpx.text();

    const geojson = await json<{ features: { geometry: { type: string } }[] }>(await call(geojsonRoute.GET, 'ann', { params: { id: trip.id } }));
    expect(geojson.features.map((f) => f.geometry.type)).toEqual(['Point', 'Point', 'LineString']);

    const imported = await call(importRoute.POST, 'ann', { method: 'POST', body: text, path: '/api/trips/import' });
    expect(imported.status).toBe(201);
    const back = await json<TripView>(imported);
    expect(back.trip.name).toBe('Round trip');
    // The place comes back as the place (its closures and details follow it), the custom point as the point.
    expect(back.trip.stops.map((s) => [s.kind, s.placeId, s.name, s.note])).toEqual(trip.stops.map((s) => [s.kind, s.placeId, s.name, s.note]));
    expect([back.trip.stops[1].lon, back.trip.stops[1].lat]).toEqual([-106, 39.5]);
    // A place the Place API does not know (another installation's file) stays the point the file describes.
    const foreign = await json<TripView>(await call(importRoute.POST, 'ann', { method: 'POST', body: text.replace(`place ${placeIds[2]}`, 'place 987654321098'), path: '/api/trips/import' }));
    expect(foreign.trip.stops.map((s) => [s.kind, s.name])).toEqual([['custom', trip.stops[0].name], ['custom', 'Camp']]);

    const before = (await json<{ data: unknown[] }>(await call(tripsRoute.GET, 'ann'))).data.length;
    const malformed = await call(importRoute.POST, 'ann', { method: 'POST', body: '<gpx><wpt lat="1" lon="2"></gpx>', path: '/api/trips/import' });
    expect(malformed.status).toBe(400);
    expect((await json<{ error: { code: string; message: string } }>(malformed)).error).toMatchObject({ code: 'invalid_gpx', message: expect.stringMatching(/well-formed/) });
    expect((await json<{ data: unknown[] }>(await call(tripsRoute.GET, 'ann'))).data.length).toBe(before);
  });

  it('refuses a body over its limit with 413 before reading it whole, declared or streamed', async () => {
    const streamed = (bytes: number) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let sent = 0; sent < bytes; sent += 64 * 1024) controller.enqueue(new Uint8Array(64 * 1024).fill(32));
          controller.close();
        },
      });
    const post = (path: string, handler: typeof importRoute.POST, body: BodyInit, headers: Record<string, string> = {}) =>
      handler(
        new Request(`${origin}${path}`, { method: 'POST', headers: { origin, cookie: `next-auth.session-token=${cookies.ann}`, ...headers }, body, duplex: 'half' } as RequestInit),
        { params: Promise.resolve({}) as Promise<never> },
      );
    const before = (await json<{ data: unknown[] }>(await call(tripsRoute.GET, 'ann'))).data.length;
    for (const response of [
      await post('/api/trips/import', importRoute.POST, streamed(3 * 1024 * 1024)),
      await post('/api/trips/import', importRoute.POST, 'x', { 'content-length': String(600 * 1024 * 1024) }),
      await post('/api/trips', tripsRoute.POST, streamed(4 * 1024 * 1024), { 'content-type': 'application/json' }),
    ]) {
      expect(response.status).toBe(413);
      expect((await json<{ error: { code: string; message: string } }>(response)).error).toMatchObject({ code: 'payload_too_large', message: expect.stringMatching(/larger than [\d.]+ MB/) });
    }
    expect((await json<{ data: unknown[] }>(await call(tripsRoute.GET, 'ann'))).data.length).toBe(before);
  });
});

describe('a trip’s vehicle and a person’s default rig (issue 37)', () => {
  const rig = { preset: 'custom', label: 'Big Bertha', heightM: 3.7, widthM: 2.5, lengthM: 10.5, weightT: 9, carryingPropane: true, fuelLPer100Km: 27 };
  const errorOf = async (response: Response) => (await json<{ error: { code: string; message: string; parameter?: string } }>(response)).error;
  const getDefault = async (who: Who) => json<DefaultVehicleView>(await call(vehicleRoute.GET, who, { path: '/api/trips/vehicle' }));
  const putDefault = (who: Who, body: unknown, crossSite = false) => call(vehicleRoute.PUT, who, { method: 'PUT', body, path: '/api/trips/vehicle', crossSite });

  it('creates a trip with a preset, kept by its name, and shows its figures', async () => {
    const view = await createTrip('ann', { name: 'Big rig', vehicle: { preset: 'class-a' } });
    expect(view.trip.vehicle).toEqual({ preset: 'class-a' });
    expect(view.vehicle).toEqual(PRESET_VEHICLES['class-a']);
    const read = await json<TripView>(await call(tripRoute.GET, 'ann', { params: { id: view.trip.id } }));
    expect(read.vehicle).toEqual(PRESET_VEHICLES['class-a']);
  });

  it('drives a trip created without one, by someone with no default rig, as a car', async () => {
    expect(await getDefault('eve')).toEqual({ vehicle: { preset: 'car' }, resolved: PRESET_VEHICLES.car, chosen: false });
    const view = await createTrip('eve', { name: 'Just a car' });
    expect(view.trip.vehicle).toEqual({ preset: 'car' });
    expect(view.vehicle).toEqual(PRESET_VEHICLES.car);
  });

  it('keeps my default rig, and my new trips (made or imported) start with it unless they name their own', async () => {
    const saved = await putDefault('fay', { vehicle: rig });
    expect(saved.status).toBe(200);
    const expected = { vehicle: rig, resolved: rig, chosen: true };
    expect(await json(saved)).toEqual(expected);
    expect(await getDefault('fay')).toEqual(expected);

    const started = await createTrip('fay', { name: 'With my rig' });
    expect(started.trip.vehicle).toEqual(rig);
    expect(started.vehicle).toEqual(rig);
    const own = await createTrip('fay', { name: 'Borrowed van', vehicle: { preset: 'van' } });
    expect(own.vehicle).toEqual(PRESET_VEHICLES.van);
    const gpx = '<gpx version="1.1"><wpt lat="39.7" lon="-105"><name>Denver</name></wpt></gpx>';
    const imported = await call(importRoute.POST, 'fay', { method: 'POST', body: gpx, path: '/api/trips/import?name=Imported' });
    expect(imported.status).toBe(201);
    expect((await json<TripView>(imported)).trip.vehicle).toEqual(rig);

    // Mine only: another person's new trips still start with a car.
    expect((await getDefault('eve')).chosen).toBe(false);
    expect((await createTrip('eve', { name: 'Not Fay’s rig' })).trip.vehicle).toEqual({ preset: 'car' });

    // A new default is for new trips: those made before keep theirs.
    expect((await json<DefaultVehicleView>(await putDefault('fay', { vehicle: { preset: 'truck-camper' } }))).resolved).toEqual(PRESET_VEHICLES['truck-camper']);
    expect((await json<TripView>(await call(tripRoute.GET, 'fay', { params: { id: started.trip.id } }))).trip.vehicle).toEqual(rig);
  });

  it('changes a trip’s vehicle on the current version, and answers 409 on a stale one', async () => {
    const { trip } = await createTrip('ann', { name: 'Rig swap' });
    const params = { id: trip.id };
    const changed = await call(tripRoute.PATCH, 'ann', { method: 'PATCH', params, body: { version: 1, vehicle: rig } });
    expect(changed.status).toBe(200);
    const view = await json<TripView>(changed);
    expect(view.trip).toMatchObject({ version: 2, vehicle: rig });
    expect(view.vehicle).toEqual(rig);

    const stale = await call(tripRoute.PATCH, 'ann', { method: 'PATCH', params, body: { version: 1, vehicle: { preset: 'van' } } });
    expect(stale.status).toBe(409);
    expect((await json<{ trip: TripView }>(stale)).trip.trip).toMatchObject({ version: 2, vehicle: rig });

    const renamed = await json<TripView>(await call(tripRoute.PATCH, 'ann', { method: 'PATCH', params, body: { version: 2, name: 'Rig kept' } }));
    expect(renamed.trip).toMatchObject({ name: 'Rig kept', version: 3, vehicle: rig });
  });

  it.each([
    ['0 m high', { ...rig, heightM: 0 }, 'vehicle.heightM', 'Height must be at least 1 m'],
    ['30 m high', { ...rig, heightM: 30 }, 'vehicle.heightM', 'Height must be at most 4.9 m'],
    ['a negative width', { ...rig, widthM: -1 }, 'vehicle.widthM', 'Width must be at least 1 m'],
    ['a negative weight', { ...rig, weightT: -3 }, 'vehicle.weightT', 'Weight must be at least 0.5 t'],
    ['an unknown preset', { preset: 'spaceship' }, 'vehicle.preset', 'a vehicle preset is one of car, van, class-c, class-a, truck-camper, car-trailer, custom'],
  ])('refuses a vehicle with %s, on every route that takes one, with its sentence, and keeps what was saved', async (_label, vehicle, parameter, sentence) => {
    const { trip } = await createTrip('fay', { name: 'Untouched', vehicle: { preset: 'van' } });
    const before = await getDefault('fay');
    const responses = [
      await call(tripsRoute.POST, 'fay', { method: 'POST', body: { name: 'Refused', vehicle } }),
      await call(tripRoute.PATCH, 'fay', { method: 'PATCH', params: { id: trip.id }, body: { version: 1, vehicle } }),
      await putDefault('fay', { vehicle }),
    ];
    for (const response of responses) {
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toEqual({ code: 'invalid_parameter', message: `${parameter}: ${sentence}`, parameter });
    }
    expect((await json<TripView>(await call(tripRoute.GET, 'fay', { params: { id: trip.id } }))).trip).toMatchObject({ version: 1, vehicle: { preset: 'van' } });
    expect(await getDefault('fay')).toEqual(before);
  });

  it('refuses the default rig to visitors and cross-site writes, and a body that is not one', async () => {
    expect((await call(vehicleRoute.GET, null, { path: '/api/trips/vehicle' })).status).toBe(401);
    expect((await putDefault(null, { vehicle: { preset: 'van' } })).status).toBe(401);
    expect((await putDefault('eve', { vehicle: { preset: 'van' } }, true)).status).toBe(403);
    expect((await putDefault('eve', '{"vehicle":')).status).toBe(400);
    expect((await errorOf(await putDefault('eve', { preset: 'van' }))).parameter).toBe('vehicle');
    expect((await getDefault('eve')).chosen).toBe(false);
  });
});

describe('one person cannot spend the shared Place API client’s budget (issue 35, finding 4)', () => {
  const placeStops = (ids: number[]) => ids.map((placeId) => ({ kind: 'place', placeId }));
  let many: number[];
  let publicBudget: { points: number; spent: () => Promise<number> };

  beforeAll(async () => {
    const credentials = (await resolvePlacesCredentials({ headers: new Headers() }))!;
    const pages = await Promise.all(
      [0, 50, 100, 150].map((offset) => placesGet<SearchResponse>(`search?limit=50&locations=country%3AUS&offset=${offset}&sort=name`, credentials)),
    );
    many = pages.flatMap((p) => p.data.map((place) => place.id));
    expect(new Set(many).size).toBe(200);
    const rule = perMinuteRule('place-api', PUBLIC_ACCESS.rate_limit_per_minute!, app.config.placesRateBurstSeconds);
    const limiter = app.context.limits.limiter(rule);
    publicBudget = { points: rule.points, spent: async () => (await limiter.get(credentials.clientId))?.consumed ?? 0 };
  });

  it('looks up a trip’s 200 new places in two requests of the public client, not 200', async () => {
    const before = await publicBudget.spent();
    const view = await createTrip('dan', { name: 'Two hundred places', stops: placeStops(many) });
    expect(view.trip.stops).toHaveLength(200);
    expect(view.trip.stops.every((s) => s.kind === 'place' && s.name.length > 0)).toBe(true);
    expect((await publicBudget.spent()) - before).toBeLessThanOrEqual(2);

    // An edit that adds 100 new places (the old ones are kept as copied, not looked up): one request.
    const fewer = await createTrip('eve', { name: 'Half', stops: placeStops(many.slice(0, 100)) });
    const middle = await publicBudget.spent();
    const patched = await call(tripRoute.PATCH, 'eve', { method: 'PATCH', params: { id: fewer.trip.id }, body: { version: 1, stops: placeStops(many) } });
    expect(patched.status).toBe(200);
    expect((await publicBudget.spent()) - middle).toBeLessThanOrEqual(1);
  });

  it('refuses a burst of such changes for that person (429, Retry-After) long before the public client’s budget runs out, and others go on', async () => {
    const before = await publicBudget.spent();
    let refused: Response | null = null;
    let created = 0;
    // The budget is in places: this many 200-place trips at most (one was created by the test above).
    for (let i = 0; i <= TRIP_PLACE_LOOKUPS_PER_MINUTE / 200 && !refused; i++) {
      const response = await call(tripsRoute.POST, 'dan', { method: 'POST', body: { name: `Burst ${i}`, stops: placeStops(many) } });
      if (response.status === 429) refused = response;
      else {
        expect(response.status).toBe(201);
        created++;
      }
    }
    expect(refused).not.toBeNull();
    expect(created).toBe(TRIP_PLACE_LOOKUPS_PER_MINUTE / 200 - 1);
    const wait = Number(refused!.headers.get('retry-after'));
    expect(Number.isInteger(wait) && wait >= 1 && wait <= 60).toBe(true);
    const { error } = await json<{ error: { code: string; message: string } }>(refused!);
    expect(error).toEqual({ code: 'rate_limited', message: `Too many new places added in a short time: wait ${waitWords(wait)}, then try again.` });

    // The refused change cost the public client nothing, and all of Dan's burst a sliver of one window's budget.
    const spent = (await publicBudget.spent()) - before;
    expect(spent).toBeLessThanOrEqual(2 * created);
    expect(spent).toBeLessThan(publicBudget.points / 100);
    // Trips without new places are not counted, and another person still adds places.
    expect((await call(tripsRoute.POST, 'dan', { method: 'POST', body: { name: 'No places' } })).status).toBe(201);
    expect((await createTrip('bob', { name: 'Still works', stops: placeStops(many.slice(0, 3)) })).trip.stops).toHaveLength(3);
  });
});
