// The embedded router's own promises, on the OSM ways around Gothenburg (© OpenStreetMap contributors, ODbL; see
// support/gothenburg.ts): its three ngraph.path searches agree, and a legal route never uses a road the rig may not.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayUse } from '@/lib/roads/restrictions';
import { GraphRouter } from '@/lib/roads/router/graph-router';
import type { RouteAnswer } from '@/lib/roads/router/types';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import type { LoadedNetwork } from '@/lib/roads/store/types';
import { PRESET_VEHICLES } from '@/lib/roads/vehicle';
import { importLines, road } from './support/engines';
import { gothenburgLines, gothenburgPairs, gothenburgStore } from './support/gothenburg';

let gothenburg: Awaited<ReturnType<typeof gothenburgStore>>;
let dir: string;
let store: SqliteRoadStore;
let network: LoadedNetwork;

beforeAll(async () => {
  gothenburg = await gothenburgStore('graph-router');
  ({ dir, store, network } = gothenburg);
});

afterAll(() => gothenburg?.close());

const seconds = (a: RouteAnswer) => (a.kind === 'route' ? a.duration_s : a.kind === 'refused' ? a.ignoringRestrictions.duration_s : null);

describe('the embedded router on the Gothenburg ways', () => {
  it('answers the same with NBA*, A* and a plain Dijkstra', async () => {
    const routers = (['nba', 'a-star', 'dijkstra'] as const).map((algorithm) => new GraphRouter(store, { algorithm }));
    for (const [from, to] of gothenburgPairs(gothenburgLines(), 25, 7)) {
      for (const vehicle of [PRESET_VEHICLES.car, PRESET_VEHICLES['class-a']]) {
        const [nba, aStar, dijkstra] = await Promise.all(routers.map((r) => r.route(from, to, vehicle)));
        expect(aStar.kind).toBe(nba.kind);
        expect(dijkstra.kind).toBe(nba.kind);
        if (seconds(nba) === null) continue;
        expect(seconds(aStar)).toBeCloseTo(seconds(nba)!, 6);
        expect(seconds(dijkstra)).toBeCloseTo(seconds(nba)!, 6);
      }
    }
  }, 180_000);

  it('never drives a rig on a road it may not use, and marks the route that does', async () => {
    const router = new GraphRouter(store);
    const rigs = [PRESET_VEHICLES['class-a'], PRESET_VEHICLES['class-c'], { ...PRESET_VEHICLES.car, heightM: 2.3, weightT: 2.6 }];
    let refused = 0;
    for (const [from, to] of gothenburgPairs(gothenburgLines(), 40, 11)) {
      for (const rig of rigs) {
        const answer = await router.route(from, to, rig);
        if (answer.kind === 'route') {
          const forbidden = answer.edgeIds.filter((id) => !mayUse(network.edges.get(id), rig));
          expect(forbidden).toEqual([]);
        } else if (answer.kind === 'refused') {
          refused++;
          expect(answer.refused.length).toBeGreaterThan(0);
          expect(answer.ignoringRestrictions.ignoresRestrictions).toBe(true);
          expect(answer.ignoringRestrictions.edgeIds.some((id) => !mayUse(network.edges.get(id), rig))).toBe(true);
        }
      }
    }
    expect(refused).toBeGreaterThan(0);
  }, 180_000);
});

describe('the embedded router on one street', () => {
  it('joins a point to itself on a one-way street drawn against its direction (once a route of nowhere)', async () => {
    const oneWay = SqliteRoadStore.open(path.join(dir, 'one-way.sqlite'));
    try {
      await importLines(oneWay, 'One way', [road({ oneway: '-1' }, [10, 50], [10.02, 50])]);
      const answer = await new GraphRouter(oneWay).route([10.01, 50], [10.01, 50], PRESET_VEHICLES.car);
      expect(answer).toMatchObject({ kind: 'route', distance_m: 0 });
    } finally {
      await oneWay.close();
    }
  });
});

describe('the embedded router with its contraction hierarchy, on the Gothenburg ways', () => {
  it('answers as the landmarks alone do, for a car and for a class A rig (the legal route, the detour, the refusal)', async () => {
    const withHierarchy = new GraphRouter(store, { hierarchyFile: path.join(dir, 'answers.bin') });
    const withLandmarks = new GraphRouter(store);
    try {
      expect(await withHierarchy.hierarchyReady()).toBe(true);
      const detourSeconds = (a: RouteAnswer) => (a.kind === 'route' ? (a.detour?.extraSeconds ?? 0) : null);
      for (const [from, to] of gothenburgPairs(gothenburgLines(), 40, 13)) {
        for (const vehicle of [PRESET_VEHICLES.car, PRESET_VEHICLES['class-a']]) {
          const [hierarchy, landmarks] = await Promise.all([withHierarchy.route(from, to, vehicle), withLandmarks.route(from, to, vehicle)]);
          expect(hierarchy.kind).toBe(landmarks.kind);
          if (seconds(landmarks) === null) continue;
          expect(seconds(hierarchy)).toBeCloseTo(seconds(landmarks)!, 6);
          expect(detourSeconds(hierarchy)).toBeCloseTo(detourSeconds(landmarks) ?? 0, 6);
        }
      }
    } finally {
      await Promise.all([withHierarchy.close(), withLandmarks.close()]);
    }
  }, 180_000);

  it('keeps the hierarchy in its file, reads it at the next start, and prepares it again for another network', async () => {
    const file = path.join(dir, 'kept.bin');
    const first = new GraphRouter(store, { hierarchyFile: file });
    expect(await first.hierarchyReady()).toBe(true);
    await first.close();
    const written = fs.statSync(file);

    const next = new GraphRouter(store, { hierarchyFile: file });
    expect(await next.hierarchyReady()).toBe(true);
    await next.close();
    expect(fs.statSync(file).mtimeMs).toBe(written.mtimeMs);

    const other = SqliteRoadStore.open(path.join(dir, 'other.sqlite'));
    try {
      await importLines(other, 'Two streets', [road({}, [10, 50], [10.02, 50]), road({}, [10.02, 50], [10.02, 50.02])]);
      const moved = new GraphRouter(other, { hierarchyFile: file });
      expect(await moved.hierarchyReady()).toBe(true);
      expect(await moved.route([10.01, 50], [10.02, 50.01], PRESET_VEHICLES.car)).toMatchObject({ kind: 'route', edgeIds: [0, 1] });
      await moved.close();
      expect(fs.statSync(file).size).toBeLessThan(written.size);
    } finally {
      await other.close();
    }
  }, 180_000);

  it('routes on the hierarchy it contracted when its file cannot be written, and leaves no temporary file', async () => {
    const unwritable = path.join(dir, 'not-a-directory');
    fs.writeFileSync(unwritable, '');
    const router = new GraphRouter(store, { hierarchyFile: path.join(unwritable, 'roads-hierarchy.bin') });
    try {
      expect(await router.hierarchyReady()).toBe(true);
      expect((await router.route(...gothenburgPairs(gothenburgLines(), 1, 3)[0], PRESET_VEHICLES.car)).kind).toBe('route');
    } finally {
      await router.close();
    }
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 180_000);

  it('stops contracting when it is closed, and writes no file', async () => {
    const file = path.join(dir, 'never.bin');
    const router = new GraphRouter(store, { hierarchyFile: file });
    await router.warm();
    const ready = router.hierarchyReady();
    await router.close();
    expect(await ready).toBe(false);
    expect(fs.existsSync(file)).toBe(false);
  }, 180_000);
});
