import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import type { StoredTile, TileSetInfo } from './store/types';
import { tmsRow } from './tile-path';

// An MBTiles file (SQLite): the `metadata` and `tiles` tables of the MBTiles 1.3 specification, as tilemaker writes them.

/** A file that is not a readable MBTiles of vector tiles. */
export class MbtilesError extends Error {}

/** Rows of our own in an MBTiles `metadata` table: the import's version, source and time. */
export const OWN_METADATA = {
  version: 'trip_explorer_version',
  source: 'trip_explorer_source',
  importedAt: 'trip_explorer_imported_at',
  averageTileBytes: 'trip_explorer_average_tile_bytes',
  tileCount: 'trip_explorer_tile_count',
} as const;

/** Tiles of each zoom unpacked to measure what they take once a browser's cache holds them. */
const SIZE_SAMPLE = 200;

const GZIP_MAGIC = [0x1f, 0x8b];
export const isGzipped = (data: Buffer) => data.length >= 2 && data[0] === GZIP_MAGIC[0] && data[1] === GZIP_MAGIC[1];

/** An MBTiles file opened for reading; refuses one that is not an MBTiles of vector tiles. */
export class MbtilesReader {
  private readonly tileQuery: Database.Statement<[number, number, number], { tile_data: Buffer }>;

  private constructor(
    readonly file: string,
    private readonly db: Database.Database,
  ) {
    this.tileQuery = db.prepare('SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?');
  }

  static open(file: string): MbtilesReader {
    let db: Database.Database;
    try {
      db = new Database(file, { readonly: true, fileMustExist: true });
    } catch (err) {
      throw new MbtilesError(`${file} cannot be opened as SQLite: ${(err as Error).message}`);
    }
    try {
      const tables = new Set((db.prepare(`SELECT name FROM sqlite_master WHERE type IN ('table', 'view')`).all() as { name: string }[]).map((r) => r.name));
      if (!tables.has('metadata') || !tables.has('tiles')) throw new MbtilesError(`${file} is not an MBTiles file (no metadata and tiles tables)`);
      const format = (db.prepare(`SELECT value FROM metadata WHERE name = 'format'`).get() as { value: string } | undefined)?.value;
      if (format !== 'pbf') throw new MbtilesError(`${file} holds ${format ?? 'tiles of no stated format'}, not vector tiles (pbf)`);
      return new MbtilesReader(file, db);
    } catch (err) {
      db.close();
      if (err instanceof MbtilesError) throw err;
      throw new MbtilesError(`${file} is not a readable MBTiles file: ${(err as Error).message}`);
    }
  }

  metadata(): Record<string, string> {
    return Object.fromEntries((this.db.prepare('SELECT name, value FROM metadata').all() as { name: string; value: string }[]).map((r) => [r.name, r.value]));
  }

  tileCount(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM tiles').get() as { n: number }).n;
  }

  /** The set's description from its metadata (the import's own rows; a file made elsewhere has its tiles counted). */
  info(): TileSetInfo {
    const m = this.metadata();
    const tileCount = m[OWN_METADATA.tileCount] ? Number(m[OWN_METADATA.tileCount]) : this.tileCount();
    const bounds = (m.bounds ?? '-180,-85.0511,180,85.0511').split(',').map(Number);
    const layers = parsed(m.json, { vector_layers: [] as { id: string }[] }).vector_layers?.map((l) => l.id) ?? [];
    return {
      version: m[OWN_METADATA.version] ?? 'unversioned',
      name: m.name ?? 'map',
      source: m[OWN_METADATA.source] ?? '',
      minzoom: Number(m.minzoom ?? 0),
      maxzoom: Number(m.maxzoom ?? 14),
      bounds: bounds.length === 4 && bounds.every(Number.isFinite) ? (bounds as TileSetInfo['bounds']) : [-180, -85.0511, 180, 85.0511],
      importedAt: m[OWN_METADATA.importedAt] ?? '',
      tileCount,
      layers,
      averageTileBytes: parsed(m[OWN_METADATA.averageTileBytes], {} as Record<string, number>),
    };
  }

  tile(z: number, x: number, y: number): StoredTile | null {
    const row = this.tileQuery.get(z, x, tmsRow(z, y));
    return row ? { data: row.tile_data, gzipped: isGzipped(row.tile_data) } : null;
  }

  /** Every tile in XYZ numbering, `size` rows at a time. */
  *batches(size: number): Iterable<{ z: number; x: number; y: number; data: Buffer }[]> {
    const rows = this.db.prepare('SELECT zoom_level AS z, tile_column AS x, tile_row AS row, tile_data AS data FROM tiles').iterate() as Iterable<{ z: number; x: number; row: number; data: Buffer }>;
    let batch: { z: number; x: number; y: number; data: Buffer }[] = [];
    for (const r of rows) {
      batch.push({ z: r.z, x: r.x, y: tmsRow(r.z, r.row), data: r.data });
      if (batch.length === size) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  }

  close(): void {
    this.db.close();
  }
}

function parsed<T>(json: string | undefined, fallback: T): T {
  try {
    return json ? (JSON.parse(json) as T) : fallback;
  } catch {
    return fallback;
  }
}

/** The average size of a tile at each zoom once unpacked, from a sample of each zoom's tiles. */
function averageUnpackedBytes(db: Database.Database): Record<string, number> {
  const zooms = db.prepare('SELECT DISTINCT zoom_level AS z FROM tiles').all() as { z: number }[];
  const sample = db.prepare(`SELECT tile_data AS data FROM tiles WHERE zoom_level = ? LIMIT ${SIZE_SAMPLE}`);
  const average: Record<string, number> = {};
  for (const { z } of zooms) {
    const sizes = (sample.all(z) as { data: Buffer }[]).map(({ data }) => (isGzipped(data) ? zlib.gunzipSync(data).length : data.length));
    average[String(z)] = Math.round(sizes.reduce((a, b) => a + b, 0) / Math.max(1, sizes.length));
  }
  return average;
}

/** Writes the import's own metadata into a finished MBTiles file (before it is put in place), with its tiles' count and sizes. */
export function stampMbtiles(file: string, given: { version: string; source: string; importedAt: string; tileCount: number }): void {
  const db = new Database(file, { fileMustExist: true });
  try {
    const stamp = { ...given, averageTileBytes: JSON.stringify(averageUnpackedBytes(db)), tileCount: String(given.tileCount) };
    const put = db.prepare('INSERT INTO metadata (name, value) VALUES (?, ?)');
    const drop = db.prepare('DELETE FROM metadata WHERE name = ?');
    db.transaction(() => {
      for (const [key, name] of Object.entries(OWN_METADATA)) {
        drop.run(name);
        put.run(name, stamp[key as keyof typeof stamp]);
      }
    })();
  } finally {
    db.close();
  }
}
