// The network's limit profiles: one number per distinct set of limits, in the order of the edges, -1 for an edge
// without any; the same numbers whether made at once or in turns.
import { describe, expect, it } from 'vitest';
import { runSteps, runStepsInTurns } from '@/lib/core/steps';
import { NO_LIMITS, type RoadEdge } from '@/lib/roads/edge';
import { EdgeTable } from '@/lib/roads/edge-table';
import { LimitProfiles } from '@/lib/roads/router/ch/limit-profiles';
import { PRESET_VEHICLES } from '@/lib/roads/vehicle';

const plain = { ...NO_LIMITS, highway: 'primary' as const, name: null, ref: null, speedKmh: 80, speedFrom: 'class' as const, oneway: 'both' as const, wayId: null, lengthM: 100 };
const edge = (id: number, limits: Partial<RoadEdge> = {}): RoadEdge => ({ ...plain, ...limits, id, from: id, to: id + 1, geometry: [[id / 1e3, 0], [(id + 1) / 1e3, 0]] });

describe('LimitProfiles', () => {
  // Edges past the first step (STEP_ITEMS), so that a profile is numbered in a later step than the one that began.
  const edges = EdgeTable.of(
    Array.from({ length: 40_000 }, (_, id) =>
      id % 10_000 === 3 ? edge(id, { maxheightM: 3.5 }) : id % 10_000 === 7 ? edge(id, { maxweightT: 7.5 }) : edge(id),
    ),
  );

  it('numbers each distinct set of limits in edge order, and gives -1 to every edge without any', () => {
    const profiles = runSteps(LimitProfiles.steps(edges));
    expect(profiles.limits).toEqual([
      { ...NO_LIMITS, maxheightM: 3.5 },
      { ...NO_LIMITS, maxweightT: 7.5 },
    ]);
    const numbered = [...profiles.ofEdge.entries()].filter(([, profile]) => profile !== -1);
    expect(numbered).toEqual([3, 7, 10_003, 10_007, 20_003, 20_007, 30_003, 30_007].map((id) => [id, id % 10 === 3 ? 0 : 1]));
    expect(Array.from(profiles.allowedFor(PRESET_VEHICLES['class-a'])!)).toEqual([0, 0]);
    expect(Array.from(profiles.allowedFor(PRESET_VEHICLES.car)!)).toEqual([1, 1]);
  });

  it('makes the same numbers in turns, a step at a time', async () => {
    let gives = 0;
    const turns = { due: () => true, give: async () => (gives++, true) };
    const inTurns = await runStepsInTurns(LimitProfiles.steps(edges), turns);
    expect(gives).toBeGreaterThan(1);
    expect(inTurns!.ofEdge).toEqual(LimitProfiles.of(edges).ofEdge);
  });
});
