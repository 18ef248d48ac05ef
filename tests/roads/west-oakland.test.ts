// A real OpenStreetMap extract, imported as an operator would (`.osm.bz2`, through osmium) and routed on by every
// engine: West Oakland, shipped by Debian's python-osmnx-doc (osmnx's own test data). © OpenStreetMap contributors,
// available under the Open Database Licence (ODbL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '@/lib/places/dataset/prng';
import type { LonLat, RoadEdge, RoadNode } from '@/lib/roads/edge';
import { importRoads } from '@/lib/roads/import/import-roads';
import { openRoadSource } from '@/lib/roads/import/open-source';
import { mayUse } from '@/lib/roads/restrictions';
import type { RoadRouter } from '@/lib/roads/router/types';
import type { RoadStore } from '@/lib/roads/store/types';
import { PRESET_VEHICLES } from '@/lib/roads/vehicle';
import { ROAD_ENGINES } from './support/engines';
import { dijkstra } from './support/oracle';
import { WEST_OAKLAND } from '../support/osm-extracts';

const RIGS = [PRESET_VEHICLES.car, PRESET_VEHICLES['class-a']];
const PAIRS = 25;

/** Seconds per pair and rig, per engine: both engines must give the same. */
const costs = new Map<string, (number | null)[]>();

describe.each(ROAD_ENGINES)('road engine: $name, on West Oakland', (engine) => {
  let store: RoadStore;
  let router: RoadRouter;
  let close: () => Promise<void>;
  let nodes: RoadNode[];
  let edges: RoadEdge[];

  beforeAll(async () => {
    ({ store, router, close } = await engine.open());
    const summary = await importRoads(store, openRoadSource(WEST_OAKLAND), WEST_OAKLAND);
    expect(summary.network).toMatchObject({ name: 'West-Oakland', generated: false });
    expect(summary.network.source).toMatch(/West-Oakland\.osm\.bz2/);
    const loaded = (await store.load())!;
    [nodes, edges] = [loaded.nodes, loaded.edges.toArray()];
  }, 120_000);
  afterAll(() => close?.());

  it('reads its streets, with OSM node ids', () => {
    expect(edges.length).toBeGreaterThan(40);
    expect(nodes.every((n) => Number.isInteger(n.osmId))).toBe(true);
  });

  it('routes between junctions as a brute-force Dijkstra over the edges each rig may use', async () => {
    const rng = mulberry32(37);
    const junction = () => nodes[Math.floor(rng() * nodes.length)];
    const answers: (number | null)[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const [a, b] = [junction(), junction()];
      if (a.id === b.id) continue;
      for (const rig of RIGS) {
        const expected = dijkstra(edges, (e) => mayUse(e, rig), a.id, b.id);
        const answer = await router.route([a.lon, a.lat] as LonLat, [b.lon, b.lat] as LonLat, rig);
        if (expected === null) expect(answer.kind, `${a.osmId} → ${b.osmId}`).not.toBe('route');
        else {
          expect(answer.kind, `${a.osmId} → ${b.osmId}`).toBe('route');
          if (answer.kind === 'route') expect(answer.duration_s).toBeCloseTo(expected, 6);
        }
        answers.push(answer.kind === 'route' ? answer.duration_s : null);
      }
    }
    expect(answers.filter((s) => s !== null).length).toBeGreaterThan(PAIRS);
    costs.set(engine.name, answers);
  }, 120_000);
});

describe('every engine on West Oakland', () => {
  it('gives the same times', () => {
    const [first, ...others] = [...costs.values()];
    for (const other of others) other.forEach((s, i) => (s === null ? expect(first[i]).toBeNull() : expect(s).toBeCloseTo(first[i]!, 6)));
  });
});
