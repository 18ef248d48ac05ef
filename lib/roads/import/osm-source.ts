import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { type OsmiumNeeds, osmiumFailureSentence } from '@/lib/core/osmium-exit';
import { ROAD_CLASSES } from '../road-classes';
import { type OplWay, parseOplWay } from './opl';
import { importTempDir, removeImportTempDir } from './temp-dir';
import { RoadImportError, type RoadSource, type SourceWay } from './types';

const OSMIUM = 'osmium';

/**
 * An OpenStreetMap extract (`.osm`, `.osm.pbf`, `.osm.bz2`, `.osm.gz`) read through Debian's osmium-tool. The
 * extract is read once, before the first reading: the ways of the road classes with their nodes (`osmium
 * tags-filter`), then given their nodes' locations (`osmium add-locations-to-ways`), into a file of its own in the
 * temporary directory; each reading then streams that file's ways as OPL, one way a line. One step at a time, so
 * osmium's two indexes (the ids a filter keeps, the nodes' locations) are never held together, and a country's
 * extract is filtered and located once, not for each reading. The locations are kept in a file (osmium's
 * `sparse_file_array`, 16 bytes a node, in the page cache): its default index in memory grows by doubling and held
 * 4 GiB at once for 137 million nodes. Nodes keep their OSM ids, so roads meet where OSM says.
 */
export function osmSource(file: string): RoadSource {
  let located: Promise<LocatedRoads> | null = null;
  return {
    label: `OpenStreetMap extract ${path.basename(file)}`,
    osmNodeIds: true,
    ways: () => osmWays(file, (located ??= locateRoads(file))),
    async close() {
      const done = await located?.catch(() => null);
      located = null;
      done?.remove();
    },
  };
}

interface LocatedRoads {
  /** A PBF of the extract's road ways, each node with its location. */
  file: string;
  remove(): void;
}

async function locateRoads(file: string): Promise<LocatedRoads> {
  const dir = importTempDir('roads-osm-');
  const remove = () => removeImportTempDir(dir);
  try {
    const roads = path.join(dir, 'roads.osm.pbf');
    const located = path.join(dir, 'located.osm.pbf');
    const locations = path.join(dir, 'locations.idx');
    await run(file, ['tags-filter', file, `w/highway=${ROAD_CLASSES.join(',')}`, '-o', roads, '--no-progress']);
    await run(file, ['add-locations-to-ways', roads, '-i', `sparse_file_array,${locations}`, '--ignore-missing-nodes', '-o', located, '--no-progress']);
    fs.rmSync(roads);
    fs.rmSync(locations);
    return { file: located, remove };
  } catch (err) {
    remove();
    throw err;
  }
}

async function* osmWays(file: string, located: Promise<LocatedRoads>): AsyncIterable<SourceWay> {
  const roads = (await located).file;
  const cat = spawn(OSMIUM, ['cat', roads, '-t', 'way', '-f', 'opl,add_metadata=false,locations_on_ways=true', '-o', '-', '--no-progress'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const done = finished(cat, file);
  // Keep the rejection for the await below; a missing osmium rejects before any line arrives.
  done.catch(() => {});
  try {
    for await (const line of readline.createInterface({ input: cat.stdout, crlfDelay: Infinity })) {
      const way = parseOplWay(line);
      if (!way) continue;
      yield* splitAtMissingNodes(way.id, way.nodes, way.tags);
    }
    await done;
  } finally {
    cat.kill();
  }
}

/** A way whose extract lacks some of its nodes (cut at the extract's edge) goes on as the pieces that have them. */
function* splitAtMissingNodes(wayId: number, nodes: OplWay['nodes'], tags: SourceWay['tags']): Iterable<SourceWay> {
  let piece: SourceWay = { wayId, keys: [], coordinates: [], tags };
  for (const node of nodes) {
    if (node.location) {
      piece.keys.push(node.id);
      piece.coordinates.push(node.location);
      continue;
    }
    if (piece.keys.length >= 2) yield piece;
    piece = { wayId, keys: [], coordinates: [], tags };
  }
  if (piece.keys.length >= 2) yield piece;
}

function run(file: string, args: string[]): Promise<void> {
  return finished(spawn(OSMIUM, args, { stdio: ['ignore', 'ignore', 'pipe'] }), file, false);
}

/** `killedByUs`: a reading stopped early kills its osmium, which is no failure; a step stopped by anyone else is. */
function finished(child: ReturnType<typeof spawn>, file: string, killedByUs = true): Promise<void> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new RoadImportError("reading OpenStreetMap files needs osmium-tool: run 'sudo apt-get install osmium-tool' and try again")
          : err,
      ),
    );
    child.on('close', (code, signal) => {
      if (code === 0 || (killedByUs && signal === 'SIGTERM')) resolve();
      else reject(osmiumFailure(file, code, signal, stderr));
    });
  });
}

/**
 * Why osmium stopped, in one sentence; running out of memory (its own message, or killed by the kernel) or of disk
 * says what the extract needs, as measured with `npm run bench:roads-import`.
 */
export function osmiumFailure(file: string, code: number | null, signal: NodeJS.Signals | null, stderr: string): RoadImportError {
  return new RoadImportError(osmiumFailureSentence(file, code, signal, stderr, ROAD_IMPORT_NEEDS));
}

const ROAD_IMPORT_NEEDS: OsmiumNeeds = {
  importName: 'the road import',
  memory: "it needs about 2 GiB free whatever the extract's size (filtering the roads keeps a set of node ids, which reach 12 billion; the nodes' locations go to disk)",
  disk: "it keeps the extract's roads and their nodes' locations there while it runs (about 3 GiB for a network the contiguous US's size, 137 million road nodes)",
};
