import type { PlaceStoreAdmin } from '../store/types';
import { createGenerator, DEFAULT_SEED } from './generator';

export interface SeedOptions {
  count: number;
  baseUrl: string;
  today: string;
  seed?: number;
  onProgress?: (done: number) => void;
}

/**
 * Generates `count` places into an empty store, all or nothing. The generator is deterministic: the same seed and
 * count give the same places with the same ids on every engine.
 */
export async function seedPlaces(store: PlaceStoreAdmin, options: SeedOptions): Promise<void> {
  const seed = options.seed ?? DEFAULT_SEED;
  const generator = createGenerator({ seed, baseUrl: options.baseUrl, today: options.today });
  function* places() {
    for (let i = 0; i < options.count; i++) yield generator.place(i);
  }
  await store.writePlaces(places(), { today: options.today, replace: false, onProgress: options.onProgress });
  await store.markSeeded({ baseUrl: options.baseUrl, today: options.today, seed });
}
