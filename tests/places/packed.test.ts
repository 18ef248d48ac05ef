// Issue 17, finding 1 (expensive queries on the one thread): a PostgreSQL instance reads its count keys, text and
// region matches as packed bytea instead of text arrays (parsed on the event loop), and its copy of the columns comes
// sorted from PostgreSQL with each place's rank in the id order, so no reload sorts a million places in JavaScript.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { float64sOf, int32sOf, packedFloat8Sql, packedInt4Sql } from '@/lib/places/store/postgres/packed';
import { IdIndex } from '@/lib/places/store/rank';
import { mulberry32 } from '@/lib/places/dataset/prng';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

let database: TestDatabase;
let client: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase('packed');
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await database?.drop();
});

describe('finding 1, expensive queries on the one thread: lists read from PostgreSQL without parsing text arrays', () => {
  it('decode integers and doubles of every sign and size, in the order asked for, and nothing as empty lists', async () => {
    const ints = [0, 1, -1, 2_147_483_647, -2_147_483_648, 460_884, -17];
    const doubles = [0, 1, -1, 9_007_199_254_740_991, 20_000_219, 1.5, -1e-300];
    const { rows } = await client.query<{ ints: Buffer; sorted: Buffer; doubles: Buffer; none: Buffer | null }>(
      `SELECT (SELECT ${packedInt4Sql('v', 'ord')} FROM unnest($1::int[]) WITH ORDINALITY AS t(v, ord)) AS ints,
              (SELECT ${packedInt4Sql('v', 'v')} FROM unnest($1::int[]) AS t(v)) AS sorted,
              (SELECT ${packedFloat8Sql('v')} FROM unnest($2::float8[]) AS t(v)) AS doubles,
              (SELECT ${packedInt4Sql('v', 'v')} FROM unnest('{}'::int[]) AS t(v)) AS none`,
      [ints, doubles],
    );
    expect(Array.from(int32sOf(rows[0].ints))).toEqual(ints);
    expect(Array.from(int32sOf(rows[0].sorted))).toEqual([...ints].sort((a, b) => a - b));
    expect(Array.from(float64sOf(rows[0].doubles)).sort((a, b) => a - b)).toEqual([...doubles].sort((a, b) => a - b));
    expect(rows[0].none).toBeNull();
    expect(int32sOf(null)).toHaveLength(0);
    expect(float64sOf(null)).toHaveLength(0);
  });

  it('find places by id from ranks PostgreSQL computed as from a sort in JavaScript', async () => {
    const rng = mulberry32(17);
    const ids = Array.from(new Set(Array.from({ length: 5000 }, () => 1 + Math.floor(rng() * 1e12))));
    const { rows } = await client.query<{ id: number; rank: number }>(
      'SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS rank FROM unnest($1::float8[]) WITH ORDINALITY AS t(id, ord) ORDER BY ord',
      [ids],
    );
    const id = Float64Array.from(rows, (r) => r.id);
    const fromRanks = IdIndex.fromRanks(id, Int32Array.from(rows, (r) => r.rank));
    const sorted = IdIndex.of(id);
    const asked = [...ids.slice(0, 700), 0, 42, 1e12 + 1, ...ids.slice(4000)];
    expect(Array.from(fromRanks.positionsOf(asked))).toEqual(Array.from(sorted.positionsOf(asked)));
    for (const [position, value] of ids.entries()) expect(fromRanks.positionOf(value)).toBe(position);
    expect(fromRanks.positionOf(0)).toBe(-1);
  });
});
