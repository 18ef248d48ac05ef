import { greatCircleRouter } from './great-circle';
import type { LegRouter } from './types';

export const DEFAULT_AVERAGE_SPEED_KMH = 80;

/**
 * The router the trip pages use. TRIPS_AVERAGE_SPEED_KMH is validated at start-up (lib/config/env.ts) and read here,
 * where Next's bundles run; a road router would be chosen here too, from its own setting.
 */
export function legRouter(env: Record<string, string | undefined> = process.env): LegRouter {
  const speed = Number(env.TRIPS_AVERAGE_SPEED_KMH);
  return greatCircleRouter(Number.isFinite(speed) && speed > 0 ? speed : DEFAULT_AVERAGE_SPEED_KMH);
}
