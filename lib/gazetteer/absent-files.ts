import { nearbyTileKey } from './nearby';

/**
 * The gazetteer is static files (public/gazetteer/), one for each shard and tile that has names. A name a person types
 * or a point far from any town asks for a file that was never written: the server answers those with no rows, and
 * only well-formed names, so the browser sees an answer and not a 404 (which it logs as an error).
 */
const SHARD_FILE = /^[a-z0-9]{2}[a-z0-9_]\.json$/;
const TILE_FILE = /^(-?\d{1,2})_(-?\d{1,3})\.json$/;

/** A shard's file (`sal.json`, `sa_.json`): what `shardsOfWord` names. */
export function isShardFile(name: string): boolean {
  return SHARD_FILE.test(name);
}

/** A nearby tile's file (`39_-105.json`): what `nearbyTilesOf` names, a one-degree cell of the world. */
export function isNearbyTileFile(name: string): boolean {
  const match = TILE_FILE.exec(name);
  if (!match) return false;
  const [lat, lon] = [Number(match[1]), Number(match[2])];
  return lat >= -90 && lat < 90 && lon >= -180 && lon < 180 && `${nearbyTileKey(lon, lat)}.json` === name;
}

/** Rows kept an hour by the browser: they change only when the gazetteer is built again, with the app. */
export const ABSENT_FILE_CACHE = 'public, max-age=3600';
