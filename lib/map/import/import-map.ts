import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { stampMbtiles } from '../mbtiles';
import type { TileSetInfo, TileStore } from '../store/types';
import { makeTiles, type MakeTilesPhase } from './make-tiles';

export type ImportPhase = MakeTilesPhase | 'storing the tiles';

export interface MapImportSummary {
  info: TileSetInfo;
  waysWithoutNodes: number;
  /** The MBTiles file's size, before it went into the store. */
  bytes: number;
}

/**
 * Makes the map of an OpenStreetMap extract and makes it the map that answers, all or nothing: the tiles are made in
 * a working directory inside `dataDir` (the same file system, so the finished file is renamed into place), and any
 * failure leaves the store as it was and removes what was made.
 */
export async function importMap(
  store: TileStore,
  input: string,
  options: { dataDir: string; now?: () => Date; onPhase?: (phase: ImportPhase) => void },
): Promise<MapImportSummary> {
  const workDir = fs.mkdtempSync(path.join(options.dataDir, '.map-import-'));
  try {
    const made = await makeTiles(input, workDir, options.onPhase);
    const importedAt = (options.now?.() ?? new Date()).toISOString();
    const version = `${Date.parse(importedAt).toString(36)}-${crypto.randomBytes(4).toString('hex')}`;
    // The count made when the tiles were checked: the file is not scanned twice.
    stampMbtiles(made.file, { version, source: path.basename(input), importedAt, tileCount: made.tileCount });
    const bytes = fs.statSync(made.file).size;
    options.onPhase?.('storing the tiles');
    const info = await store.replace(made.file);
    return { info, waysWithoutNodes: made.waysWithoutNodes, bytes };
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
