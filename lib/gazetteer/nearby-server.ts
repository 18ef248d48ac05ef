import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isNearbyTileFile } from './absent-files';
import { NEARBY_PATH, type NearbyRow } from './nearby';

/** A tile of nearby names as the browser would fetch it, read from the built files (none before a build: no names). */
export async function readNearbyTile(tile: string): Promise<NearbyRow[]> {
  if (!isNearbyTileFile(`${tile}.json`)) return [];
  try {
    // Read at run time from the built files: nothing for the bundler to trace (it listed all 38,000 under public/).
    const file = path.join(/* turbopackIgnore: true */ process.cwd(), 'public', NEARBY_PATH, `${tile}.json`);
    return JSON.parse(await fs.readFile(file, 'utf8')) as NearbyRow[];
  } catch {
    return [];
  }
}
