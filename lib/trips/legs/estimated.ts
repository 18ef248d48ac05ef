import type { Leg } from './types';

/** How much of a road-routed trip is a straight-line guess: the legs no road of the network joins. */
export function estimatedInStraightLines(legs: readonly Leg[]): number {
  return legs.reduce((sum, leg) => (leg.measure?.by === 'straight-line' ? sum + leg.distanceMeters : sum), 0);
}
