import type { PgCluster } from '@/lib/db/postgres/cluster';
import { openDatabase, type DatabaseOptions } from '@/lib/db/postgres/database';
import type { Trip, TripSummary } from '../../model';
import { vehicleFromColumn, vehicleToColumn, type TripVehicle } from '../../vehicle';
import { summaryFromRow, tripFromRow, type TripRow } from '../row';
import type { NewTrip, SharingChanges, TripChanges, TripStore, UpdateResult } from '../types';

// Timestamps as ISO strings and the stops and vehicle as JSON text, the shape the SQLite store reads too.
const COLUMNS = `id, owner_id, organization_id, name, version, stops::text AS stops, vehicle::text AS vehicle, share_token,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at`;

/**
 * Trips in PostgreSQL (migrations 0006 and 0015), on the primary only: a traveler saves and reads back at once, and a replica
 * a moment behind would answer an older version and turn the next save into a needless conflict.
 */
export class PostgresTripStore implements TripStore {
  private constructor(
    private readonly cluster: PgCluster,
    private readonly release: () => Promise<void>,
  ) {}

  static async open(options: DatabaseOptions): Promise<PostgresTripStore> {
    const { cluster, release } = await openDatabase(options);
    return new PostgresTripStore(cluster, release);
  }

  private async one(sql: string, values: unknown[]): Promise<Trip | null> {
    const { rows } = await this.cluster.readPrimary((db) => db.query<TripRow>(sql, values));
    return rows[0] ? tripFromRow(rows[0]) : null;
  }

  async create(trip: NewTrip): Promise<Trip> {
    await this.cluster.transaction((db) =>
      db.query(
        `INSERT INTO trips (id, owner_id, organization_id, name, version, stops, stop_count, vehicle, created_at, updated_at)
         VALUES ($1, $2, NULL, $3, 1, $4::jsonb, $5, $6::jsonb, $7, $7)`,
        [trip.id, trip.ownerId, trip.name, JSON.stringify(trip.stops), trip.stops.length, vehicleToColumn(trip.vehicle), trip.now],
      ),
    );
    return (await this.get(trip.id))!;
  }

  get(id: string): Promise<Trip | null> {
    return this.one(`SELECT ${COLUMNS} FROM trips WHERE id = $1`, [id]);
  }

  async listFor(userId: string, organizationIds: string[]): Promise<TripSummary[]> {
    const { rows } = await this.cluster.readPrimary((db) =>
      db.query(
        `SELECT id, owner_id, organization_id, name, stop_count,
                to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at
         FROM trips WHERE owner_id = $1 OR organization_id = ANY($2::text[])
         ORDER BY updated_at DESC, id`,
        [userId, organizationIds],
      ),
    );
    return rows.map(summaryFromRow);
  }

  async update(id: string, expectedVersion: number, changes: TripChanges, now: string): Promise<UpdateResult> {
    const { rows } = await this.cluster.transaction((db) =>
      db.query<TripRow>(
        `UPDATE trips SET name = coalesce($1, name), stops = coalesce($2::jsonb, stops), stop_count = coalesce($3, stop_count),
                vehicle = coalesce($7::jsonb, vehicle), version = version + 1, updated_at = $4
         WHERE id = $5 AND version = $6 RETURNING ${COLUMNS}`,
        [
          changes.name ?? null,
          changes.stops ? JSON.stringify(changes.stops) : null,
          changes.stops?.length ?? null,
          now,
          id,
          expectedVersion,
          vehicleToColumn(changes.vehicle),
        ],
      ),
    );
    if (rows[0]) return { ok: true, trip: tripFromRow(rows[0]) };
    return { ok: false, current: await this.get(id) };
  }

  async setSharing(id: string, changes: SharingChanges, now: string): Promise<Trip | null> {
    const { rows } = await this.cluster.transaction((db) =>
      db.query<TripRow>(
        `UPDATE trips SET
           organization_id = CASE WHEN $1 THEN $2 ELSE organization_id END,
           share_token = CASE WHEN $3 THEN $4 ELSE share_token END,
           share_token_hash = CASE WHEN $3 THEN $5 ELSE share_token_hash END,
           updated_at = $6
         WHERE id = $7 RETURNING ${COLUMNS}`,
        [
          changes.organizationId !== undefined,
          changes.organizationId ?? null,
          changes.share !== undefined,
          changes.share?.token ?? null,
          changes.share?.tokenHash ?? null,
          now,
          id,
        ],
      ),
    );
    return rows[0] ? tripFromRow(rows[0]) : null;
  }

  async delete(id: string): Promise<boolean> {
    const { rowCount } = await this.cluster.transaction((db) => db.query('DELETE FROM trips WHERE id = $1', [id]));
    return rowCount === 1;
  }

  findByShareTokenHash(tokenHash: string): Promise<Trip | null> {
    return this.one(`SELECT ${COLUMNS} FROM trips WHERE share_token_hash = $1`, [tokenHash]);
  }

  async defaultVehicle(ownerId: string): Promise<TripVehicle | null> {
    const { rows } = await this.cluster.readPrimary((db) =>
      db.query<{ vehicle: string }>('SELECT vehicle::text AS vehicle FROM trip_default_vehicles WHERE owner_id = $1', [ownerId]),
    );
    return rows[0] ? vehicleFromColumn(rows[0].vehicle) : null;
  }

  async setDefaultVehicle(ownerId: string, vehicle: TripVehicle, now: string): Promise<void> {
    await this.cluster.transaction((db) =>
      db.query(
        `INSERT INTO trip_default_vehicles (owner_id, vehicle, updated_at) VALUES ($1, $2::jsonb, $3)
         ON CONFLICT (owner_id) DO UPDATE SET vehicle = excluded.vehicle, updated_at = excluded.updated_at`,
        [ownerId, vehicleToColumn(vehicle), now],
      ),
    );
  }

  async deleteDefaultVehicle(ownerId: string): Promise<boolean> {
    const { rowCount } = await this.cluster.transaction((db) => db.query('DELETE FROM trip_default_vehicles WHERE owner_id = $1', [ownerId]));
    return rowCount === 1;
  }

  describe(): string {
    return `PostgreSQL ${this.cluster.primaryLabel}`;
  }

  ready(): boolean {
    return this.cluster.health().primary === true;
  }

  close(): Promise<void> {
    return this.release();
  }
}
