// The road import bench's extract: the routing bench's generated grid written as an OpenStreetMap file the way a real
// extract draws roads, with shape nodes between the junctions (a real road bends: the US's roads have several vertices
// an edge) and node ids spread over the range real ones take (up to about 12 billion), so osmium's location index
// and the import's vertex counting meet what a country's extract gives them. Written as OPL into osmium, which makes
// the PBF.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { once } from 'node:events';
import { oplTags } from '@/lib/core/opl';
import type { LonLat } from '@/lib/roads/edge';
import { gridNetwork } from './routing-grid-source';

/** Real OpenStreetMap node ids reach about 12 billion; the generated ids are spread over that range. */
const ID_RANGE = 12e9;
/** How far a shape node strays from the straight line, in degrees (about 50 m): the roads bend. */
const BEND_DEGREES = 0.0005;

export interface RoadExtract {
  file: string;
  /** Nodes written: junctions and shape nodes. */
  nodes: number;
  ways: number;
}

/**
 * Writes the grid of about `edges` edges with `shapeNodes` shape nodes on every junction-to-junction segment to
 * `file` (.osm.pbf), unless it is there. Every junction owns a block of ids: its own, then its east segment's shape
 * nodes, then its north segment's, so the nodes are written in id order as osmium wants them.
 */
export async function ensureRoadExtract(file: string, edges: number, shapeNodes: number): Promise<RoadExtract> {
  const grid = gridNetwork(edges);
  const columns = grid.side + 1;
  const junctions = columns * columns;
  const block = 1 + 2 * shapeNodes;
  const nodes = junctions * block;
  const stride = Math.max(1, Math.floor(ID_RANGE / nodes));
  const osmId = (index: number) => 1 + index * stride;
  const counted = { file, nodes, ways: 0 };
  if (fs.existsSync(file)) {
    for await (const _ of grid.source.ways()) counted.ways++;
    return counted;
  }

  const osmium = spawn('osmium', ['cat', '-F', 'opl', '-', '-o', `${file}.partial`, '-f', 'pbf', '--overwrite', '--no-progress'], { stdio: ['pipe', 'inherit', 'inherit'] });
  const exited = once(osmium, 'close');
  let text = '';
  const write = async (line: string) => {
    text += line;
    if (text.length < 1 << 20) return;
    if (!osmium.stdin.write(text)) await once(osmium.stdin, 'drain');
    text = '';
  };

  const shapeAt = (from: LonLat, to: LonLat, k: number): LonLat => {
    const t = k / (shapeNodes + 1);
    const bend = Math.sin(t * Math.PI) * BEND_DEGREES;
    return [from[0] + (to[0] - from[0]) * t + bend, from[1] + (to[1] - from[1]) * t + bend];
  };
  const node = (index: number, [lon, lat]: LonLat) => `n${osmId(index)} v1 x${lon.toFixed(7)} y${lat.toFixed(7)}\n`;
  for (let row = 0; row < columns; row++) {
    for (let column = 0; column < columns; column++) {
      const base = (row * columns + column) * block;
      const here = grid.junction(column, row);
      await write(node(base, here));
      if (column < grid.side) {
        const east = grid.junction(column + 1, row);
        for (let k = 1; k <= shapeNodes; k++) await write(node(base + k, shapeAt(here, east, k)));
      }
      if (row < grid.side) {
        const north = grid.junction(column, row + 1);
        for (let k = 1; k <= shapeNodes; k++) await write(node(base + shapeNodes + k, shapeAt(here, north, k)));
      }
    }
  }

  /** The ids from junction `a` to the adjacent junction `b`, its shape nodes between, in the way's direction. */
  const segment = (a: number, b: number): number[] => {
    const [low, high] = a < b ? [a, b] : [b, a];
    const first = low * block + (high - low === 1 ? 1 : 1 + shapeNodes);
    const shapes = Array.from({ length: shapeNodes }, (_, k) => osmId(first + k));
    return a < b ? shapes : shapes.reverse();
  };
  for await (const way of grid.source.ways()) {
    counted.ways++;
    const keys = way.keys as number[];
    const refs = [osmId(keys[0] * block)];
    for (let i = 1; i < keys.length; i++) refs.push(...segment(keys[i - 1], keys[i]), osmId(keys[i] * block));
    await write(`w${counted.ways} v1 T${oplTags(way.tags)} N${refs.map((id) => `n${id}`).join(',')}\n`);
  }
  osmium.stdin.end(text);
  const [code] = await exited;
  if (code !== 0) throw new Error(`osmium could not write ${file}: exit ${code}`);
  fs.renameSync(`${file}.partial`, file);
  return counted;
}
