import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { NEARBY_PATH, type NearbyRow } from './nearby';

/** A tile of nearby names as the browser would fetch it, read from the built files (none before a build: no names). */
export async function readNearbyTile(tile: string): Promise<NearbyRow[]> {
  if (!/^-?\d+_-?\d+$/.test(tile)) return [];
  try {
    return JSON.parse(await fs.readFile(path.join(process.cwd(), 'public', NEARBY_PATH, `${tile}.json`), 'utf8')) as NearbyRow[];
  } catch {
    return [];
  }
}
