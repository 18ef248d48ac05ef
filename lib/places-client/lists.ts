import 'server-only';
import type { NamedId, PlaceLists } from '@/lib/explorer/types';
import { PlacesApiError, placesGet } from './client';
import type { PlacesCredentials } from './credentials';

type Strings = { data: string[] };

/** RV lists answer 403 when the caller's account has no RV service data: that means "not offered", not a failure. */
async function rvLists(credentials: PlacesCredentials | null): Promise<PlaceLists['rv']> {
  try {
    const [makes, rvTypes, services] = await Promise.all([
      placesGet<Strings>('rv_service/serviced_makes', credentials),
      placesGet<Strings>('rv_service/rv_types', credentials),
      placesGet<Strings>('rv_service/available_services', credentials),
    ]);
    return { makes: makes.data, rvTypes: rvTypes.data, services: services.data };
  } catch (err) {
    if (err instanceof PlacesApiError && err.status === 403) return null;
    throw err;
  }
}

/** The filter choices the caller's account may use. */
export async function fetchPlaceLists(credentials: PlacesCredentials | null): Promise<PlaceLists> {
  const [tags, chains, rv] = await Promise.all([
    placesGet<{ data: NamedId[] }>('tags', credentials),
    placesGet<{ data: NamedId[] }>('chains', credentials),
    rvLists(credentials),
  ]);
  return { tags: tags.data, chains: chains.data, rv };
}
