import fs from 'node:fs';
import path from 'node:path';
import type { OsmiumNeeds } from '@/lib/core/osmium-exit';
import { osmiumRunner } from '@/lib/core/osmium-runner';
import { ROAD_CLASSES } from '../road-classes';
import { type OplWay, parseOplWay } from './opl';
import { importTempDir, removeImportTempDir } from './temp-dir';
import { RoadImportError, type RoadSource, type SourceWay } from './types';

const ROAD_IMPORT_NEEDS: OsmiumNeeds = {
  importName: 'the road import',
  memory: "it needs about 2 GiB free whatever the extract's size (filtering the roads keeps a set of node ids, which reach 12 billion; the nodes' locations go to disk)",
  disk: "it keeps the extract's roads and their nodes' locations there while it runs (about 3 GiB for a network the contiguous US's size, 137 million road nodes)",
};

/**
 * osmium as the road import runs it: running out of memory (its own message, or killed by the kernel) or of disk says
 * what the extract needs, as measured with `npm run bench:roads-import`.
 */
export const roadsOsmium = osmiumRunner(ROAD_IMPORT_NEEDS, (message) => new RoadImportError(message));

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
    await roadsOsmium.run(file, ['tags-filter', file, `w/highway=${ROAD_CLASSES.join(',')}`, '-o', roads]);
    await roadsOsmium.run(file, ['add-locations-to-ways', roads, '-i', `sparse_file_array,${locations}`, '--ignore-missing-nodes', '-o', located]);
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
  for await (const line of roadsOsmium.lines(file, ['cat', roads, '-t', 'way', '-f', 'opl,add_metadata=false,locations_on_ways=true'])) {
    const way = parseOplWay(line);
    if (!way) continue;
    yield* splitAtMissingNodes(way.id, way.nodes, way.tags);
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
