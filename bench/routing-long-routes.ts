// The long pairs' routes of an instance started by bench/routing-grid.ts (bench/routing-start.ts,
// bench/routing-kept-start.ts): for a car and a class A rig, timed, with what they drove.
import type { LonLat } from '@/lib/roads/edge';
import type { GraphRouter } from '@/lib/roads/router/graph-router';
import type { RouteAnswer } from '@/lib/roads/router/types';
import { PRESET_VEHICLES } from '@/lib/roads/vehicle';
import { type Row, sameCosts, timed } from './routing-timing';

/** The vehicles the long routes are timed for, by the names the rows give them. */
export const VEHICLES = [
  ['car', PRESET_VEHICLES.car],
  ['class A rig', PRESET_VEHICLES['class-a']],
] as const;

/** Each pair routed once per vehicle (after one warm-up route), beside `baseline`'s costs when given. */
export async function routeAll(router: GraphRouter, pairs: [LonLat, LonLat][], engine: string, baseline?: RouteAnswer[][]) {
  const rows: Row[] = [];
  const answers: RouteAnswer[][] = [];
  for (const [i, [name, vehicle]] of VEHICLES.entries()) {
    const run = await timed(pairs, 1, (from, to) => router.route(from, to, vehicle));
    const km = run.answers.flatMap((a) => (a.kind === 'route' ? [a.distance_m / 1000] : []));
    const around = run.answers.filter((a) => a.kind === 'route' && a.restrictionsAvoided.length).length;
    const same = baseline ? `; same cost as the landmarks: ${sameCosts(run.answers, baseline[i])}/${pairs.length}` : '';
    rows.push({ name: `${engine}, ${name}`, times: run.times, note: `${km.length} routes, ${Math.round(Math.min(...km))} to ${Math.round(Math.max(...km))} km by road; ${around} went around a limit${same}` });
    answers.push(run.answers);
  }
  return { rows, answers };
}
