// `npm run bench:map-import`: the time, peak memory and output of `npm run map:import` on a state-size extract, beside
// the Vancouver extract alone (../shared/osm, 3 MB) in the same run. No state extract can be downloaded here, so the
// state-size one is made from Vancouver's: `--copies` copies (36 by default, about 100 MB of PBF, as Utah's extract
// is) laid out on a grid across Utah's extent. Its ids are renumbered from 1 (osmium renumber) and each copy's moved
// by a multiple of a million, so none collide (ids moved by multiples of 10^10 made tilemaker fail with bad_alloc). Its
// streets are a city's everywhere, so it is denser than a real state: an upper bound on the tile step's cost.
// The extract is kept in .test-data/bench/map-import; each import runs under /usr/bin/time, whose peak memory is that
// of the largest process (tilemaker).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_DIR } from './dataset';

const { values } = parseArgs({ options: { copies: { type: 'string', default: '36' } } });
const COPIES = Number(values.copies);
const VANCOUVER = path.resolve('../shared/osm/vancouver_canada.osm.pbf');
const DIR = path.join(BENCH_DIR, 'map-import');
const ID_STEP = 1_000_000;
// Utah's extent: 114.05 to 109.04 W, 37.0 to 42.0 N.
const UTAH = { west: -114.0, south: 37.0, east: -109.1, north: 41.9 };

/** One copy's OPL line: its id moved by `offset`, and its coordinates (nodes) moved by dLon, dLat. */
function moveLine(line: string, offset: number, dLon: number, dLat: number): string {
  return line
    .split(' ')
    .map((field, i) => {
      if (i === 0) return field[0] + (Number(field.slice(1)) + offset);
      if (field[0] === 'x' && line[0] === 'n') return `x${(Number(field.slice(1)) + dLon).toFixed(7)}`;
      if (field[0] === 'y' && line[0] === 'n') return `y${(Number(field.slice(1)) + dLat).toFixed(7)}`;
      if (field[0] === 'N' || field[0] === 'M') return field[0] + field.slice(1).replace(/([nwr])(\d+)/g, (_, t: string, id: string) => t + (Number(id) + offset));
      return field;
    })
    .join(' ');
}

/** The state-size extract: all copies' nodes, then their ways, then their relations, so that it stays sorted by id. */
async function makeStateSizeExtract(file: string) {
  const renumbered = path.join(DIR, 'vancouver-renumbered.osm.pbf');
  execFileSync('osmium', ['renumber', VANCOUVER, '-o', renumbered, '--overwrite']);
  const opl = execFileSync('osmium', ['cat', '-f', 'opl', renumbered], { maxBuffer: 1 << 30 }).toString().split('\n').filter(Boolean);
  fs.rmSync(renumbered);
  // Renumbered from 1 up, each kind stays under the step between copies, so no two copies share an id.
  const largest = Math.max(...opl.map((line) => Number(line.slice(1, line.indexOf(' ')))));
  if (largest >= ID_STEP) throw new Error(`ids run to ${largest}: the copies' ids would collide`);
  const side = Math.ceil(Math.sqrt(COPIES));
  const [west, south] = [-123.29, 49.195];
  const copies = Array.from({ length: COPIES }, (_, k) => ({
    offset: (k + 1) * ID_STEP,
    dLon: UTAH.west + ((k % side) * (UTAH.east - UTAH.west)) / side - west,
    dLat: UTAH.south + (Math.floor(k / side) * (UTAH.north - UTAH.south)) / side - south,
  }));
  const osmium = spawn('osmium', ['cat', '-F', 'opl', '-', '-o', file, '--overwrite'], { stdio: ['pipe', 'inherit', 'inherit'] });
  const done = new Promise<void>((resolve, reject) => osmium.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`osmium exited ${code}`)))));
  for (const type of ['n', 'w', 'r']) {
    const lines = opl.filter((l) => l[0] === type);
    for (const c of copies) {
      const chunk = `${lines.map((l) => moveLine(l, c.offset, c.dLon, c.dLat)).join('\n')}\n`;
      if (!osmium.stdin.write(chunk)) await new Promise((resolve) => osmium.stdin.once('drain', resolve));
    }
  }
  osmium.stdin.end();
  await done;
}

interface Run {
  seconds: number;
  peakMiB: number;
  tiles: number;
  mbtilesMiB: number;
}

/** `npm run map:import -- file` into a fresh data directory, under /usr/bin/time. */
function importUnderTime(file: string, name: string): Run {
  const dataDir = path.join(DIR, `data-${name}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const timeFile = path.join(DIR, `${name}.time`);
  const out = execFileSync('/usr/bin/time', ['-o', timeFile, '-f', '%e %M', 'npx', 'tsx', 'scripts/map/import.ts', file], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', DATABASE_READ_URLS: '' },
    maxBuffer: 1 << 26,
  }).toString();
  process.stdout.write(out);
  const [seconds, peakKiB] = fs.readFileSync(timeFile, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
  const tiles = Number(/: (\d+) tiles/.exec(out)?.[1] ?? NaN);
  const mbtilesMiB = fs.statSync(path.join(dataDir, 'map.mbtiles')).size / 2 ** 20;
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { seconds, peakMiB: peakKiB / 1024, tiles, mbtilesMiB };
}

async function main() {
  fs.mkdirSync(DIR, { recursive: true });
  const big = path.join(DIR, `vancouver-x${COPIES}.osm.pbf`);
  if (!fs.existsSync(big)) {
    process.stdout.write(`making a state-size extract of ${COPIES} copies of Vancouver's ...\n`);
    const started = Date.now();
    await makeStateSizeExtract(`${big}.partial.osm.pbf`);
    fs.renameSync(`${big}.partial.osm.pbf`, big);
    process.stdout.write(`made in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  }
  const runs: [string, string, Run][] = [];
  for (const [label, file, name] of [
    ['Vancouver (baseline)', VANCOUVER, 'vancouver'],
    [`${COPIES} x Vancouver over Utah's extent`, big, 'state'],
  ] as const) {
    process.stdout.write(`\n${label}:\n`);
    runs.push([label, file, importUnderTime(file, name)]);
  }
  process.stdout.write(`\n${'extract'.padEnd(40)} ${'PBF MiB'.padStart(8)} ${'seconds'.padStart(8)} ${'peak MiB'.padStart(9)} ${'tiles'.padStart(9)} ${'MBTiles MiB'.padStart(12)}\n`);
  for (const [label, file, r] of runs) {
    const pbf = fs.statSync(file).size / 2 ** 20;
    process.stdout.write(`${label.padEnd(40)} ${pbf.toFixed(1).padStart(8)} ${r.seconds.toFixed(1).padStart(8)} ${r.peakMiB.toFixed(0).padStart(9)} ${String(r.tiles).padStart(9)} ${r.mbtilesMiB.toFixed(1).padStart(12)}\n`);
  }
}

void main();
