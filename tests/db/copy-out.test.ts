// PostgreSQL's binary COPY read as it streams (lib/db/postgres/copy-out.ts): the fields of a real server's COPY, bytea
// of megabytes among them, and the format's parts split across chunks at every byte.
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BinaryCopyReader, type BinaryFieldSink, copyOutBinary } from '@/lib/db/postgres/copy-out';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase('copy_out');
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

/** Each field's bytes whole (null for NULL), row by row. */
function collecting(): { sink: BinaryFieldSink; rows: (Buffer | null)[][] } {
  const rows: (Buffer | null)[][] = [];
  let pieces: Buffer[] = [];
  const sink: BinaryFieldSink = {
    begin: (row, column, length) => {
      rows[row] ??= [];
      pieces = [];
      rows[row][column] = length < 0 ? null : Buffer.alloc(0);
    },
    bytes: (piece) => {
      pieces.push(Buffer.from(piece));
      const row = rows[rows.length - 1];
      row[row.length - 1] = Buffer.concat(pieces);
    },
  };
  return { sink, rows };
}

/** A sink that refuses the first field: the COPY is stopped halfway. */
const refusing: BinaryFieldSink = {
  begin: () => {
    throw new Error('refused by the sink');
  },
  bytes: () => {},
};

/**
 * How many timers `run` started that are still pending when it ends (neither fired nor cleared): only its own, where
 * a count of the process's timers also saw others (a pool's idle timer) end meanwhile on a busy machine.
 */
async function timersLeftBy(run: () => Promise<void>): Promise<number> {
  const pending = new Set<NodeJS.Timeout>();
  const [realSet, realClear] = [globalThis.setTimeout, globalThis.clearTimeout];
  globalThis.setTimeout = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const timer = realSet(
      (...given: unknown[]) => {
        pending.delete(timer);
        callback(...given);
      },
      ms,
      ...args,
    );
    pending.add(timer);
    return timer;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((timer: NodeJS.Timeout | undefined) => {
    if (timer) pending.delete(timer);
    realClear(timer);
  }) as typeof clearTimeout;
  try {
    await run();
  } finally {
    [globalThis.setTimeout, globalThis.clearTimeout] = [realSet, realClear];
  }
  return pending.size;
}

describe('copyOutBinary', () => {
  it('hands over every field of a real COPY, bytea of megabytes in many pieces, NULL and empty ones', async () => {
    await pool.query('CREATE TABLE blobs (n int, bytes bytea)');
    const big = crypto.randomBytes(3 << 20);
    await pool.query('INSERT INTO blobs VALUES (1, $1), (2, NULL), (3, $2)', [big, Buffer.alloc(0)]);
    const { sink, rows } = collecting();
    expect(await copyOutBinary(pool, 'SELECT n, bytes FROM blobs ORDER BY n', sink)).toBe(3);
    expect(rows.map(([n]) => n!.readInt32BE(0))).toEqual([1, 2, 3]);
    expect(rows[0][1]!.equals(big)).toBe(true);
    expect(rows[1][1]).toBeNull();
    expect(rows[2][1]).toEqual(Buffer.alloc(0));
    // The connection went back to the pool in a state to serve the next query.
    expect((await pool.query('SELECT count(*)::int AS n FROM blobs')).rows[0].n).toBe(3);
  });

  it('leaves no read timeout running after the COPY (one would keep a closing process alive, then fire into a finished stream)', async () => {
    // pg times every query by the pool's query_timeout and clears the timer from a callback COPY streams never call.
    const timed = new pg.Pool({ connectionString: database.url, max: 1, query_timeout: 60_000, idleTimeoutMillis: 0 });
    try {
      await timed.query('SELECT 1');
      const left = await timersLeftBy(async () => {
        const { sink, rows } = collecting();
        expect(await copyOutBinary(timed, 'SELECT n FROM generate_series(1, 3) AS n', sink)).toBe(3);
        expect(rows).toHaveLength(3);
        await expect(copyOutBinary(timed, 'SELECT 1 / 0', sink)).rejects.toThrow('division by zero');
        await expect(copyOutBinary(timed, 'SELECT n FROM generate_series(1, 100000) AS n', refusing)).rejects.toThrow('refused by the sink');
      });
      expect(left).toBe(0);
      expect((await timed.query('SELECT 2 AS two')).rows[0].two).toBe(2);
    } finally {
      await timed.end();
    }
  });

  it('gives a failed COPY’s error and closes its connection rather than giving it back mid-protocol', async () => {
    const { sink } = collecting();
    await expect(copyOutBinary(pool, 'SELECT 1 / 0', sink)).rejects.toThrow('division by zero');
    await expect(copyOutBinary(pool, 'SELECT n FROM generate_series(1, 100000) AS n', refusing)).rejects.toThrow('refused by the sink');
    expect((await pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
  });
});

describe('BinaryCopyReader', () => {
  /** The format by hand: signature, flags, a header extension of 3 bytes, two rows (an int4 and a text; a NULL and an empty field), the trailer. */
  const header = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.from([0, 0, 0, 0, 0, 0, 0, 3, 7, 7, 7])]);
  const field = (bytes: Buffer | null) => {
    const length = Buffer.alloc(4);
    length.writeInt32BE(bytes ? bytes.length : -1);
    return bytes ? Buffer.concat([length, bytes]) : length;
  };
  const row = (...fields: (Buffer | null)[]) => Buffer.concat([Buffer.from([0, fields.length]), ...fields.map(field)]);
  const stream = Buffer.concat([header, row(Buffer.from([0, 0, 1, 2]), Buffer.from('hello')), row(null, Buffer.alloc(0)), Buffer.from([0xff, 0xff])]);

  it('reads the same fields whatever the chunks, down to one byte each', () => {
    for (const size of [1, 2, 3, 5, 7, 11, stream.length]) {
      const { sink, rows } = collecting();
      const reader = new BinaryCopyReader(sink);
      for (let at = 0; at < stream.length; at += size) reader.push(stream.subarray(at, at + size));
      expect(reader.finish()).toBe(2);
      expect(rows).toEqual([[Buffer.from([0, 0, 1, 2]), Buffer.from('hello')], [null, Buffer.alloc(0)]]);
    }
  });

  it('refuses a stream cut short, one not in the binary format, and bytes after the trailer', () => {
    const cut = new BinaryCopyReader(collecting().sink);
    cut.push(stream.subarray(0, stream.length - 3));
    expect(() => cut.finish()).toThrow('the COPY from PostgreSQL ended before its trailer');
    expect(() => new BinaryCopyReader(collecting().sink).push(Buffer.from('n\thello\n'.repeat(4)))).toThrow('the COPY from PostgreSQL is not in its binary format');
    expect(() => new BinaryCopyReader(collecting().sink).push(Buffer.concat([stream, Buffer.from([0])]))).toThrow('the COPY from PostgreSQL went on after its trailer');
  });
});
