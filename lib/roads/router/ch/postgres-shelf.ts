import { HELD_ELSEWHERE, ifNoOtherHolds } from '@/lib/db/postgres/advisory-lock';
import pg from 'pg';
import type { Queryable } from '@/lib/db/postgres/cluster';
import { copyOutBinary } from '@/lib/db/postgres/copy-out';
import type { PostgresRoadStore } from '../../store/postgres/store';
import type { Hierarchy } from './contract';
import { HEADER_MAX, type PackBytes, packBytes, type PackPrefix } from '@/lib/core/typed-pack';
import { decodePreparedGraph, encodePreparedGraph, graphPrefix, type PreparedGraph } from '../prepared-graph';
import { decodeHierarchy, encodeHierarchy, hierarchyPrefix } from './hierarchy-file';
import { ANOTHER_PREPARES, type PreparedShelf } from './shelf';

/** Bytes in one row: a bytea holds at most 1 GB, and a row is written as one parameter (in hex: twice its size). */
export const PART_BYTES = 8 << 20;
/** Parts read by one COPY: 64 MiB, within the pool's 10 s statement timeout down to 6.4 MB/s of network (0.12 s here). */
const PARTS_PER_COPY = 8;
const HIERARCHY = 'contraction hierarchy';
const GRAPH = 'road graph';
type Kept = typeof HIERARCHY | typeof GRAPH;

/**
 * The hierarchy and the graph in PostgreSQL (migration 0027), each format's bytes in rows of PART_BYTES: prepared once
 * (by `npm run roads:import`, or by the first instance that finds none, while the others look again now and then), then
 * read by every instance at start, from a replica that has them.
 */
export class PostgresPreparedShelf implements PreparedShelf {
  constructor(
    private readonly store: PostgresRoadStore,
    private readonly partBytes = PART_BYTES,
  ) {}

  describe(): string {
    return 'PostgreSQL (road_prepared)';
  }

  async read(networkId: number, preparedFor: string): Promise<Hierarchy | null> {
    const where = `the hierarchy kept in PostgreSQL for road network ${networkId}`;
    const bytes = await this.readBytes(networkId, HIERARCHY, where, hierarchyPrefix(preparedFor, where));
    return bytes && decodeHierarchy(bytes, preparedFor, where);
  }

  async readGraph(networkId: number, preparedFor: string, searchAids = true): Promise<PreparedGraph | null> {
    const where = `the graph kept in PostgreSQL for road network ${networkId}`;
    const bytes = await this.readBytes(networkId, GRAPH, where, graphPrefix(preparedFor, where, searchAids));
    return bytes && decodePreparedGraph(bytes, preparedFor, where, searchAids);
  }

  private async readBytes(networkId: number, name: Kept, where: string, prefix?: PackPrefix): Promise<PackBytes | null> {
    // A replica a moment behind the write has the network but not yet what was prepared for it: the primary has the last word.
    const onReplica = await this.store.onNetwork(networkId, (db) => this.readOn(db, networkId, name, where, prefix));
    return onReplica ?? this.store.cluster.readPrimary((db) => this.readOn(db, networkId, name, where, prefix));
  }

  /**
   * The bytes kept under `name` (the first ones `prefix` asks for, when given; refused by it from the first part's
   * head), streamed part after part in COPY's binary format into the pack's buffer.
   */
  private async readOn(db: pg.Pool, networkId: number, name: Kept, where: string, prefix?: PackPrefix): Promise<PackBytes | null> {
    const head = await headOn(db, networkId, name);
    if (!head) return null;
    const { rows } = await db.query<{ size: number; head: Buffer }>(
      'SELECT length(bytes) AS size, substring(bytes FROM 1 FOR $3) AS head FROM road_prepared_parts WHERE network_id = $1 AND name = $2 AND part = 0',
      [networkId, name, HEADER_MAX],
    );
    if (!rows[0]) throw new Error(`${where} is incomplete (at part 0): prepare it again`);
    const bytes = packBytes(Math.min(head.bytes, (prefix && prefix(rows[0].head)) ?? head.bytes));
    const parts = Math.min(head.parts, Math.ceil(bytes.length / Math.max(1, rows[0].size)));
    if (!Number.isSafeInteger(networkId)) throw new Error(`not a road network id: ${networkId}`);
    const incomplete = (part: number) => new Error(`${where} is incomplete (at part ${part}): prepare it again`);
    const partNumber = new PartNumber();
    let at = 0;
    // A COPY per PARTS_PER_COPY parts: each statement ends well within the pool's timeouts.
    for (let from = 0; from < parts; from += PARTS_PER_COPY) {
      const to = Math.min(parts, from + PARTS_PER_COPY);
      const copied = await copyOutBinary(
        db,
        `SELECT part, bytes FROM road_prepared_parts WHERE network_id = ${networkId} AND name = ${pg.escapeLiteral(name)} AND part >= ${from} AND part < ${to} ORDER BY part`,
        {
          begin: (row, column) => {
            if (column === 0) partNumber.begin();
            else if (partNumber.value() !== from + row) throw incomplete(from + row);
          },
          bytes: (piece) => {
            if (!partNumber.done()) return partNumber.add(piece);
            const length = Math.min(piece.length, bytes.length - at);
            // More bytes kept than the head counts: parts of another preparation among them.
            if (length < piece.length && bytes.length === head.bytes) throw incomplete(partNumber.value());
            new Uint8Array(bytes.buffer, at, length).set(piece.subarray(0, length));
            at += length;
          },
        },
      );
      if (copied < to - from) throw incomplete(from + copied);
    }
    if (at !== bytes.length) throw new Error(`${where} is cut short: prepare it again`);
    return bytes;
  }

  write(networkId: number, hierarchy: Hierarchy, preparedFor: string): Promise<void> {
    return this.writePieces(networkId, HIERARCHY, encodeHierarchy(hierarchy, preparedFor), preparedFor);
  }

  writeGraph(networkId: number, graph: PreparedGraph, preparedFor: string): Promise<void> {
    return this.writePieces(networkId, GRAPH, encodePreparedGraph(graph, preparedFor), preparedFor);
  }

  /** Replaces what is kept under `name` for the network in one transaction: a reader finds the whole of one or of the other. */
  private async writePieces(networkId: number, name: Kept, pieces: Uint8Array[], preparedFor: string): Promise<void> {
    const size = pieces.reduce((sum, piece) => sum + piece.length, 0);
    const key = [networkId, name];
    await this.store.cluster.transaction(async (db) => {
      await db.query('DELETE FROM road_prepared WHERE network_id = $1 AND name = $2', key);
      await db.query('INSERT INTO road_prepared (network_id, name, prepared_for, parts, bytes) VALUES ($1, $2, $3, $4, $5)', [...key, preparedFor, Math.ceil(size / this.partBytes), size]);
      let part = 0;
      for (const bytes of partsOf(pieces, this.partBytes)) await db.query('INSERT INTO road_prepared_parts (network_id, name, part, bytes) VALUES ($1, $2, $3, $4)', [...key, part++, bytes]);
    });
  }

  async keptBytes(networkId: number): Promise<number | null> {
    return (await this.store.cluster.readPrimary((db) => headOn(db, networkId, HIERARCHY)))?.bytes ?? null;
  }

  async ifNoOtherPrepares<T>(fn: () => Promise<T>): Promise<T | typeof ANOTHER_PREPARES> {
    const done = await ifNoOtherHolds(this.store.cluster.primary, 'trip-explorer:roads:prepare hierarchy', fn);
    return done === HELD_ELSEWHERE ? ANOTHER_PREPARES : done;
  }
}

/** The head row of what is kept under `name` for the network: how many parts, how many bytes in all (null when none is). */
async function headOn(db: Queryable, networkId: number, name: Kept): Promise<{ parts: number; bytes: number } | null> {
  const { rows } = await db.query<{ parts: number; bytes: string }>('SELECT parts, bytes FROM road_prepared WHERE network_id = $1 AND name = $2', [networkId, name]);
  return rows[0] ? { parts: rows[0].parts, bytes: Number(rows[0].bytes) } : null;
}

/** The pieces' bytes one after the other, cut into buffers of `size` (the last one shorter). */
function* partsOf(pieces: readonly Uint8Array[], size: number): Generator<Buffer> {
  let part = Buffer.alloc(size);
  let filled = 0;
  for (const piece of pieces) {
    for (let at = 0; at < piece.length; ) {
      const n = Math.min(size - filled, piece.length - at);
      part.set(piece.subarray(at, at + n), filled);
      [filled, at] = [filled + n, at + n];
      if (filled === size) {
        yield part;
        [part, filled] = [Buffer.alloc(size), 0];
      }
    }
  }
  if (filled > 0) yield part.subarray(0, filled);
}

/** A part's number, an int4 of COPY's binary format, whose four bytes may come in more than one piece. */
class PartNumber {
  private readonly bytes = Buffer.alloc(4);
  private filled = 4;

  begin() {
    this.filled = 0;
  }

  add(piece: Uint8Array) {
    this.bytes.set(piece, this.filled);
    this.filled += piece.length;
  }

  done(): boolean {
    return this.filled === 4;
  }

  value(): number {
    return this.bytes.readInt32BE(0);
  }
}
