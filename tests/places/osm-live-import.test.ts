// An OpenStreetMap import while servers run (issue 50): every instance answers with the imported places within
// seconds, the generated demo places it replaced answer 404, the pages stop calling the data generated, and the Place
// API's answers on imported places hold to the contract. Vancouver: data © OpenStreetMap contributors (ODbL).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailsResponseSchema, searchResponseSchema } from '@/lib/places/contract';
import { placesAreGenerated } from '@/lib/places/dataset-origin';
import { importOsmPlaces } from '@/lib/places/osm/import-osm';
import { PLACES_FILE } from '@/lib/places/server';
import { PostgresPlaceStore } from '@/lib/places/store/postgres/store';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import type { PlaceStoreAdmin } from '@/lib/places/store/types';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { type PlacesTestServer, startPlacesServer } from './support/places-server';
import { VANCOUVER } from '../support/osm-extracts';

const AROUND_VANCOUVER = '/api/v2/search?center=-123.155,49.2575&radius=25000&limit=100';
/** How many times to look again, a quarter of a second apart, for a change to reach a server: a budget, not a deadline. */
const LOOKS = 120;

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < LOOKS && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  return value;
}

type Search = { data: { id: number }[]; meta: { total: number } };

describe.each(['sqlite', 'postgres'] as const)('an import while servers run, on %s', (engine) => {
  let servers: PlacesTestServer[] = [];
  let importer: PlaceStoreAdmin;
  let database: TestDatabase | null = null;
  let generatedId: number;

  beforeAll(async () => {
    if (engine === 'sqlite') {
      servers = [await startPlacesServer()];
      importer = SqlitePlaceStore.open(servers[0].app.context.dataDir.file(PLACES_FILE));
    } else {
      database = await createTestDatabase('osm_live');
      const env = { DATABASE_URL: database.url, DATABASE_READ_URLS: database.readUrls.join(',') };
      servers = [await startPlacesServer(env)];
      // A second instance: the same database and the encryption keys the first one generated.
      const secrets = JSON.parse(fs.readFileSync(servers[0].app.context.dataDir.file('secrets.json'), 'utf8')) as { encryptionKeys: string[] };
      process.env.SECRETS_ENCRYPTION_KEYS = secrets.encryptionKeys.join(',');
      try {
        servers.push(await startPlacesServer(env));
      } finally {
        delete process.env.SECRETS_ENCRYPTION_KEYS;
      }
      importer = await PostgresPlaceStore.open({ primaryUrl: database.url, replicaUrls: [], maxReplicaLagMs: 5000, poolSize: 2 });
    }
    generatedId = (await servers[0].json<Search>('/api/v2/search?center=-98,39&radius=500000&limit=1')).body.data[0].id;
    expect(placesAreGenerated()).toBe(true);
    await importOsmPlaces(importer, VANCOUVER, { today: new Date().toISOString().slice(0, 10) });
  }, 180_000);
  afterAll(async () => {
    await importer?.close();
    for (const s of servers) await s.close();
    await database?.drop();
  });

  it('every server finds the imported places, and the generated ones are gone', async () => {
    for (const server of servers) {
      const found = await eventually(() => server.json<Search>(AROUND_VANCOUVER), (r) => r.body.meta?.total === 1608);
      expect(found.body.meta.total).toBe(1608);
      expect((await server.json(`/api/v2/canonical_places/${generatedId}`)).status).toBe(404);
    }
  });

  it('the pages stop calling the data generated', async () => {
    expect(await eventually(async () => placesAreGenerated(), (generated) => !generated)).toBe(false);
  });

  it("the answers on imported places hold to the contract", async () => {
    const { body } = await servers[0].json<Search>(AROUND_VANCOUVER);
    expect(searchResponseSchema.safeParse(body).success).toBe(true);
    for (const { id } of body.data.slice(0, 40)) {
      const details = await servers[0].json<unknown>(`/api/v2/canonical_places/${id}`);
      const parsed = detailsResponseSchema.safeParse(details.body);
      expect(parsed.success ? [] : parsed.error.issues.slice(0, 3), String(id)).toEqual([]);
    }
  });
});
