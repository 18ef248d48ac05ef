// How long a PostgreSQL instance's event loop is held while it reads its caches again after a write (issue 17,
// finding 1: one client must never stall the others): the count keys a search walks and the copy of the place
// columns. Timed with a 5 ms ticker (its longest gap between two ticks); beside it, the work the load did on the event loop before 26 November 2026 (text
// arrays parsed by node-postgres, the copy sorted and reordered in JavaScript), timed alone on the same data.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { COUNT_ALL, FINE_KEY } from '@/lib/places/store/count-keys';
import { PostgresPlaceStore } from '@/lib/places/store/postgres/store';
import { orderByKey } from '@/lib/places/store/rank';

const RELOADS = 3;
const fmt = (ms: number) => ms.toFixed(1).padStart(9);

/** The longest gap between ticks of a 5 ms timer while `work` runs, and the event loop's p99 delay. */
async function heldWhile(work: () => Promise<void>): Promise<{ longest: number; p99: number; ms: number }> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  let longest = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  delay.enable();
  const start = performance.now();
  await work();
  const ms = performance.now() - start;
  clearInterval(ticker);
  delay.disable();
  return { longest, p99: delay.percentile(99) / 1e6, ms };
}

/** What the load did on the event loop before: the text arrays of the two largest count keys, then the sort and reorder. */
async function formerWork(url: string): Promise<{ parse: number; reorder: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const parseArray = pg.types.getTypeParser(1007 as never, 'text') as (text: string) => unknown;
    let parse = 0;
    for (const key of [COUNT_ALL, COUNT_ALL + FINE_KEY]) {
      const { rows } = await client.query<{ cells: string; counts: string }>(
        'SELECT array_agg(cell ORDER BY cell)::text AS cells, array_agg(n ORDER BY cell)::text AS counts FROM cell_counts WHERE key = $1',
        [key],
      );
      const start = performance.now();
      Int32Array.from(parseArray(rows[0].cells) as number[]);
      Int32Array.from(parseArray(rows[0].counts) as number[]);
      parse += performance.now() - start;
    }
    const { rows } = await client.query<{ cell: number }>({ text: 'SELECT fine_cell AS cell FROM places ORDER BY name_key, id', rowMode: 'array' } as never);
    const cells = Int32Array.from(rows as unknown as number[][], (r) => r[0]);
    const columns = Array.from({ length: 17 }, () => new Float64Array(cells.length));
    const start = performance.now();
    const order = orderByKey(cells);
    for (const column of columns) {
      const out = new Float64Array(column.length);
      for (let k = 0; k < order.length; k++) out[k] = column[order[k]];
    }
    return { parse, reorder: performance.now() - start };
  } finally {
    await client.end();
  }
}

export async function benchReloadStalls(url: string): Promise<void> {
  const store = await PostgresPlaceStore.open({ primaryUrl: url, replicaUrls: [], maxReplicaLagMs: 5000, poolSize: 2 });
  try {
    await store.warm();
    const runs: { longest: number; p99: number; ms: number }[] = [];
    for (let i = 0; i < RELOADS; i++) {
      // What a write announces: a newer data version, after which the counts and the copy are read again.
      await store.cluster.primary.query("UPDATE places_meta SET value = (value::bigint + 1)::text WHERE key = 'version'");
      await new Promise((r) => setTimeout(r, 6000));
      runs.push(await heldWhile(() => store.warm()));
    }
    const former = await formerWork(url);
    process.stdout.write(
      `\n${'PostgreSQL reload after a write'.padEnd(34)} ${'longest gap ms'.padStart(15)} ${'p99 delay ms'.padStart(13)} ${'load s'.padStart(7)} | before: parse ms, sort+reorder ms (held at once, on the same data)\n`,
    );
    for (const [i, r] of runs.entries()) {
      process.stdout.write(
        `${`reload ${i + 1}`.padEnd(34)} ${fmt(r.longest).padStart(15)} ${fmt(r.p99).padStart(13)} ${(r.ms / 1000).toFixed(1).padStart(7)} | ${i === 0 ? `${fmt(former.parse)} ${fmt(former.reorder)}` : ''}\n`,
      );
    }
  } finally {
    await store.close();
  }
}
