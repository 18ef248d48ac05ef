import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { accountQuery } from '@/lib/explorer/queries/account-query';
import { placeQuery } from '@/lib/explorer/queries/place-query';
import type { Place } from '@/lib/explorer/types';
import type { TripView } from '@/lib/trips/view';
import { deviceDb, type KeptTrip } from './device-db';
import { dropImages, imageUrlsOf, keepImages } from './kept-images';
import { dropMap, keepMap, type KeptMapPlan } from './kept-map';
import { lastAlongResults } from './last-along';
import { stopPlaceQuery } from '@/lib/trips/stop-place-query';

/**
 * The answers a trip's page reads beside the trip: the details of its places and of those last found along it
 * (warnings, the drawer), the overnight proposals, the last "find along" results, and the account they were asked with.
 */
function tripQueries(placeIds: Set<number>, account: string) {
  return (query: Query) => {
    if (query.state.status !== 'success') return false;
    const [head, a, kind, id] = query.queryKey as unknown[];
    if (head === 'trip-stop-place') return placeIds.has(a as number);
    if (head === 'trip-overnight') return true;
    if (head === 'session' && a === 'places-account') return true;
    if (head !== 'places' || a !== account) return false;
    return kind === 'along' || (kind === 'detail' && placeIds.has(id as number));
  };
}

const ALONG_DETAILS = 30;

function alongPlaceIds(queryClient: QueryClient, account: string, stopPlaces: number[]): number[] {
  const places = lastAlongResults(queryClient, account)?.places ?? [];
  return places.map((place) => place.id).filter((id) => !stopPlaces.includes(id)).slice(0, ALONG_DETAILS);
}

/**
 * Asks for what the page will need offline, stores it on the device, and answers the record kept. `map`: the imported
 * map's style and the tiles planned along the route (planKeptMap), when the page draws one.
 */
export async function keepTrip(view: TripView, owner: string, queryClient: QueryClient, map: { styleUrl: string; plan: KeptMapPlan } | null = null): Promise<KeptTrip> {
  const account = await queryClient.fetchQuery(accountQuery());
  const placeIds = [...new Set(view.trip.stops.flatMap((s) => (s.placeId === null ? [] : [s.placeId])))];
  const places: Place[] = [];
  for (const id of placeIds) {
    places.push(await queryClient.fetchQuery(stopPlaceQuery(id)));
    await queryClient.fetchQuery(placeQuery(id, account));
  }
  // The places last found along the trip open in the drawer too.
  const alongIds = alongPlaceIds(queryClient, account, placeIds);
  for (const id of alongIds) await queryClient.fetchQuery(placeQuery(id, account));
  const imageUrls = imageUrlsOf(places);
  const imageBytes = await keepImages(imageUrls);
  const mapBytes = map ? await keepMapOrClean(map.styleUrl, map.plan) : 0;
  const queries = dehydrate(queryClient, { shouldDehydrateQuery: tripQueries(new Set([...placeIds, ...alongIds]), account) });
  const record: Omit<KeptTrip, 'bytes'> = {
    tripId: view.trip.id,
    owner,
    view,
    queries,
    imageUrls,
    ...(map ? { map: { styleUrl: map.styleUrl, urls: [map.styleUrl, ...map.plan.tileUrls], maxZoom: map.plan.maxZoom } } : {}),
    keptAt: new Date().toISOString(),
  };
  const kept: KeptTrip = { ...record, bytes: new Blob([JSON.stringify(record)]).size + imageBytes + mapBytes };
  const db = await deviceDb();
  const before = await db.get('kept', view.trip.id);
  await db.put('kept', kept);
  // An update whose route moved: the tiles of the old corridor that no kept trip uses any more go.
  if (before?.map) await dropMap(before.map.urls, new Set((await db.getAll('kept')).flatMap((k) => k.map?.urls ?? [])));
  // Best effort: a browser that grants it will not evict the trip under storage pressure.
  await navigator.storage?.persist?.().catch(() => false);
  return kept;
}

/** Keeps the map along the route; a keep that fails halfway (no space, the connection lost) leaves no tile behind. */
async function keepMapOrClean(styleUrl: string, plan: KeptMapPlan): Promise<number> {
  try {
    return await keepMap(styleUrl, plan);
  } catch (err) {
    const kept = await (await deviceDb()).getAll('kept');
    await dropMap([styleUrl, ...plan.tileUrls], new Set(kept.flatMap((k) => k.map?.urls ?? []))).catch(() => undefined);
    throw err;
  }
}

export async function keptTrip(tripId: string, owner: string | null): Promise<KeptTrip | null> {
  const kept = await (await deviceDb()).get('kept', tripId);
  return kept && (owner === null || kept.owner === owner) ? kept : null;
}

export async function keptTrips(owner: string | null): Promise<KeptTrip[]> {
  const all = await (await deviceDb()).getAll('kept');
  return all.filter((k) => owner === null || k.owner === owner).sort((a, b) => a.view.trip.name.localeCompare(b.view.trip.name));
}

/** The kept copy follows what the page shows: the server's newer version, or an edit made offline. */
export async function updateKeptView(view: TripView): Promise<void> {
  const db = await deviceDb();
  const kept = await db.get('kept', view.trip.id);
  if (kept) await db.put('kept', { ...kept, view });
}

export async function removeKeptTrip(tripId: string): Promise<void> {
  const db = await deviceDb();
  const kept = await db.get('kept', tripId);
  if (!kept) return;
  await db.delete('kept', tripId);
  const others = await db.getAll('kept');
  await dropImages(kept.imageUrls, new Set(others.flatMap((k) => k.imageUrls)));
  if (kept.map) await dropMap(kept.map.urls, new Set(others.flatMap((k) => k.map?.urls ?? [])));
}
