import fc from 'fast-check';
import { NO_LIMITS, type RoadEdge } from '@/lib/roads/edge';

/** A street of a generated grid town: present or not, one-way or not, its length and speed, closed to rigs or not. */
export const street = fc.record({
  present: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
  oneway: fc.constantFrom<RoadEdge['oneway']>('both', 'both', 'forward', 'backward'),
  lengthM: fc.integer({ min: 50, max: 400 }),
  speedKmh: fc.constantFrom(20, 30, 50, 80, 110),
  /** Whether a rig may not use it (a limit it breaks). */
  closed: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
});

type Street = typeof street extends fc.Arbitrary<infer S> ? S : never;

export function gridTown(side: number, streets: Street[]): (RoadEdge & { closed: boolean })[] {
  const edges: (RoadEdge & { closed: boolean })[] = [];
  const at = (r: number, c: number) => r * side + c;
  for (let r = 0; r < side; r++) {
    for (let c = 0; c < side; c++) {
      const ends = [c + 1 < side ? at(r, c + 1) : null, r + 1 < side ? at(r + 1, c) : null];
      ends.forEach((to, k) => {
        const s = streets[at(r, c) * 2 + k];
        if (to === null || !s.present) return;
        edges.push({ ...plainEdge, id: edges.length, from: at(r, c), to, oneway: s.oneway, lengthM: s.lengthM, speedKmh: s.speedKmh, closed: s.closed });
      });
    }
  }
  return edges;
}

export const plainEdge: Omit<RoadEdge, 'id' | 'from' | 'to' | 'oneway' | 'lengthM' | 'speedKmh'> = {
  highway: 'residential',
  name: null,
  ref: null,
  speedFrom: 'class',
  wayId: null,
  geometry: [],
  ...NO_LIMITS,
};
