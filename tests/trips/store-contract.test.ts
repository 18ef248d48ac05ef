// One contract for every trip store: the same steps against SQLite and PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TripStop } from '@/lib/trips/model';
import { PostgresTripStore } from '@/lib/trips/store/postgres/store';
import { SqliteTripStore } from '@/lib/trips/store/sqlite/store';
import type { TripStore } from '@/lib/trips/store/types';
import type { TripVehicle } from '@/lib/trips/vehicle';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

const stop = (id: string, lon: number, lat: number): TripStop => ({
  id,
  kind: 'custom',
  placeId: null,
  name: `Stop ${id}`,
  lon,
  lat,
  arrivalDate: null,
  nights: 0,
  note: '',
});

const rig: TripVehicle = { preset: 'custom', label: 'Big Bertha', heightM: 3.7, widthM: 2.5, lengthM: 10.5, weightT: 9.25, carryingPropane: true, fuelLPer100Km: 27 };

let dir: string;
let database: TestDatabase;
const engines: { name: string; store: TripStore }[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trips-contract-'));
  database = await createTestDatabase('trips');
  engines.push(
    { name: 'sqlite', store: SqliteTripStore.open(path.join(dir, 'trips.sqlite')) },
    { name: 'postgres', store: await PostgresTripStore.open({ primaryUrl: database.url, poolSize: 2 }) },
  );
});

afterAll(async () => {
  for (const e of engines) await e.store.close();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.each(['sqlite', 'postgres'])('trip store on %s', (name) => {
  const store = () => engines.find((e) => e.name === name)!.store;
  const now = (minute: number) => `2026-05-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

  it('creates a trip at version 1 and reads it back whole', async () => {
    const created = await store().create({ id: `a-${name}`, ownerId: 'ann', name: 'Coast', stops: [stop('s1', -122.4, 37.8)], now: now(0) });
    expect(created).toEqual({
      id: `a-${name}`,
      ownerId: 'ann',
      organizationId: null,
      name: 'Coast',
      stops: [stop('s1', -122.4, 37.8)],
      vehicle: { preset: 'car' },
      version: 1,
      shareToken: null,
      createdAt: now(0),
      updatedAt: now(0),
    });
    expect(await store().get(`a-${name}`)).toEqual(created);
    expect(await store().get('missing')).toBeNull();
  });

  it('saves a change only on the version it was made on', async () => {
    const id = `b-${name}`;
    await store().create({ id, ownerId: 'ann', name: 'Desert', stops: [], now: now(1) });
    const saved = await store().update(id, 1, { name: 'Desert loop', stops: [stop('s1', 10, 10), stop('s2', 11, 11)] }, now(2));
    expect(saved.ok && saved.trip).toMatchObject({ name: 'Desert loop', version: 2, updatedAt: now(2) });
    expect(saved.ok && saved.trip.stops.map((s) => s.id)).toEqual(['s1', 's2']);

    const stale = await store().update(id, 1, { name: 'Overwritten' }, now(3));
    expect(stale.ok).toBe(false);
    expect(!stale.ok && stale.current).toMatchObject({ name: 'Desert loop', version: 2 });

    const onlyStops = await store().update(id, 2, { stops: [stop('s2', 11, 11)] }, now(4));
    expect(onlyStops.ok && onlyStops.trip).toMatchObject({ name: 'Desert loop', version: 3 });
    expect(await store().update('missing', 1, { name: 'x' }, now(4))).toEqual({ ok: false, current: null });
  });

  it('lists what the user owns and what their organizations share, newest change first', async () => {
    await store().create({ id: `c1-${name}`, ownerId: 'cat', name: 'Mine', stops: [stop('s1', 1, 1)], now: now(5) });
    await store().create({ id: `c2-${name}`, ownerId: 'dan', name: 'Shared', stops: [], now: now(6) });
    await store().create({ id: `c3-${name}`, ownerId: 'dan', name: 'Private', stops: [], now: now(7) });
    await store().setSharing(`c2-${name}`, { organizationId: 'org-1' }, now(8));
    const list = await store().listFor('cat', ['org-1', 'org-2']);
    expect(list.map((t) => t.name)).toEqual(['Shared', 'Mine']);
    expect(list[1]).toEqual({ id: `c1-${name}`, name: 'Mine', ownerId: 'cat', organizationId: null, stopCount: 1, updatedAt: now(5) });
    expect((await store().listFor('cat', [])).map((t) => t.name)).toEqual(['Mine']);
  });

  it('finds a shared trip by its token hash until the link is revoked; sharing does not change the version', async () => {
    const id = `d-${name}`;
    await store().create({ id, ownerId: 'eve', name: 'Lakes', stops: [], now: now(9) });
    const shared = await store().setSharing(id, { share: { token: 'tok', tokenHash: `hash-${name}` } }, now(10));
    expect(shared).toMatchObject({ shareToken: 'tok', version: 1 });
    expect((await store().findByShareTokenHash(`hash-${name}`))?.id).toBe(id);
    await store().setSharing(id, { share: null }, now(11));
    expect(await store().findByShareTokenHash(`hash-${name}`)).toBeNull();
    expect((await store().get(id))?.shareToken).toBeNull();
    expect(await store().setSharing('missing', { share: null }, now(11))).toBeNull();
  });

  it('deletes a trip once', async () => {
    const id = `e-${name}`;
    await store().create({ id, ownerId: 'eve', name: 'Gone', stops: [], now: now(12) });
    expect(await store().delete(id)).toBe(true);
    expect(await store().delete(id)).toBe(false);
    expect(await store().get(id)).toBeNull();
  });

  it('keeps 200 stops in order', async () => {
    const id = `f-${name}`;
    const stops = Array.from({ length: 200 }, (_, i) => stop(`s${i}`, -179 + i * 1.7, -80 + i * 0.8));
    await store().create({ id, ownerId: 'fay', name: 'Long', stops, now: now(13) });
    expect((await store().get(id))?.stops).toEqual(stops);
  });

  it('keeps a trip’s vehicle: a preset by its name, a custom rig whole; none reads as a car', async () => {
    await store().create({ id: `g1-${name}`, ownerId: 'gus', name: 'Old trip', stops: [], now: now(14) });
    expect((await store().get(`g1-${name}`))?.vehicle).toEqual({ preset: 'car' });
    await store().create({ id: `g2-${name}`, ownerId: 'gus', name: 'Big rig', stops: [], vehicle: { preset: 'class-a' }, now: now(14) });
    expect((await store().get(`g2-${name}`))?.vehicle).toEqual({ preset: 'class-a' });
    await store().create({ id: `g3-${name}`, ownerId: 'gus', name: 'Own rig', stops: [], vehicle: rig, now: now(14) });
    expect((await store().get(`g3-${name}`))?.vehicle).toEqual(rig);
  });

  it('changes a trip’s vehicle only on the version it was made on, and keeps it through other changes', async () => {
    const id = `h-${name}`;
    await store().create({ id, ownerId: 'gus', name: 'Rig change', stops: [], now: now(15) });
    const saved = await store().update(id, 1, { vehicle: rig }, now(16));
    expect(saved.ok && saved.trip).toMatchObject({ vehicle: rig, version: 2 });
    const stale = await store().update(id, 1, { vehicle: { preset: 'van' } }, now(17));
    expect(!stale.ok && stale.current).toMatchObject({ vehicle: rig, version: 2 });
    const renamed = await store().update(id, 2, { name: 'Renamed', stops: [stop('s1', 1, 1)] }, now(18));
    expect(renamed.ok && renamed.trip).toMatchObject({ name: 'Renamed', vehicle: rig, version: 3 });
    const preset = await store().update(id, 3, { vehicle: { preset: 'truck-camper' } }, now(19));
    expect(preset.ok && preset.trip.vehicle).toEqual({ preset: 'truck-camper' });
  });

  it('keeps one default rig per person, replaced whole, until it is deleted', async () => {
    const owner = `ivy-${name}`;
    expect(await store().defaultVehicle(owner)).toBeNull();
    await store().setDefaultVehicle(owner, { preset: 'class-c' }, now(20));
    expect(await store().defaultVehicle(owner)).toEqual({ preset: 'class-c' });
    await store().setDefaultVehicle(owner, rig, now(21));
    expect(await store().defaultVehicle(owner)).toEqual(rig);
    expect(await store().defaultVehicle(`someone-else-${name}`)).toBeNull();
    expect(await store().deleteDefaultVehicle(owner)).toBe(true);
    expect(await store().deleteDefaultVehicle(owner)).toBe(false);
    expect(await store().defaultVehicle(owner)).toBeNull();
  });
});
