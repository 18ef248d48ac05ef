// The benchmark's extract: N tagged OpenStreetMap objects across the contiguous US (every tag family of the places
// import, real-looking hours good and sloppy, brands, RV tags, and a tenth of objects that are not places), written
// as OPL and converted to PBF with osmium; and the same extract a year on, with 1% of its places renamed. One object
// in ten is an area (a closed way of four untagged nodes) whose ids are spread over a real extract's range (nodes to
// 12 billion, ways to 1.3 billion), as areas drawn over twenty years are: osmium's filter keeps a bit per id of that
// range for the nodes the areas need, whatever the extract's size.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { oplTags } from '@/lib/core/opl';
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

/** The largest node and way ids of a planet extract at the end of 2026, about. */
const MAX_NODE_ID = 12e9;
const MAX_WAY_ID = 1.3e9;
/** An area's half width in degrees, about 100 m. */
const HALF = 0.001;
const isArea = (i: number) => i % 10 === 3;

/** Writes `<base>.osm.pbf` and `<base>-changed.osm.pbf` (1% of the places renamed) unless they are there. */
export function ensureBenchExtract(base: string, objects: number): { fresh: string; changed: string } {
  const fresh = `${base}.osm.pbf`;
  const changed = `${base}-changed.osm.pbf`;
  if (fs.existsSync(fresh) && fs.existsSync(changed)) return { fresh, changed };
  const rng = mulberry32(50);
  const areas = Math.floor(objects / 10) + 1;
  // OPL sorted as osmium wants it: the tagged nodes (ids 1 to N), the areas' corners (ids above), then the ways.
  const parts = ['points', 'corners', 'ways', 'points-changed', 'ways-changed'].map((name) => new OplPart(`${base}-${name}.opl`));
  const [points, corners, ways, pointsChanged, waysChanged] = parts;
  for (let i = 1, area = 0; i <= objects; i++) {
    const family = FAMILIES[i % FAMILIES.length];
    const lon = -123 + rng() * 52;
    const lat = 26 + rng() * 22;
    const tags: Record<string, string> = { ...family, name: `Place ${i}` };
    if (rng() < 0.3) tags.opening_hours = HOURS[Math.floor(rng() * HOURS.length)];
    if (rng() < 0.2) tags.phone = `+1 555 ${String(i % 10_000).padStart(4, '0')}`;
    const changedTags = i % 100 === 0 ? { ...tags, name: `${tags.name} (renamed)` } : tags;
    if (!isArea(i)) {
      const node = `n${i} v1 x${lon.toFixed(7)} y${lat.toFixed(7)}`;
      points.write(`${node} T${oplTags(tags)}\n`);
      pointsChanged.write(`${node} T${oplTags(changedTags)}\n`);
      continue;
    }
    const firstCorner = objects + 1 + Math.floor((area * (MAX_NODE_ID - objects - 4)) / areas);
    const wayId = 1 + Math.floor((area * MAX_WAY_ID) / areas);
    area++;
    const square = [[-HALF, -HALF], [HALF, -HALF], [HALF, HALF], [-HALF, HALF]];
    square.forEach(([dx, dy], c) => corners.write(`n${firstCorner + c} v1 x${(lon + dx).toFixed(7)} y${(lat + dy).toFixed(7)} T\n`));
    const refs = [0, 1, 2, 3, 0].map((c) => `n${firstCorner + c}`).join(',');
    ways.write(`w${wayId} v1 T${oplTags(tags)} N${refs}\n`);
    waysChanged.write(`w${wayId} v1 T${oplTags(changedTags)} N${refs}\n`);
  }
  for (const part of parts) part.close();
  // Written under other names first: a run stopped halfway leaves no extract that looks whole.
  execFileSync('osmium', ['cat', points.file, corners.file, ways.file, '-o', `${fresh}.part`, '-f', 'pbf', '--overwrite']);
  execFileSync('osmium', ['cat', pointsChanged.file, corners.file, waysChanged.file, '-o', `${changed}.part`, '-f', 'pbf', '--overwrite']);
  fs.renameSync(`${fresh}.part`, fresh);
  fs.renameSync(`${changed}.part`, changed);
  for (const part of parts) fs.rmSync(part.file);
  return { fresh, changed };
}

/** An OPL file written in megabyte blocks. */
class OplPart {
  private readonly fd: number;
  private buffer = '';

  constructor(readonly file: string) {
    this.fd = fs.openSync(file, 'w');
  }

  write(line: string): void {
    this.buffer += line;
    if (this.buffer.length > 1 << 20) this.flush();
  }

  close(): void {
    this.flush();
    fs.closeSync(this.fd);
  }

  private flush(): void {
    fs.writeSync(this.fd, this.buffer);
    this.buffer = '';
  }
}
