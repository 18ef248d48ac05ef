import { logger } from '@/lib/server/logger';
import type { ServerContext, Subsystem } from '@/lib/server/subsystem';
import { CLIENTS_FILE, ClientStore } from './auth/client-store';
import { ensureDemoClients } from './auth/demo-clients';
import { seedPlaces } from './dataset/seed';
import { createPlacesHandler } from './http/handler';
import { openApiDocument } from './openapi/document';
import { isoDate } from './status';
import { SqlitePlaceStore } from './store/sqlite/store';

export const PLACES_FILE = 'places.sqlite';

/** The Place API: opens (and on first start seeds) the store, the API clients, and serves /api/v2 and /media. */
export async function createPlacesSubsystem(ctx: ServerContext): Promise<Subsystem> {
  const today = isoDate(new Date());
  const store = SqlitePlaceStore.open(ctx.dataDir.file(PLACES_FILE));
  if ((await store.count()) === 0) {
    const started = Date.now();
    logger.info('seeding places', { count: ctx.config.placesSeedCount });
    seedPlaces(store.db, { count: ctx.config.placesSeedCount, baseUrl: ctx.config.publicUrl, today });
    logger.info('seeded places', { count: ctx.config.placesSeedCount, ms: Date.now() - started });
  }
  store.refresh(today, ctx.config.publicUrl);
  store.warm();

  const clients = new ClientStore(ctx.dataDir.file(CLIENTS_FILE));
  if (ctx.config.demo) ensureDemoClients(clients, ctx.dataDir);

  const handle = createPlacesHandler({ store, clients, openapi: openApiDocument(ctx.config.publicUrl) });
  return {
    name: 'places',
    handle,
    ready: () => store.db.open,
    close() {
      store.close();
      clients.close();
    },
  };
}
