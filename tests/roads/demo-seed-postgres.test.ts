// Instances sharing one PostgreSQL database start at once: the first seeds the demo roads, the others find them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ROADS_NAME, seedDemoRoads } from '@/lib/roads/demo/demo-roads';
import { PostgresRoadStore } from '@/lib/roads/store/postgres/store';
import { createTestDatabase } from '../support/postgres';

describe('demo roads on a shared PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let first: PostgresRoadStore;
  let second: PostgresRoadStore;

  beforeAll(async () => {
    database = await createTestDatabase('roads_seed');
    // Two pools of different sizes: two doors, as two instances have.
    first = await PostgresRoadStore.open({ primaryUrl: database.url, replicaUrls: [], poolSize: 3 });
    second = await PostgresRoadStore.open({ primaryUrl: database.url, replicaUrls: [], poolSize: 4 });
  }, 60_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  });

  it('is seeded once when two instances start together', async () => {
    const [a, b] = await Promise.all([seedDemoRoads(first), seedDemoRoads(second)]);
    expect([a, b].filter((s) => s !== null)).toHaveLength(1);
    const network = await first.current();
    expect(network).toMatchObject({ name: DEMO_ROADS_NAME, generated: true });
    expect((await second.current())!.id).toBe(network!.id);
  }, 180_000);
});
