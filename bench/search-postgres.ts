import { PerformanceObserver } from 'node:perf_hooks';
import pg from 'pg';
import { maskOf } from '@/lib/places/catalog';
import { tagBits } from '@/lib/places/store/place-columns';
import { PostgresPlaceStore } from '@/lib/places/store/postgres/store';
import type { PlaceStore, SearchQuery } from '@/lib/places/store/types';

type Center = { lon: number; lat: number };
type QueryClass = [string, (c: Center) => SearchQuery];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (ms: number) => ms.toFixed(2).padStart(8);

/**
 * The same search written by hand in plain PostGIS, as a team would: ST_DWithin on geography for the area, count(*)
 * for the exact total, and the geography KNN operator for the ten nearest.
 */
async function plainPostgis(db: pg.Client, q: SearchQuery): Promise<{ total: number; ids: number[] }> {
  if (q.route) return plainPostgisRoute(db, q);
  const params: unknown[] = [q.center!.lon, q.center!.lat, q.radius ?? 0];
  // A name alone searches the whole dataset: no area condition, the center typed for the count query all the same.
  const where = q.radius === undefined ? ['$1::float8 IS NOT NULL AND $2::float8 IS NOT NULL AND $3::float8 = 0'] : ['ST_DWithin(geom::geography, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, $3)'];
  if (q.tags.include.length) where.push(`(tags & ${maskOf(q.tags.include, tagBits)}) <> 0`);
  if (q.box) {
    params.push(q.box.west, q.box.south, q.box.east, q.box.north);
    where.push('geom && ST_MakeEnvelope($4, $5, $6, $7, 4326)');
  }
  if (q.name) where.push(`names @@ to_tsquery('simple', '${q.name.split(' ').map((w) => `${w}:*`).join(' & ')}')`);
  if (q.rv?.rental) where.push('rv = 1 AND (rv_flags & 1) <> 0');
  const conditions = where.join(' AND ');
  const total = await db.query<{ n: number }>(`SELECT count(*) AS n FROM places WHERE ${conditions}`, params);
  const top = await db.query<{ id: number }>(
    `SELECT id FROM places WHERE ${conditions} ORDER BY geom::geography <-> ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, id LIMIT 10`,
    params,
  );
  return { total: Number(total.rows[0].n), ids: top.rows.map((r) => Number(r.id)) };
}

/**
 * Along a route, as a team would write it: ST_DWithin between the place and the route's geography for the area and
 * count(*), and the route's ST_LineLocatePoint (on the plane of longitudes and latitudes) for the order.
 */
async function plainPostgisRoute(db: pg.Client, q: SearchQuery): Promise<{ total: number; ids: number[] }> {
  const line = `LINESTRING(${q.route!.points.map((p) => `${p.lon} ${p.lat}`).join(', ')})`;
  const params = [line, q.route!.buffer];
  const where = 'ST_DWithin(geom::geography, ST_GeogFromText($1), $2)';
  const total = await db.query<{ n: number }>(`SELECT count(*) AS n FROM places WHERE ${where}`, params);
  const top = await db.query<{ id: number }>(
    `SELECT id FROM places WHERE ${where} ORDER BY ST_LineLocatePoint(ST_GeomFromText($1, 4326), geom), ST_Distance(geom::geography, ST_GeogFromText($1)), id LIMIT 10`,
    params,
  );
  return { total: Number(total.rows[0].n), ids: top.rows.map((r) => Number(r.id)) };
}

/** A locations search as a team would write it: any location matches (and ST_DWithin of a route), count(*) for the total, ORDER BY and OFFSET. */
async function plainLocations(db: pg.Client, q: SearchQuery): Promise<{ total: number; ids: number[] }> {
  const locations = q.locations!;
  const params: unknown[] = [
    locations.flatMap((l) => (l.kind === 'country' ? [l.code] : [])),
    locations.flatMap((l) => (l.kind === 'state' ? [l.code] : [])),
    locations.flatMap((l) => (l.kind === 'region' ? [l.id] : [])),
  ];
  const where = ['(country = ANY($1::text[]) OR state = ANY($2::text[]) OR id IN (SELECT place_id FROM place_regions WHERE region_id = ANY($3::bigint[])))'];
  if (q.tags.include.length) where.push(`(tags & ${maskOf(q.tags.include, tagBits)}) <> 0`);
  if (q.route) {
    params.push(`LINESTRING(${q.route.points.map((p) => `${p.lon} ${p.lat}`).join(', ')})`, q.route.buffer);
    where.push('ST_DWithin(geom::geography, ST_GeogFromText($4), $5)');
  }
  const conditions = where.join(' AND ');
  const total = await db.query<{ n: number }>(`SELECT count(*) AS n FROM places WHERE ${conditions}`, params);
  const order = {
    distance: `geom::geography <-> ST_SetSRID(ST_MakePoint($${params.length + 1}, $${params.length + 2}), 4326)::geography, id`,
    relevance: 'relevance DESC, id', rating: 'rating DESC, rating_count DESC, id', name: 'name_key, id',
    route: 'ST_LineLocatePoint(ST_GeomFromText($4, 4326), geom), id',
  }[q.sort];
  const top = await db.query<{ id: number }>(
    `SELECT id FROM places WHERE ${conditions} ORDER BY ${order} LIMIT 10 OFFSET ${q.offset}`,
    q.sort === 'distance' ? [...params, q.center!.lon, q.center!.lat] : params,
  );
  return { total: Number(total.rows[0].n), ids: top.rows.map((r) => Number(r.id)) };
}

/** This process's garbage-collection pauses (start, end; performance.now() time), to tell them in a slow query. */
const gcPauses: [number, number][] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcPauses.push([e.startTime, e.startTime + e.duration]);
}).observe({ entryTypes: ['gc'] });
const gcWithin = ([from, to]: [number, number]) => gcPauses.reduce((t, [s, e]) => t + Math.max(0, Math.min(e, to) - Math.max(s, from)), 0);

/**
 * Times of a class, a 503 (the search deadline) counted and timed as any answer, and how much of the slowest query
 * (the p99 of 100) was the garbage collector pausing this process.
 */
async function timeRefusals(runs: Center[], make: (c: Center) => SearchQuery, fn: (q: SearchQuery) => Promise<unknown>): Promise<{ times: number[]; refused: number; slowestGc: number }> {
  let refused = 0;
  let slowest: [number, number] = [0, 0];
  const times: number[] = [];
  for (const c of runs) {
    const start = performance.now();
    await fn(make(c)).catch((err: unknown) => {
      if ((err as { status?: number }).status !== 503) throw err;
      refused++;
    });
    const end = performance.now();
    times.push(end - start);
    if (end - start > slowest[1] - slowest[0]) slowest = [start, end];
  }
  await new Promise((resolve) => setTimeout(resolve, 10)); // the observer's entries arrive in a later task
  return { times: times.sort((a, b) => a - b), refused, slowestGc: gcWithin(slowest) };
}

async function time<T>(runs: Center[], make: (c: Center) => SearchQuery, fn: (q: SearchQuery) => Promise<T>): Promise<number[]> {
  const times: number[] = [];
  for (const c of runs) {
    const start = performance.now();
    await fn(make(c));
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

/** Times every class on SQLite, on the PostgreSQL store and in plain PostGIS, side by side, in one run. */
export async function benchBackends(options: {
  url: string;
  sqlite: PlaceStore;
  classes: QueryClass[];
  /** The locations classes: SQLite, PostgreSQL, and the plain query (count(*) and ORDER BY), `locationPlainRuns` times. */
  locationClasses?: QueryClass[];
  locationPlainRuns?: number;
  centers: Center[];
  warmUpCenters: Center[];
  plainRuns: number;
}): Promise<void> {
  const { classes, centers, warmUpCenters } = options;
  const heapBefore = process.memoryUsage().heapUsed;
  const opened = performance.now();
  const store = await PostgresPlaceStore.open({ primaryUrl: options.url, replicaUrls: [], maxReplicaLagMs: 5000, poolSize: 2 });
  await store.warm();
  const plain = new pg.Client({ connectionString: options.url });
  await plain.connect();
  const cells = await plain.query<{ key: number; n: number }>('SELECT key, count(*)::int AS n FROM cell_counts WHERE key IN (0, 100000) GROUP BY key ORDER BY key');
  process.stdout.write(
    `PostgreSQL store opened and warmed in ${Math.round(performance.now() - opened)} ms; ` +
      `count cache of the whole-dataset keys: ${cells.rows.map((r) => r.n).join(' + ')} cells (${((cells.rows.reduce((a, r) => a + r.n, 0) * 8) / 1e6).toFixed(1)} MB), ` +
      `heap +${((process.memoryUsage().heapUsed - heapBefore) / 1e6).toFixed(0)} MB\n`,
  );
  process.stdout.write(
    `\n${centers.length} queries per class on each store (after ${warmUpCenters.length} warm-up queries on other centers), ${options.plainRuns} in plain PostGIS; limit 10 with exact total\n\n` +
      `${'class'.padEnd(28)} ${'sqlite p50'.padStart(10)} ${'p99'.padStart(8)} | ${'postgres p50'.padStart(12)} ${'p99'.padStart(8)} | ${'plain PostGIS p50'.padStart(17)} ${'p99'.padStart(8)} | same answers\n`,
  );
  for (const [label, make] of classes) {
    for (const c of warmUpCenters) {
      await store.search(make(c));
      await options.sqlite.search(make(c));
    }
    const sqliteTimes = await time(centers, make, (q) => options.sqlite.search(q));
    const pgTimes = await time(centers, make, (q) => store.search(q));
    for (const c of warmUpCenters.slice(0, 5)) await plainPostgis(plain, make(c));
    const plainTimes = await time(centers.slice(0, options.plainRuns), make, (q) => plainPostgis(plain, q));
    let same = true;
    for (const c of centers.slice(0, 50)) {
      const q = make(c);
      const [a, b] = await Promise.all([options.sqlite.search(q), store.search(q)]);
      if (JSON.stringify(a) !== JSON.stringify(b)) same = false;
    }
    process.stdout.write(
      `${label.padEnd(28)} ${fmt(pct(sqliteTimes, 50)).padStart(10)} ${fmt(pct(sqliteTimes, 99))} | ${fmt(pct(pgTimes, 50)).padStart(12)} ${fmt(pct(pgTimes, 99))} | ${fmt(pct(plainTimes, 50)).padStart(17)} ${fmt(pct(plainTimes, 99))} | ${same ? 'yes' : 'NO'}\n`,
    );
  }
  if (options.locationClasses?.length) {
    process.stdout.write(
      `\n${'locations class'.padEnd(48)} ${'sqlite p50'.padStart(10)} ${'p99'.padStart(8)} ${'(GC)'.padStart(6)} ${'503s'.padStart(5)} | ${'postgres p50'.padStart(12)} ${'p99'.padStart(8)} ${'(GC)'.padStart(6)} ${'503s'.padStart(5)} | ${'plain p50'.padStart(10)} ${'p99'.padStart(8)} (count(*) and ORDER BY, ${options.locationPlainRuns ?? 3} runs) | same answers\n`,
    );
    for (const [label, make] of options.locationClasses) {
      for (const c of warmUpCenters) {
        await store.search(make(c)).catch(() => null);
        await options.sqlite.search(make(c)).catch(() => null);
      }
      const lite = await timeRefusals(centers, make, (q) => options.sqlite.search(q));
      const post = await timeRefusals(centers, make, (q) => store.search(q));
      const plainTimes = await time(centers.slice(0, options.locationPlainRuns ?? 3), make, (q) => plainLocations(plain, q));
      let same = true;
      for (const c of centers.slice(0, 50)) {
        const q = make(c);
        const [a, b] = await Promise.all([options.sqlite.search(q).catch(() => 'refused'), store.search(q).catch(() => 'refused')]);
        if (a !== 'refused' && b !== 'refused' && JSON.stringify(a) !== JSON.stringify(b)) same = false;
      }
      process.stdout.write(
        `${label.padEnd(48)} ${fmt(pct(lite.times, 50)).padStart(10)} ${fmt(pct(lite.times, 99))} ${lite.slowestGc.toFixed(1).padStart(6)} ${String(lite.refused).padStart(5)} | ${fmt(pct(post.times, 50)).padStart(12)} ${fmt(pct(post.times, 99))} ${post.slowestGc.toFixed(1).padStart(6)} ${String(post.refused).padStart(5)} | ${fmt(pct(plainTimes, 50)).padStart(10)} ${fmt(pct(plainTimes, 99))} | ${same ? 'yes' : 'NO'}\n`,
      );
    }
    process.stdout.write('(GC): of the slowest query (the p99 of 100), the milliseconds this process spent paused by its garbage collector\n');
  }
  await plain.end();
  await store.close();
}
