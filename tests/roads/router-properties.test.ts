// Every road engine against a brute-force Dijkstra written here, on generated networks: jittered grids of streets
// with random classes, one-way streets and limits, routed for random rigs from junction to junction. The engine's
// time equals the oracle's over the edges the rig may use (one-way honoured), a route never uses an edge the rig
// may not, never drives a one-way street backwards, and every engine gives the same answer for the same case.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LonLat, RoadEdge } from '@/lib/roads/edge';
import { mayUse } from '@/lib/roads/restrictions';
import { ROAD_CLASSES } from '@/lib/roads/road-classes';
import type { RoadRoute, RoadRouter, RouteAnswer } from '@/lib/roads/router/types';
import type { RoadStore } from '@/lib/roads/store/types';
import { PRESET_VEHICLES, type Vehicle } from '@/lib/roads/vehicle';
import { importLines, type Line, ROAD_ENGINES, type Tags } from './support/engines';
import { dijkstra } from './support/oracle';

/** PROPERTY_RUNS=500 for a longer run by hand. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 60);
/** A fixed seed, so every run (and every engine) meets the same cases; PROPERTY_SEED to explore others by hand. */
const SEED = Number(process.env.PROPERTY_SEED ?? 20261127);
const MAX_SIDE = 7;
const PAIRS_PER_CASE = 3;

// Limits around the presets' figures, so rigs fall just under, on and just over them.
const HEIGHTS = [3.0, 3.5, 3.6, 3.9];
const WIDTHS = [2.1, 2.4, 2.5, 2.6];
const LENGTHS = [6.4, 8.5, 12, 12.5];
const WEIGHTS = [3.5, 5.5, 7.5, 13];

const limitTags: fc.Arbitrary<Tags> = fc.oneof(
  fc.constantFrom(...HEIGHTS).map((m) => ({ maxheight: String(m) })),
  fc.constantFrom(...WIDTHS).map((m) => ({ maxwidth: String(m) })),
  fc.constantFrom(...LENGTHS).map((m) => ({ maxlength: String(m) })),
  fc.constantFrom(...WEIGHTS).map((t) => ({ maxweight: String(t) })),
  fc.constantFrom<Tags>({ hgv: 'no' }, { access: 'no' }, { access: 'private' }, { tunnel: 'yes', 'hazmat:adr_tunnel_cat': 'E' }, { hazmat: 'no' }),
);

/** A street between two neighbouring junctions: absent sometimes, else its class, one-way rule, limit and drawing direction. */
const street = fc.record({
  present: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
  highway: fc.constantFrom(...ROAD_CLASSES),
  oneway: fc.constantFrom(null, null, null, 'yes', '-1'),
  limit: fc.option(limitTags, { freq: 2 }),
  reversed: fc.boolean(),
});

const around = (values: number[]) => fc.tuple(fc.constantFrom(...values), fc.constantFrom(-0.01, 0, 0.01)).map(([v, d]) => Number((v + d).toFixed(2)));
const vehicle: fc.Arbitrary<Vehicle> = fc.oneof(
  fc.constantFrom(...Object.values(PRESET_VEHICLES)),
  fc
    .record({ heightM: around(HEIGHTS), widthM: around(WIDTHS), lengthM: around(LENGTHS), weightT: around(WEIGHTS), carryingPropane: fc.boolean() })
    .map((figures) => ({ preset: 'custom' as const, label: 'My rig', fuelLPer100Km: 15, ...figures })),
);

const side = fc.integer({ min: 4, max: MAX_SIDE });
const testCase = fc.record({
  rows: side,
  cols: side,
  // Jitter in 1e-7 degrees (the import's precision), up to about 20 m either way.
  jitter: fc.array(fc.tuple(fc.integer({ min: -3000, max: 3000 }), fc.integer({ min: -2000, max: 2000 })), { minLength: MAX_SIDE ** 2, maxLength: MAX_SIDE ** 2 }),
  streets: fc.array(street, { minLength: 2 * MAX_SIDE ** 2, maxLength: 2 * MAX_SIDE ** 2 }),
  vehicle,
  pairs: fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: PAIRS_PER_CASE, maxLength: PAIRS_PER_CASE }),
});
type Case = typeof testCase extends fc.Arbitrary<infer T> ? T : never;

/** The grid's streets as GeoJSON lines: junctions about 100 m apart near Gothenburg, each street its own way. */
function linesOf({ rows, cols, jitter, streets }: Case): Line[] {
  const junction = (r: number, c: number): LonLat => {
    const [dx, dy] = jitter[r * MAX_SIDE + c];
    return [(119_000_000 + c * 16_000 + dx) / 1e7, (577_000_000 + r * 9_000 + dy) / 1e7];
  };
  const lines: Line[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const neighbours: [number, number][] = [];
      if (c + 1 < cols) neighbours.push([r, c + 1]);
      if (r + 1 < rows) neighbours.push([r + 1, c]);
      neighbours.forEach(([r2, c2], k) => {
        const s = streets[(r * MAX_SIDE + c) * 2 + k];
        if (!s.present) return;
        const ends = [junction(r, c), junction(r2, c2)];
        if (s.reversed) ends.reverse();
        const tags: Tags = { highway: s.highway, ...(s.oneway ? { oneway: s.oneway } : {}), ...(s.limit ?? {}) };
        lines.push({ coordinates: ends, tags });
      });
    }
  }
  return lines;
}

/** Each consecutive pair of the route's vertices is the next edge of `edgeIds`, driven the way the edge allows. */
function expectDrivenTheRightWay(route: RoadRoute, edges: RoadEdge[]): void {
  const key = (p: LonLat) => `${p[0]},${p[1]}`;
  const byEnds = new Map<string, { edge: RoadEdge; forward: boolean }>();
  for (const edge of edges) {
    const [a, b] = [edge.geometry[0], edge.geometry.at(-1)!];
    byEnds.set(`${key(a)} ${key(b)}`, { edge, forward: true });
    byEnds.set(`${key(b)} ${key(a)}`, { edge, forward: false });
  }
  const driven = route.coordinates.slice(1).map((p, i) => byEnds.get(`${key(route.coordinates[i])} ${key(p)}`));
  expect(driven.map((d) => d?.edge.id)).toEqual(route.edgeIds);
  for (const d of driven) expect(d!.edge.oneway).not.toBe(d!.forward ? 'backward' : 'forward');
}

/** What both engines must agree on, per case: each pair's answer kind and time; and what the cases covered. */
type Outcome = { kind: RouteAnswer['kind']; duration_s: number | null; avoided: boolean; oneWay: boolean }[];
const outcomes = new Map<string, Map<string, Outcome>>();

describe.each(ROAD_ENGINES)('road engine: $name, on generated networks', (engine) => {
  let store: RoadStore;
  let router: RoadRouter;
  let close: () => Promise<void>;
  const seen = new Map<string, Outcome>();
  outcomes.set(engine.name, seen);

  beforeAll(async () => {
    ({ store, router, close } = await engine.open());
  });
  afterAll(() => close?.());

  it('routes as a brute-force Dijkstra over the edges the rig may use, one-way streets one way', async () => {
    await fc.assert(
      fc.asyncProperty(testCase, async (c) => {
        const lines = linesOf(c);
        fc.pre(lines.length > 0);
        await importLines(store, 'Generated grid', lines);
        const loaded = (await store.load())!;
        const [nodes, edges] = [loaded.nodes, loaded.edges.toArray()];
        const outcome: Outcome = [];
        for (const [i, j] of c.pairs) {
          // Two different junctions: snapping puts each end on its junction exactly.
          const from = nodes[i % nodes.length];
          const to = nodes[(from.id + 1 + (j % (nodes.length - 1))) % nodes.length];
          const legal = dijkstra(edges, (e) => mayUse(e, c.vehicle), from.id, to.id);
          const any = dijkstra(edges, () => true, from.id, to.id);
          const answer = await router.route([from.lon, from.lat], [to.lon, to.lat], c.vehicle);
          const expected = legal !== null ? 'route' : any !== null ? 'refused' : 'none';
          expect(answer.kind).toBe(expected);
          if (answer.kind === 'route') {
            expect(Math.abs(answer.duration_s - legal!)).toBeLessThanOrEqual(1e-6);
            for (const id of answer.edgeIds) expect(mayUse(edges[id], c.vehicle)).toBe(true);
            expectDrivenTheRightWay(answer, edges);
          } else if (answer.kind === 'refused') {
            expect(answer.refused.length).toBeGreaterThan(0);
            expectDrivenTheRightWay(answer.ignoringRestrictions, edges);
          } else {
            expect(answer.reason).toBe('unreachable');
          }
          const route = answer.kind === 'route' ? answer : null;
          outcome.push({
            kind: answer.kind,
            duration_s: route?.duration_s ?? null,
            avoided: !!route?.restrictionsAvoided.length,
            oneWay: !!route?.edgeIds.some((id) => edges[id].oneway !== 'both'),
          });
        }
        seen.set(JSON.stringify(c), outcome);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: false },
    );
  }, 600_000);
});

describe('every engine on generated networks', () => {
  it('met every kind of answer: routes (around restrictions, along one-way streets), refusals and no road', () => {
    for (const seen of outcomes.values()) {
      const all = [...seen.values()].flat();
      expect(new Set(all.map((o) => o.kind))).toEqual(new Set(['route', 'refused', 'none']));
      expect(all.some((o) => o.avoided)).toBe(true);
      expect(all.some((o) => o.oneWay)).toBe(true);
    }
  });

  it('gives the same answer for the same case', () => {
    const [first, ...others] = [...outcomes.values()];
    expect(first.size).toBeGreaterThan(0);
    for (const other of others) {
      expect(other.size).toBe(first.size);
      for (const [key, outcome] of first) {
        const theirs = other.get(key)!;
        expect(theirs.map((o) => o.kind)).toEqual(outcome.map((o) => o.kind));
        theirs.forEach((o, k) => expect(Math.abs((o.duration_s ?? 0) - (outcome[k].duration_s ?? 0))).toBeLessThanOrEqual(1e-6));
      }
    }
  });
});
