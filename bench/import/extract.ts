// The benchmark's extract: N tagged OpenStreetMap nodes across the contiguous US (every tag family of the places
// import, real-looking hours good and sloppy, brands, RV tags, and a tenth of objects that are not places), written
// as OPL and converted to PBF with osmium; and the same extract a year on, with 1% of its places renamed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { mulberry32 } from '@/lib/places/dataset/prng';

const FAMILIES: Record<string, string>[] = [
  { tourism: 'camp_site', caravans: 'yes' }, { tourism: 'caravan_site', power_supply: 'yes', 'capacity:caravans': '40' },
  { amenity: 'sanitary_dump_station' }, { amenity: 'water_point' }, { shop: 'gas' }, { amenity: 'fuel', 'fuel:diesel': 'yes', hgv: 'yes' },
  { shop: 'caravan', brand: 'Winnebago;Thor' }, { shop: 'car_repair', 'service:vehicle:motorhome': 'yes' }, { highway: 'rest_area' },
  { tourism: 'viewpoint' }, { tourism: 'museum' }, { tourism: 'information', information: 'office' }, { tourism: 'attraction' },
  { tourism: 'motel' }, { amenity: 'restaurant' }, { amenity: 'restaurant' }, { amenity: 'fast_food' }, { amenity: 'cafe' },
  { shop: 'supermarket' }, { shop: 'convenience' }, { leisure: 'park' }, { tourism: 'hotel', brand: 'Best Western' },
  { amenity: 'fuel', brand: "Love's" }, { shop: 'clothes' }, { shop: 'hairdresser' },
];
const HOURS = ['24/7', 'Mo-Fr 08:00-17:00', 'Mo-Sa 09:00-21:00; Su 10:00-18:00', 'Mo-Su 06:00-22:00', 'Apr-Oct: 08:00-20:00', 'Mo-Fr 8-5', 'sunrise-sunset', 'Tu-Su 11:00-14:00,17:00-22:00'];

const escape = (text: string) => text.replace(/[^A-Za-z0-9_.:;/\-'&()+*]/g, (c) => `%${c.codePointAt(0)!.toString(16)}%`);

/** Writes `<base>.osm.pbf` and `<base>-changed.osm.pbf` (1% of the places renamed) unless they are there. */
export function ensureBenchExtract(base: string, objects: number): { fresh: string; changed: string } {
  const fresh = `${base}.osm.pbf`;
  const changed = `${base}-changed.osm.pbf`;
  if (fs.existsSync(fresh) && fs.existsSync(changed)) return { fresh, changed };
  const rng = mulberry32(50);
  const a = fs.openSync(`${base}.opl`, 'w');
  const b = fs.openSync(`${base}-changed.opl`, 'w');
  let bufA = '';
  let bufB = '';
  for (let i = 1; i <= objects; i++) {
    const family = FAMILIES[i % FAMILIES.length];
    const lon = (-123 + rng() * 52).toFixed(7);
    const lat = (26 + rng() * 22).toFixed(7);
    const tags: Record<string, string> = { ...family, name: `Place ${i}` };
    if (rng() < 0.3) tags.opening_hours = HOURS[Math.floor(rng() * HOURS.length)];
    if (rng() < 0.2) tags.phone = `+1 555 ${String(i % 10_000).padStart(4, '0')}`;
    const line = (t: Record<string, string>) => `n${i} v1 x${lon} y${lat} T${Object.entries(t).map(([k, v]) => `${escape(k)}=${escape(v)}`).join(',')}\n`;
    bufA += line(tags);
    bufB += line(i % 100 === 0 ? { ...tags, name: `${tags.name} (renamed)` } : tags);
    if (bufA.length > 1 << 20) {
      fs.writeSync(a, bufA);
      fs.writeSync(b, bufB);
      bufA = bufB = '';
    }
  }
  fs.writeSync(a, bufA);
  fs.writeSync(b, bufB);
  fs.closeSync(a);
  fs.closeSync(b);
  execFileSync('osmium', ['cat', `${base}.opl`, '-o', fresh, '--overwrite']);
  execFileSync('osmium', ['cat', `${base}-changed.opl`, '-o', changed, '--overwrite']);
  fs.rmSync(`${base}.opl`);
  fs.rmSync(`${base}-changed.opl`);
  return { fresh, changed };
}
