import type { AppConfig } from '@/lib/config/env';
import { type AppServer, type AppServerOptions, createAppServer, type SubsystemFactory } from '@/lib/app/app-server';

// Loaded only after the server's own checks, so a bad start is one line, not one after a library's import-time
// warnings. Identity first: it owns the organizations that Place API clients belong to.
const subsystems: SubsystemFactory[] = [
  async (ctx) => (await import('@/lib/identity/server')).createIdentitySubsystem(ctx),
  async (ctx) => (await import('@/lib/places/server')).createPlacesSubsystem(ctx),
  async (ctx) => (await import('@/lib/reviews/server')).createReviewsSubsystem(ctx),
  async (ctx) => (await import('@/lib/owners/server')).createOwnersSubsystem(ctx),
  async (ctx) => (await import('@/lib/roads/server')).createRoadsSubsystem(ctx),
  async (ctx) => (await import('@/lib/trips/server')).createTripsSubsystem(ctx),
  async (ctx) => (await import('@/lib/map/server')).createMapSubsystem(ctx),
];

/** The composition root: the custom server with the identity server, the Place API, travelers' reviews, places' owners, the road network, the trip store and the map's tiles beside Next.js. */
export function createApp(config: AppConfig, options: AppServerOptions = {}): Promise<AppServer> {
  return createAppServer(config, subsystems, options);
}
