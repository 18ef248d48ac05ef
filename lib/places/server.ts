import { logger } from '@/lib/core/logger';
import { publish, unpublish } from '@/lib/core/registry';
import type { ServerContext, Subsystem } from '@/lib/server/subsystem';
import { SecretBox } from '@/lib/core/secret-box';
import { type ApiClients, openApiClients } from './auth/api-clients';
import { ensureDemoClients } from './auth/demo-clients';
import { publishDatasetOrigin } from './dataset-origin';
import { seedPlaces } from './dataset/seed';
import { createPlacesHandler } from './http/handler';
import { openApiDocument } from './openapi/document';
import { isoDate } from './status';
import { PLACE_RECORDS, storePlaceRecords } from './place-records';
import { openPlaceStore } from './store';
import { startTravelerRanking, TRAVELER_RANKING } from './traveler-ranking';

export { PLACES_FILE } from './store';

const ORIGIN_CHECK_MS = 5000;

/** The Place API: opens (and, in demo mode, seeds when empty) the store and the API clients; serves /api/v2 and /media. */
export async function createPlacesSubsystem(ctx: ServerContext): Promise<Subsystem> {
  const today = isoDate(new Date());
  const store = await openPlaceStore(ctx.config, ctx.dataDir);
  try {
    logger.info('place store', { store: store.describe() });
    // On a shared database the first instance seeds and the others, waiting for the lock, find the seed.
    if (ctx.config.demo) {
      await store.exclusively('demo-seed', async () => {
        if ((await store.count()) > 0) return;
        const started = Date.now();
        logger.info('seeding places', { count: ctx.config.placesSeedCount });
        await seedPlaces(store, { count: ctx.config.placesSeedCount, baseUrl: ctx.config.publicUrl, today });
        logger.info('seeded places', { count: ctx.config.placesSeedCount, ms: Date.now() - started });
      });
    }
    await store.refresh(today, ctx.config.publicUrl);
    await store.warm();
    publishDatasetOrigin({ generatedOn: await store.generatedOn() });
  } catch (err) {
    await store.close();
    throw err;
  }

  let clients: ApiClients | undefined;
  try {
    // PostgreSQL with DATABASE_URL (shared by every instance), else the SQLite file under DATA_DIR.
    clients = await openApiClients(ctx.config, ctx.dataDir, new SecretBox(ctx.secrets.encryptionKeys));
    logger.info('place API clients', { engine: clients.engine });
    const opened = clients;
    if (ctx.config.demo) await opened.exclusively('demo-clients', () => ensureDemoClients(opened, ctx.dataDir));
  } catch (err) {
    await clients?.close();
    await store.close();
    throw err;
  }

  // An import in another process (or on another instance) may replace the generated places: the pages stop calling
  // the data generated within seconds.
  const originCheck = setInterval(() => {
    store.generatedOn().then((generatedOn) => publishDatasetOrigin({ generatedOn }), () => undefined);
  }, ORIGIN_CHECK_MS);
  originCheck.unref();
  const ranking = startTravelerRanking(store, ctx.config.placesRankingSeconds * 1000);
  publish(TRAVELER_RANKING, ranking);
  publish(PLACE_RECORDS, storePlaceRecords(store));

  const handle = createPlacesHandler({
    store,
    clients,
    openapi: openApiDocument(ctx.config.publicUrl),
    limits: ctx.limits,
    burstSeconds: ctx.config.placesRateBurstSeconds,
    defaultRatePerMinute: ctx.config.placesDefaultRatePerMinute,
    clientConcurrency: ctx.config.placesClientConcurrency,
  });
  return {
    name: 'places',
    handle,
    ready: () => store.ready(),
    health: () => store.health(),
    async close() {
      clearInterval(originCheck);
      unpublish(TRAVELER_RANKING);
      unpublish(PLACE_RECORDS);
      await ranking.stop();
      await store.close();
      await clients.close();
    },
  };
}
