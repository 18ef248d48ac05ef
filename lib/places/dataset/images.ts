import { imageFingerprint, IMAGE_SIZES, mediaPath } from '../media';
import type { PlaceRecord } from '../place-schema';
import { chance, int, type Rng } from './prng';

/** Three or four images for a showcase place, else often none; the fourth may be disabled. URLs point at `base`/media. */
export function imagesFor(rng: Rng, base: string, id: number, showcase: boolean): PlaceRecord['images'] {
  const imageCount = showcase ? int(rng, 3, 4) : chance(rng, 0.4) ? int(rng, 1, 2) : 0;
  return Array.from({ length: imageCount }, (_, k) => {
    const n = k + 1;
    const sized = (size: keyof typeof IMAGE_SIZES) => ({ width: IMAGE_SIZES[size][0], height: IMAGE_SIZES[size][1], url: base + mediaPath(id, n, size) });
    return {
      image_url: base + mediaPath(id, n, 'original'),
      fingerprint: imageFingerprint(id, n),
      enabled: n < 4 || chance(rng, 0.5),
      sizes: { thumbnail: sized('thumbnail'), square: sized('square'), small: sized('small'), medium: sized('medium'), large: sized('large') },
    };
  });
}
