import { hash32, mulberry32 } from '@/lib/places/dataset/prng';
import type { LonLat } from '@/lib/roads/edge';
import type { RoadSource, SourceWay } from '@/lib/roads/import/types';
import type { OsmTags } from '@/lib/roads/road-tags';
import { pairsApart } from './routing-pairs';

/**
 * A generated road network for the routing bench: a square grid of 1 km cells whose junctions are moved up to
 * JITTER_KM each way, with road classes by line (a motorway every 50 km, a primary road every 10, a tertiary road
 * every 5, residential streets between), a few residential streets missing, and a few limits (low bridges, weight
 * limits) so a rig's checks run. Seeded: the same seed and size give the same network.
 */
const CELL_KM = 1;
const JITTER_KM = 0.35;
const MISSING_STREETS = 0.03;
const LOW_BRIDGES = 0.002;
const WEIGHT_LIMITS = 0.005;
/** The square's south-west corner (somewhere on the Great Plains; the network is not real roads). */
const ORIGIN: LonLat = [-104, 38];

export interface GridNetwork {
  source: RoadSource;
  /** Cells along a side: the grid has (side + 1)² junctions and about 2·side·(side + 1) edges. */
  side: number;
  /** Where junction (column, row) lies. */
  junction(column: number, row: number): LonLat;
}

function roadClass(line: number): string {
  if (line % 50 === 0) return 'motorway';
  if (line % 10 === 0) return 'primary';
  if (line % 5 === 0) return 'tertiary';
  return 'residential';
}

/** A grid of about `edges` edges (two per junction). */
export function gridNetwork(edges: number, seed = 2026): GridNetwork {
  const side = Math.max(2, Math.round(Math.sqrt(edges / 2)));
  const junction = (column: number, row: number): LonLat => {
    const rng = mulberry32(hash32(seed, column * 1_000_003 + row));
    const northKm = (row + (rng() * 2 - 1) * JITTER_KM) * CELL_KM;
    const eastKm = (column + (rng() * 2 - 1) * JITTER_KM) * CELL_KM;
    const lat = ORIGIN[1] + northKm / 110.57;
    return [ORIGIN[0] + eastKm / (111.32 * Math.cos((lat * Math.PI) / 180)), lat];
  };
  const key = (column: number, row: number) => row * (side + 1) + column;

  /** One grid line as ways: runs of plain segments, each limited segment a way of its own (as a bridge is in OSM), gaps where a street is missing. */
  function* line(index: number, vertical: boolean, rng: () => number): Generator<SourceWay> {
    const highway = roadClass(index);
    const at = (step: number): [number, number] => (vertical ? [index, step] : [step, index]);
    const way = (from: number, to: number, extra: OsmTags = {}): SourceWay => {
      const steps = Array.from({ length: to - from + 1 }, (_, i) => at(from + i));
      return { wayId: null, keys: steps.map(([c, r]) => key(c, r)), coordinates: steps.map(([c, r]) => junction(c, r)), tags: { highway, ...extra } };
    };
    let start = 0;
    for (let step = 0; step < side; step++) {
      const roll = rng();
      const missing = highway === 'residential' && roll < MISSING_STREETS;
      const limit: OsmTags | null = missing
        ? null
        : roll > 1 - LOW_BRIDGES
          ? { maxheight: '3.5', bridge: 'yes' }
          : roll > 1 - LOW_BRIDGES - WEIGHT_LIMITS && highway !== 'motorway'
            ? { maxweight: '7.5' }
            : null;
      if (!missing && !limit) continue;
      if (step > start) yield way(start, step);
      if (limit) yield way(step, step + 1, limit);
      start = step + 1;
    }
    if (side > start) yield way(start, side);
  }

  const source: RoadSource = {
    label: `Generated grid of ${side} × ${side} cells of ${CELL_KM} km (seed ${seed}); not real roads`,
    osmNodeIds: false,
    async *ways() {
      const rng = mulberry32(seed);
      for (let index = 0; index <= side; index++) {
        yield* line(index, false, rng);
        yield* line(index, true, rng);
      }
    },
  };
  return { source, side, junction };
}

/** Pairs of junctions `minKm` to `maxKm` apart (great circle), drawn by a seeded generator. */
export function gridPairs(grid: GridNetwork, count: number, minKm: number, maxKm: number): [LonLat, LonLat][] {
  const rng = mulberry32(37);
  const pick = () => grid.junction(Math.floor(rng() * (grid.side + 1)), Math.floor(rng() * (grid.side + 1)));
  return pairsApart(pick, count, minKm, maxKm);
}

/**
 * The long pairs, 1,000 to 4,000 km apart (Denver to Las Vegas by Moab and Zion is about 1,600): on a grid
 * too small for them, from half to nine tenths of its diagonal.
 */
export function longGridPairs(grid: GridNetwork, count: number): { pairs: [LonLat, LonLat][]; minKm: number; maxKm: number } {
  const diagonalKm = grid.side * CELL_KM * Math.SQRT2;
  const [minKm, maxKm] = [Math.min(1_000, diagonalKm * 0.5), Math.min(4_000, diagonalKm * 0.9)];
  return { pairs: gridPairs(grid, count, minKm, maxKm), minKm, maxKm };
}
