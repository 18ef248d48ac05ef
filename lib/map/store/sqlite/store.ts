import fs from 'node:fs';
import { logger } from '@/lib/core/logger';
import { MbtilesReader } from '../../mbtiles';
import type { StoredTile, TileSetInfo, TileStore } from '../types';

/** How long a look at the file stands before the next one (an import elsewhere replaces the file). */
const RECHECK_MS = 500;

interface Opened {
  reader: MbtilesReader;
  /** The file's identity when it was opened: a rename over it makes a new inode. */
  ino: number;
  mtimeMs: number;
  info: TileSetInfo;
}

/**
 * The imported map as an MBTiles file in the data directory (map.mbtiles), which other tile tools open too. An
 * import writes a new file beside it and renames it over the old one, so a reader sees the old map or the new one,
 * never half of one; every server on the data directory reopens the file when it finds it replaced.
 */
export class SqliteTileStore implements TileStore {
  private opened: Opened | null = null;
  private checkedAt = -Infinity;
  /** The file last found unreadable (inode and time), so that it is logged once. */
  private refused: string | null = null;

  constructor(
    readonly file: string,
    private readonly now: () => number = () => performance.now(),
  ) {}

  describe(): string {
    return `MBTiles ${this.file}`;
  }

  async info(): Promise<TileSetInfo | null> {
    return this.current()?.info ?? null;
  }

  async tile(z: number, x: number, y: number): Promise<StoredTile | null> {
    return this.current()?.reader.tile(z, x, y) ?? null;
  }

  async replace(mbtilesFile: string): Promise<TileSetInfo> {
    const reader = MbtilesReader.open(mbtilesFile);
    let info: TileSetInfo;
    try {
      info = reader.info();
    } finally {
      reader.close();
    }
    fs.renameSync(mbtilesFile, this.file);
    this.checkedAt = -Infinity;
    return info;
  }

  async close(): Promise<void> {
    this.opened?.reader.close();
    this.opened = null;
  }

  private current(): Opened | null {
    const now = this.now();
    if (now - this.checkedAt < RECHECK_MS) return this.opened;
    this.checkedAt = now;
    let stat: fs.Stats;
    try {
      stat = fs.statSync(this.file);
    } catch {
      this.opened?.reader.close();
      this.opened = null;
      return null;
    }
    if (this.opened && this.opened.ino === stat.ino && this.opened.mtimeMs === stat.mtimeMs) return this.opened;
    const next = this.open(stat);
    if (!next) return this.opened;
    this.opened?.reader.close();
    this.opened = next;
    return next;
  }

  /**
   * The file as it is now; null when it cannot be read as a map (put there by hand, cut short), which is said once
   * in the log while the map before (or none) goes on answering: the pages do not fail for it.
   */
  private open(stat: fs.Stats): Opened | null {
    let reader: MbtilesReader | null = null;
    try {
      reader = MbtilesReader.open(this.file);
      return { reader, ino: stat.ino, mtimeMs: stat.mtimeMs, info: reader.info() };
    } catch (err) {
      reader?.close();
      const key = `${stat.ino}:${stat.mtimeMs}`;
      if (this.refused !== key) logger.warn('map tiles unreadable', { file: this.file, error: (err as Error).message });
      this.refused = key;
      return null;
    }
  }
}
