import type { PlaceRecords } from '@/lib/places/place-records';

/** The names of places now, by id; a place gone since says so. */
export async function placeNames(places: Pick<PlaceRecords, 'record'>, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  return new Map(await Promise.all(unique.map(async (id) => [id, (await places.record(id))?.name ?? `Place ${id} (gone)`] as const)));
}
