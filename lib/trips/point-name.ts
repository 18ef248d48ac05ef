import { localityOf } from '@/lib/explorer/locality';

/** How far from a picked point the nearest known place may be for the point to be named after its town. */
export const POINT_NAME_RADIUS_M = 25_000;

/**
 * The name proposed for a point picked on the map: "Near <town, region>" of the nearest place the Place API knows
 * within POINT_NAME_RADIUS_M (or "Near <that place>" when it has no town), which the traveler keeps or changes. Far
 * from any known place, nothing is proposed: the traveler names it (coordinates are no name).
 */
export function proposedPointName(nearest: { name: string; locations?: { city?: string | null; state?: string | null; country?: string | null }[] } | null | undefined): string | null {
  if (!nearest) return null;
  const where = localityOf(nearest.locations?.[0]) || nearest.name.trim();
  return where ? `Near ${where}` : null;
}
