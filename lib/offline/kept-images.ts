import type { Place } from '@/lib/explorer/types';
import { KEPT_IMAGES_CACHE } from './device-db';

/** The sizes the drawer's gallery can pick on a phone or a desktop (its `srcSet`), not the large and original files. */
const KEPT_SIZES = ['thumbnail', 'small', 'medium'] as const;

export function imageUrlsOf(places: Place[]): string[] {
  const urls = new Set<string>();
  for (const place of places) {
    for (const image of place.images ?? []) {
      if (!image.enabled) continue;
      for (const size of KEPT_SIZES) if (image.sizes?.[size]?.url) urls.add(image.sizes[size].url);
    }
  }
  return [...urls];
}

/** Puts the images in the cache the service worker answers `/media` from; answers the bytes kept. */
export async function keepImages(urls: string[]): Promise<number> {
  const cache = await caches.open(KEPT_IMAGES_CACHE);
  let bytes = 0;
  for (const url of urls) {
    const response = await fetch(url);
    if (!response.ok) continue; // a disabled or missing image: the gallery shows its own placeholder
    const body = await response.clone().blob();
    await cache.put(url, response);
    bytes += body.size;
  }
  return bytes;
}

/** Removes the images no other kept trip shows. */
export async function dropImages(urls: string[], stillUsed: Set<string>): Promise<void> {
  const cache = await caches.open(KEPT_IMAGES_CACHE);
  await Promise.all(urls.filter((u) => !stillUsed.has(u)).map((u) => cache.delete(u)));
}
