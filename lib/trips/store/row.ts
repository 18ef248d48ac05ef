import type { Trip, TripStop, TripSummary } from '../model';
import { vehicleFromColumn } from '../vehicle';

/** A trip as both engines keep it: its columns, with the stops and the vehicle each one JSON document (always replaced whole). */
export interface TripRow {
  id: string;
  owner_id: string;
  organization_id: string | null;
  name: string;
  version: number;
  stops: string;
  vehicle: string | null;
  share_token: string | null;
  created_at: string;
  updated_at: string;
}

export function tripFromRow(row: TripRow): Trip {
  return {
    id: row.id,
    ownerId: row.owner_id,
    organizationId: row.organization_id,
    name: row.name,
    stops: JSON.parse(row.stops) as TripStop[],
    vehicle: vehicleFromColumn(row.vehicle),
    version: Number(row.version),
    shareToken: row.share_token,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function summaryFromRow(row: Omit<TripRow, 'stops' | 'vehicle' | 'share_token' | 'version' | 'created_at'> & { stop_count: number }): TripSummary {
  return {
    id: row.id,
    name: row.name,
    ownerId: row.owner_id,
    organizationId: row.organization_id,
    stopCount: Number(row.stop_count),
    updatedAt: row.updated_at,
  };
}
