import type { PgCluster, Queryable } from '@/lib/db/postgres/cluster';
import { openDatabase, type DatabaseOptions } from '@/lib/db/postgres/database';
import { isGzipped, MbtilesReader } from '../../mbtiles';
import type { StoredTile, TileSetInfo, TileStore } from '../types';

/** Tiles sent in one INSERT. */
const CHUNK = 500;
/** How long the answering tile set's description stands before it is read again (an import on another instance). */
const RECHECK_MS = 1000;

interface TilesetRow {
  id: string;
  version: string;
  name: string;
  source: string;
  imported_at: string;
  minzoom: number;
  maxzoom: number;
  bounds: number[];
  layers: string[];
  tile_count: number;
  average_tile_bytes: Record<string, number>;
}

const CURRENT = `SELECT t.* FROM map_current c JOIN map_tilesets t ON t.id = c.tileset_id`;

function infoFromRow(row: TilesetRow): TileSetInfo {
  return {
    version: row.version,
    name: row.name,
    source: row.source,
    importedAt: row.imported_at,
    minzoom: row.minzoom,
    maxzoom: row.maxzoom,
    bounds: row.bounds as TileSetInfo['bounds'],
    layers: row.layers,
    tileCount: row.tile_count,
    averageTileBytes: row.average_tile_bytes,
  };
}

/**
 * The imported map's tiles in PostgreSQL (migration 0017), where every instance reads them. Tiles are read on a
 * replica that has the answering set, or else on the primary (a replica a moment behind an import lacks it).
 */
export class PostgresTileStore implements TileStore {
  private current: { id: string; info: TileSetInfo } | null = null;
  private checkedAt = -Infinity;
  /** The set the replicas were last found to have replayed. */
  private replicated: string | null = null;

  private constructor(
    readonly cluster: PgCluster,
    private readonly release: () => Promise<void>,
    private readonly now: () => number,
  ) {}

  static async open(options: DatabaseOptions, now: () => number = () => performance.now()): Promise<PostgresTileStore> {
    const { cluster, release } = await openDatabase(options);
    return new PostgresTileStore(cluster, release, now);
  }

  describe(): string {
    return `PostgreSQL ${this.cluster.primaryLabel}`;
  }

  async info(): Promise<TileSetInfo | null> {
    return (await this.answering())?.info ?? null;
  }

  async tile(z: number, x: number, y: number): Promise<StoredTile | null> {
    const set = await this.answering();
    if (!set) return null;
    const query = (db: Queryable) =>
      db.query<{ data: Buffer }>({ name: 'map-tile', text: 'SELECT data FROM map_tiles WHERE tileset_id = $1 AND z = $2 AND x = $3 AND y = $4', values: [set.id, z, x, y] });
    // A replica a moment behind an import lacks the new set: until one is found to have it, the primary answers.
    const { rows } = (await this.replicaHas(set.id)) ? await this.cluster.read(query) : await this.cluster.readPrimary(query);
    return rows[0] ? { data: rows[0].data, gzipped: isGzipped(rows[0].data) } : null;
  }

  private async replicaHas(id: string): Promise<boolean> {
    if (this.replicated === id) return true;
    const found = await this.cluster.read((db) => db.query('SELECT 1 FROM map_tilesets WHERE id = $1', [id]));
    if (found.rowCount) this.replicated = id;
    return this.replicated === id;
  }

  /**
   * One transaction writes the new set and switches to it; a failure anywhere leaves the map before answering. The
   * set before is kept until the next import.
   */
  async replace(mbtilesFile: string): Promise<TileSetInfo> {
    const reader = MbtilesReader.open(mbtilesFile);
    try {
      const info = reader.info();
      await this.cluster.transaction(async (db) => {
        const { rows: locked } = await db.query<{ ok: boolean }>(`SELECT pg_try_advisory_xact_lock(hashtext('map import')) AS ok`);
        if (!locked[0].ok) throw new Error('another map import is under way on this database');
        const { rows } = await db.query<{ id: string }>(
          `INSERT INTO map_tilesets (version, name, source, imported_at, minzoom, maxzoom, bounds, layers, tile_count, average_tile_bytes)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
          [info.version, info.name, info.source, info.importedAt, info.minzoom, info.maxzoom, info.bounds, info.layers, info.tileCount, JSON.stringify(info.averageTileBytes)],
        );
        const id = rows[0].id;
        for (const batch of reader.batches(CHUNK)) {
          await db.query(
            `INSERT INTO map_tiles (tileset_id, z, x, y, data) SELECT $1, * FROM unnest($2::smallint[], $3::integer[], $4::integer[], $5::bytea[])`,
            [id, batch.map((t) => t.z), batch.map((t) => t.x), batch.map((t) => t.y), batch.map((t) => t.data)],
          );
        }
        const { rows: before } = await db.query<{ id: string }>('SELECT tileset_id AS id FROM map_current');
        await db.query(`INSERT INTO map_current (tileset_id) VALUES ($1) ON CONFLICT (only_one) DO UPDATE SET tileset_id = EXCLUDED.tileset_id`, [id]);
        // The set before stays until the next import: other instances answer from it for up to RECHECK_MS yet, and a
        // tile missing from it there would be an empty tile a browser keeps.
        await db.query(`DELETE FROM map_tilesets WHERE id <> $1 AND id IS DISTINCT FROM $2`, [id, before[0]?.id ?? null]);
      });
      this.checkedAt = -Infinity;
      return info;
    } finally {
      reader.close();
    }
  }

  async close(): Promise<void> {
    await this.release();
  }

  private async answering(): Promise<{ id: string; info: TileSetInfo } | null> {
    const now = this.now();
    if (now - this.checkedAt < RECHECK_MS) return this.current;
    const { rows } = await this.cluster.readPrimary((db) => db.query<TilesetRow>(CURRENT));
    this.current = rows[0] ? { id: rows[0].id, info: infoFromRow(rows[0]) } : null;
    this.checkedAt = now;
    return this.current;
  }
}
