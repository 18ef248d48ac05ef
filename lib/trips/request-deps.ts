import 'server-only';
import { resolvePlacesCredentials } from '@/lib/places-client/credentials';
import { legRouter } from './legs';
import { directoryMembership, directoryOwnerName } from './owner-membership';
import { publishedPlaceBudget } from './place-budget';
import { placeLookup } from './place-lookup';
import type { TripDeps } from './service';
import { tripStore } from './store-registry';

/** What a trip handler works with: the store, the leg router, the Place API signed as this caller, and each person's lookup budget. */
export async function tripDeps(request: Request): Promise<TripDeps> {
  return {
    store: tripStore(),
    router: await legRouter(),
    isMember: directoryMembership(),
    ownerName: directoryOwnerName,
    places: placeLookup(await resolvePlacesCredentials({ headers: request.headers })),
    placeBudget: publishedPlaceBudget(),
  };
}
