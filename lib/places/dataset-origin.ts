import { lookup, publish } from '@/lib/core/registry';

const PLACES_DATASET = 'places.dataset';

interface DatasetOrigin {
  /** The day a demo seed generated the places; null for imported data. */
  generatedOn: string | null;
}

/** Published by the Place API's subsystem at start-up, once the store is seeded or found. */
export function publishDatasetOrigin(origin: DatasetOrigin): void {
  publish(PLACES_DATASET, origin);
}

/** Whether the places a page shows are generated demo data, which the page then says. */
export function placesAreGenerated(): boolean {
  return lookup<DatasetOrigin>(PLACES_DATASET)?.generatedOn != null;
}
