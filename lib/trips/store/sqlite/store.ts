import { openSqlite, type SqliteDb, type SqliteSchema } from '@/lib/db/sqlite/database';
import type { Trip, TripSummary } from '../../model';
import { vehicleFromColumn, vehicleToColumn, type TripVehicle } from '../../vehicle';
import { summaryFromRow, tripFromRow, type TripRow } from '../row';
import type { NewTrip, SharingChanges, TripChanges, TripStore, UpdateResult } from '../types';

const TRIPS = `
CREATE TABLE IF NOT EXISTS trips (
  id TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL,
  organization_id TEXT,
  name TEXT NOT NULL,
  version INTEGER NOT NULL,
  stops TEXT NOT NULL,
  stop_count INTEGER NOT NULL,
  share_token TEXT,
  share_token_hash TEXT UNIQUE,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS trips_owner ON trips (owner_id, updated_at);
CREATE INDEX IF NOT EXISTS trips_organization ON trips (organization_id, updated_at) WHERE organization_id IS NOT NULL;
`;

// A preset by its name alone, a custom rig with its figures (JSON); null on older trips, which read as a car.
const VEHICLE = `
ALTER TABLE trips ADD COLUMN vehicle TEXT;
CREATE TABLE trip_default_vehicles (
  owner_id TEXT PRIMARY KEY,
  vehicle TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
`;

/** The trips file's numbered migrations; owner-only, as every store of the data directory: trips name where people will be. */
export const TRIPS_SCHEMA: SqliteSchema = {
  name: 'trips',
  ownerOnly: true,
  migrations: [
    { name: 'trips', up: (db) => db.exec(TRIPS) },
    { name: 'trip_vehicle', up: (db) => db.exec(VEHICLE) },
  ],
};

const COLUMNS = 'id, owner_id, organization_id, name, version, stops, vehicle, share_token, created_at, updated_at';

/** Trips in one SQLite file of the data directory (WAL mode: readers never wait for the writer). */
export class SqliteTripStore implements TripStore {
  private constructor(
    private readonly db: SqliteDb,
    private readonly file: string,
    private readonly release: () => void,
  ) {}

  static open(file: string): SqliteTripStore {
    const { db, release } = openSqlite(file, TRIPS_SCHEMA);
    return new SqliteTripStore(db, file, release);
  }

  async create(trip: NewTrip): Promise<Trip> {
    this.db
      .prepare(
        `INSERT INTO trips (id, owner_id, organization_id, name, version, stops, stop_count, vehicle, created_at, updated_at)
         VALUES (?, ?, NULL, ?, 1, ?, ?, ?, ?, ?)`,
      )
      .run(trip.id, trip.ownerId, trip.name, JSON.stringify(trip.stops), trip.stops.length, vehicleToColumn(trip.vehicle), trip.now, trip.now);
    return (await this.get(trip.id))!;
  }

  async get(id: string): Promise<Trip | null> {
    const row = this.db.prepare(`SELECT ${COLUMNS} FROM trips WHERE id = ?`).get(id) as TripRow | undefined;
    return row ? tripFromRow(row) : null;
  }

  async listFor(userId: string, organizationIds: string[]): Promise<TripSummary[]> {
    const marks = organizationIds.map(() => '?').join(', ');
    const rows = this.db
      .prepare(
        `SELECT id, owner_id, organization_id, name, stop_count, updated_at FROM trips
         WHERE owner_id = ?${organizationIds.length ? ` OR organization_id IN (${marks})` : ''}
         ORDER BY updated_at DESC, id`,
      )
      .all(userId, ...organizationIds) as Parameters<typeof summaryFromRow>[0][];
    return rows.map(summaryFromRow);
  }

  async update(id: string, expectedVersion: number, changes: TripChanges, now: string): Promise<UpdateResult> {
    const stops = changes.stops ? JSON.stringify(changes.stops) : null;
    const { changes: count } = this.db
      .prepare(
        `UPDATE trips SET name = coalesce(?, name), stops = coalesce(?, stops), stop_count = coalesce(?, stop_count),
                vehicle = coalesce(?, vehicle), version = version + 1, updated_at = ?
         WHERE id = ? AND version = ?`,
      )
      .run(changes.name ?? null, stops, changes.stops?.length ?? null, vehicleToColumn(changes.vehicle), now, id, expectedVersion);
    const trip = await this.get(id);
    return count === 1 && trip ? { ok: true, trip } : { ok: false, current: trip };
  }

  async setSharing(id: string, changes: SharingChanges, now: string): Promise<Trip | null> {
    const sets: string[] = [];
    const values: unknown[] = [];
    if (changes.organizationId !== undefined) {
      sets.push('organization_id = ?');
      values.push(changes.organizationId);
    }
    if (changes.share !== undefined) {
      sets.push('share_token = ?', 'share_token_hash = ?');
      values.push(changes.share?.token ?? null, changes.share?.tokenHash ?? null);
    }
    this.db.prepare(`UPDATE trips SET ${[...sets, 'updated_at = ?'].join(', ')} WHERE id = ?`).run(...values, now, id);
    return this.get(id);
  }

  async delete(id: string): Promise<boolean> {
    return this.db.prepare('DELETE FROM trips WHERE id = ?').run(id).changes === 1;
  }

  async findByShareTokenHash(tokenHash: string): Promise<Trip | null> {
    const row = this.db.prepare(`SELECT ${COLUMNS} FROM trips WHERE share_token_hash = ?`).get(tokenHash) as TripRow | undefined;
    return row ? tripFromRow(row) : null;
  }

  async defaultVehicle(ownerId: string): Promise<TripVehicle | null> {
    const row = this.db.prepare('SELECT vehicle FROM trip_default_vehicles WHERE owner_id = ?').get(ownerId) as { vehicle: string } | undefined;
    return row ? vehicleFromColumn(row.vehicle) : null;
  }

  async setDefaultVehicle(ownerId: string, vehicle: TripVehicle, now: string): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO trip_default_vehicles (owner_id, vehicle, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (owner_id) DO UPDATE SET vehicle = excluded.vehicle, updated_at = excluded.updated_at`,
      )
      .run(ownerId, vehicleToColumn(vehicle), now);
  }

  async deleteDefaultVehicle(ownerId: string): Promise<boolean> {
    return this.db.prepare('DELETE FROM trip_default_vehicles WHERE owner_id = ?').run(ownerId).changes === 1;
  }

  describe(): string {
    return `SQLite ${this.file}`;
  }

  ready(): boolean {
    return this.db.open;
  }

  async close(): Promise<void> {
    this.release();
  }
}
