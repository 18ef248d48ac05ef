import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MbtilesError, MbtilesReader } from '../mbtiles';
import { MapImportError } from './errors';
import { lastLine, runTool } from './run-tool';

/** tilemaker's OpenMapTiles configuration and profile (lib/map/import/tilemaker/README.md says where they come from). */
const PROFILE_DIR = path.join(__dirname, 'tilemaker');

export type MakeTilesPhase = 'reading the extract' | 'checking its references' | 'making tiles' | 'checking the tiles';

export interface MadeTiles {
  file: string;
  tileCount: number;
  /** Ways dropped because the extract lacks some of their nodes (an extract cut without complete ways). */
  waysWithoutNodes: number;
}

const isPbf = (file: string) => /\.pbf$/i.test(file);

/**
 * Makes vector tiles (OpenMapTiles schema, zooms 0 to 14) from an OpenStreetMap extract with Debian's tilemaker, into
 * an MBTiles file in `workDir`. Any extract osmium reads (.osm.pbf, .osm, .osm.bz2, .osm.gz, .opl) is converted to
 * PBF first; ways whose nodes the extract lacks are dropped, since tilemaker stops at the first one.
 */
export async function makeTiles(input: string, workDir: string, onPhase: (phase: MakeTilesPhase) => void = () => {}): Promise<MadeTiles> {
  if (!fs.existsSync(input)) throw new MapImportError(`${input} does not exist`);
  if (!fs.statSync(input).isFile()) throw new MapImportError(`${input} is not a file`);
  const name = path.basename(input);

  onPhase('reading the extract');
  let pbf = input;
  if (!isPbf(input)) {
    pbf = path.join(workDir, 'extract.osm.pbf');
    const cat = await runTool('osmium', ['cat', input, '-o', pbf, '-O', '--no-progress']);
    if (cat.code !== 0) throw new MapImportError(`osmium could not read ${name}: ${lastLine(cat.stderr) || `exit ${cat.code}`}`);
  }

  onPhase('checking its references');
  const missingFile = path.join(workDir, 'missing-refs.txt');
  const check = await runTool('osmium', ['check-refs', '--show-ids', pbf], { stdoutFile: missingFile });
  // Exit 1 also means "some references are missing": only the summary line says the file was read to its end.
  if (!/Nodes in ways missing: \d+/.test(check.stderr)) throw new MapImportError(`osmium could not read ${name}: ${lastLine(check.stderr) || `exit ${check.code}`}`);
  const ways = new Set(fs.readFileSync(missingFile, 'utf8').split('\n').map((l) => / in (w\d+)$/.exec(l)?.[1]).filter((w): w is string => Boolean(w)));
  if (ways.size) {
    const idsFile = path.join(workDir, 'incomplete-ways.txt');
    fs.writeFileSync(idsFile, [...ways].join('\n') + '\n');
    const complete = path.join(workDir, 'complete.osm.pbf');
    const removed = await runTool('osmium', ['removeid', '-i', idsFile, pbf, '-o', complete, '-O', '--no-progress']);
    if (removed.code !== 0) throw new MapImportError(`osmium could not drop the incomplete ways of ${name}: ${lastLine(removed.stderr)}`);
    pbf = complete;
  }

  onPhase('making tiles');
  const file = path.join(workDir, 'map.mbtiles');
  const args = ['--input', pbf, '--output', file, '--config', path.join(PROFILE_DIR, 'config.json'), '--process', path.join(PROFILE_DIR, 'process.lua')];
  const bbox = await boundingBox(pbf);
  if (bbox) args.push('--bbox', bbox);
  args.push('--threads', String(Math.max(1, os.availableParallelism())));
  const made = await runTool('tilemaker', args);
  if (made.code !== 0 || !fs.existsSync(file)) throw new MapImportError(`tilemaker could not make tiles from ${name}: ${lastLine(made.stderr) || `exit ${made.code}`}`);

  onPhase('checking the tiles');
  let tileCount: number;
  try {
    const reader = MbtilesReader.open(file);
    try {
      tileCount = reader.tileCount();
    } finally {
      reader.close();
    }
  } catch (err) {
    throw new MapImportError(err instanceof MbtilesError ? `tilemaker wrote no usable map: ${err.message}` : String(err));
  }
  if (tileCount === 0) throw new MapImportError(`${name} holds nothing to draw: tilemaker made no tile`);
  return { file, tileCount, waysWithoutNodes: ways.size };
}

/**
 * The area tilemaker tiles: the extract's own box from its header (Geofabrik's region), or else the box around its
 * data (an extract written without one, as OPL and many .osm files are).
 */
async function boundingBox(pbf: string): Promise<string | null> {
  const header = path.join(path.dirname(pbf), 'bbox.txt');
  const fromHeader = await runTool('osmium', ['fileinfo', '-g', 'header.boxes', pbf], { stdoutFile: header });
  let box = fromHeader.code === 0 ? fs.readFileSync(header, 'utf8').trim().split('\n')[0] : '';
  if (!box) {
    const fromData = await runTool('osmium', ['fileinfo', '-e', '-g', 'data.bbox', pbf], { stdoutFile: header });
    box = fromData.code === 0 ? fs.readFileSync(header, 'utf8').trim() : '';
  }
  const m = /^\((-?[\d.]+),(-?[\d.]+),(-?[\d.]+),(-?[\d.]+)\)$/.exec(box);
  return m ? `${m[1]},${m[2]},${m[3]},${m[4]}` : null;
}
