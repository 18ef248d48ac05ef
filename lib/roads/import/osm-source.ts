import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { ROAD_CLASSES } from '../road-classes';
import { type OplWay, parseOplWay } from './opl';
import { RoadImportError, type RoadSource, type SourceWay } from './types';

const OSMIUM = 'osmium';

/**
 * An OpenStreetMap extract (`.osm`, `.osm.pbf`, `.osm.bz2`, `.osm.gz`) read through Debian's osmium-tool: the
 * ways of the road classes with their nodes (`osmium tags-filter`), given their nodes' locations and written as
 * OPL (`osmium add-locations-to-ways`), one way a line. Nodes keep their OSM ids, so roads meet where OSM says.
 */
export function osmSource(file: string): RoadSource {
  return { label: `OpenStreetMap extract ${path.basename(file)}`, osmNodeIds: true, ways: () => osmWays(file) };
}

async function* osmWays(file: string): AsyncIterable<SourceWay> {
  const filter = spawn(OSMIUM, ['tags-filter', file, `w/highway=${ROAD_CLASSES.join(',')}`, '-f', 'pbf', '-o', '-', '--no-progress'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const locate = spawn(OSMIUM, ['add-locations-to-ways', '-F', 'pbf', '-', '--ignore-missing-nodes', '-f', 'opl,add_metadata=false', '-o', '-', '--no-progress'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  filter.stdout.pipe(locate.stdin);
  // If the second osmium stops early, its exit says why; the broken pipe is no news.
  locate.stdin.on('error', () => {});
  const done = Promise.all([finished(filter, file), finished(locate, file)]);
  // Keep the rejection for the await below; a missing osmium rejects before any line arrives.
  done.catch(() => {});
  try {
    for await (const line of readline.createInterface({ input: locate.stdout, crlfDelay: Infinity })) {
      const way = parseOplWay(line);
      if (!way) continue;
      yield* splitAtMissingNodes(way.id, way.nodes, way.tags);
    }
    await done;
  } finally {
    filter.kill();
    locate.kill();
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

function finished(child: ReturnType<typeof spawn>, file: string): Promise<void> {
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
      if (code === 0 || signal === 'SIGTERM') resolve();
      else reject(new RoadImportError(`osmium could not read ${path.basename(file)}: ${stderr.trim().split('\n').pop() || `exit ${code}`}`));
    });
  });
}
