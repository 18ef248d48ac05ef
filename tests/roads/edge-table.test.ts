// The router's edges in typed columns: every field of every edge comes back as it went in, at the stores' precision.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasLimits, type LonLat, NO_LIMITS, type RoadEdge, type RoadLimits } from '@/lib/roads/edge';
import { ACCESS_VALUES } from '@/lib/roads/osm-units';
import { EdgeTable, EdgeTableBuilder } from '@/lib/roads/edge-table';
import { roundCoordinate } from '@/lib/roads/geometry';
import { ROAD_CLASSES } from '@/lib/roads/road-classes';

const coordinate = fc.tuple(fc.double({ min: -180, max: 180, noNaN: true }), fc.double({ min: -85, max: 85, noNaN: true })).map((c) => roundCoordinate(c).map((v) => v + 0) as LonLat); // -0 is 0 in every store
const orNull = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 3 });

const edge = fc.record({
  from: fc.nat(1_000_000),
  to: fc.nat(1_000_000),
  wayId: orNull(fc.integer({ min: 1, max: 2 ** 40 })),
  highway: fc.constantFrom(...ROAD_CLASSES),
  name: orNull(fc.constantFrom('Main Street', 'Storgatan, norra', 'Route 66', '')),
  ref: orNull(fc.constantFrom('I 70', 'US 191')),
  speedKmh: fc.constantFrom(10, 30, 50.5, 110),
  speedFrom: fc.constantFrom('maxspeed' as const, 'class' as const),
  oneway: fc.constantFrom('both' as const, 'forward' as const, 'backward' as const),
  lengthM: fc.double({ min: 0, max: 50_000, noNaN: true }),
  geometry: fc.array(coordinate, { minLength: 2, maxLength: 6 }),
  maxheightM: orNull(fc.constantFrom(3.5052, 4.1)),
  maxwidthM: orNull(fc.constantFrom(2.2, 2.55)),
  maxlengthM: orNull(fc.constantFrom(10, 12.5)),
  maxweightT: orNull(fc.constantFrom(7.5, 3.5)),
  access: orNull(fc.constantFrom(...ACCESS_VALUES)),
  motorcar: orNull(fc.constantFrom('yes' as const, 'no' as const)),
  hgv: orNull(fc.constantFrom('no' as const, 'destination' as const)),
  hazmat: orNull(fc.constantFrom('no' as const, 'designated' as const)),
  tunnel: fc.boolean(),
  tunnelCategory: orNull(fc.constantFrom('A' as const, 'C' as const, 'E' as const)),
});

const pick = <T, K extends keyof T>(object: T, keys: K[]) => Object.fromEntries(keys.map((key) => [key, object[key]]));

describe('EdgeTable', () => {
  it('gives back every edge as it was pushed, limits only where it has any', () => {
    fc.assert(
      fc.property(fc.array(edge, { maxLength: 40 }), (drawn) => {
        const edges: RoadEdge[] = drawn.map((e, id) => ({ ...NO_LIMITS, ...e, id }));
        const table = EdgeTable.of(edges);
        expect(table.toArray()).toEqual(edges);
        edges.forEach((e, i) => {
          expect(table.hasLimits(i)).toBe(hasLimits(e));
          expect(table.limitsOf(i)).toEqual(hasLimits(e) ? pick(e, Object.keys(NO_LIMITS) as (keyof RoadLimits)[]) : NO_LIMITS);
          expect([table.from[i], table.to[i], table.lengthM[i], table.speedKmh[i], table.oneway(i), table.vertexCount(i)]).toEqual([e.from, e.to, e.lengthM, e.speedKmh, e.oneway, e.geometry.length]);
          const box = new Float64Array(4);
          table.box(i, box, 0);
          const [lons, lats] = [e.geometry.map((c) => c[0]), e.geometry.map((c) => c[1])];
          expect(Array.from(box)).toEqual([Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)]);
        });
      }),
    );
  });

  it('grows past the size it was told, and refuses an edge whose id is not its position', () => {
    const builder = new EdgeTableBuilder(1);
    const plain = { ...NO_LIMITS, highway: 'service' as const, name: null, ref: null, speedKmh: 20, speedFrom: 'class' as const, oneway: 'both' as const, wayId: null, lengthM: 1 };
    for (let id = 0; id < 3_000; id++) builder.push({ ...plain, id, from: id, to: id + 1, geometry: [[id / 1e4, 0], [(id + 1) / 1e4, 0]] });
    expect(() => builder.push({ ...plain, id: 7, from: 0, to: 1, geometry: [] })).toThrow('edge 7 read at position 3000: a network\'s edge ids are their positions');
    const table = builder.finish();
    expect(table.length).toBe(3_000);
    expect(table.geometry(2_999)).toEqual([[0.2999, 0], [0.3, 0]]);
  });
});
