import type { Closure } from '../place-schema';
import { addDays } from '../status';
import { CLOSURE_REASONS } from './kinds';
import { chance, int, pick, type Rng } from './prng';

/** Pattern 0: a closure in the past; 1: one under way today; 2: one to come; 3: all three. */
function closuresOfPattern(rng: Rng, id: number, today: string, pattern: number): Closure[] {
  const reason = () => pick(rng, CLOSURE_REASONS);
  const closures: Closure[] = [];
  if (pattern === 0 || pattern === 3) {
    const start = addDays(today, -int(rng, 120, 400));
    closures.push({ id: id * 10 + 1, start_date: start, end_date: addDays(start, int(rng, 3, 30)), reason: reason() });
  }
  if (pattern === 1 || pattern === 3) {
    const start = addDays(today, -int(rng, 0, 10));
    closures.push({ id: id * 10 + 2, start_date: start, end_date: addDays(today, int(rng, 1, 21)), reason: reason() });
  }
  if (pattern === 2 || pattern === 3) {
    const start = addDays(today, int(rng, 30, 180));
    closures.push({ id: id * 10 + 3, start_date: start, end_date: addDays(start, int(rng, 1, 14)), reason: reason() });
  }
  return closures;
}

/** Temporary closures around `today`: the showcase places take the four patterns in turn, others rarely have any. */
export function closuresFor(rng: Rng, place: { index: number; id: number; showcase: boolean }, today: string): Closure[] {
  const pattern = place.showcase ? Math.floor(place.index / 10) % 4 : chance(rng, 0.08) ? int(rng, 0, 3) : -1;
  return pattern >= 0 ? closuresOfPattern(rng, place.id, today, pattern) : [];
}
