import type { LonLat } from '@/lib/roads/edge';
import { PostgresPreparedShelf } from '@/lib/roads/router/ch/postgres-shelf';
import { GraphRouter } from '@/lib/roads/router/graph-router';
import type { RouteAnswer } from '@/lib/roads/router/types';
import type { PostgresRoadStore } from '@/lib/roads/store/postgres/store';
import type { Vehicle } from '@/lib/roads/vehicle';
import { MiB, type Row, sameCosts, timed, watched } from './routing-timing';

/**
 * The scaled-out shape's router on the network already imported into PostgreSQL, on the same pairs as the embedded
 * rows: a first instance builds the graph and contracts the hierarchy and keeps both in the database, then a second one
 * starts as every later instance does (the prepared graph and the hierarchy read from the database: the time, the
 * event loop's longest hold and longest collection) and routes each vehicle.
 */
export async function benchScaledOut(store: PostgresRoadStore, pairs: [LonLat, LonLat][], warmup: number, vehicles: [string, Vehicle, RouteAnswer[]][]): Promise<Row[]> {
  const shelf = new PostgresPreparedShelf(store);
  const started = performance.now();
  const first = new GraphRouter(store, { hierarchyShelf: shelf });
  if (!(await first.hierarchyReady())) throw new Error('the first instance did not prepare the hierarchy');
  const preparedS = (performance.now() - started) / 1000;
  await first.close();
  const network = (await store.current())!;
  const bytes = (await shelf.keptBytes(network.id)) ?? 0;

  const router = new GraphRouter(store, { hierarchyShelf: shelf });
  const start = await watched(async () => {
    await router.warm();
    if ((await router.graphSource()) !== 'read') throw new Error('the second instance did not read the prepared graph');
    if (!(await router.hierarchyReady())) throw new Error('the second instance did not read the hierarchy');
  });
  const rows: Row[] = [];
  for (const [name, vehicle, reference] of vehicles) {
    const run = await timed(pairs, warmup, (from, to) => router.route(from, to, vehicle));
    rows.push({
      name: `PostgreSQL: each instance's hierarchy, ${name}`,
      times: run.times,
      note:
        (rows.length
          ? ''
          : `an instance's start: the prepared graph and the hierarchy (${MiB(bytes)}) read from PostgreSQL, ${start.seconds.toFixed(1)} s; ` +
            `event loop held ${start.heldMs.toFixed(0)} ms at most, its longest collection ${start.longestGcMs.toFixed(0)} ms; prepared by the first instance in ${preparedS.toFixed(1)} s; `) +
        `same cost as embedded: ${sameCosts(run.answers, reference)}/${pairs.length}`,
    });
  }
  await router.close();
  return rows;
}
