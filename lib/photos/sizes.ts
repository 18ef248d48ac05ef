/** The spec's image sizes, in pixels (width, height): each is cut to fill its frame. */
export const PHOTO_SIZES = {
  thumbnail: [150, 150],
  square: [320, 320],
  small: [320, 240],
  medium: [800, 600],
  large: [1024, 768],
} as const;

export type PhotoSize = keyof typeof PHOTO_SIZES;

/** The kept original's longest side: a phone's 12-megapixel photo comes down to 2048 × 1536, as the spec's originals are. */
export const ORIGINAL_LONG_SIDE = 2048;

export const PHOTO_LIMITS = {
  /** The largest file taken: a phone's photo at its best quality is under 10 MB. */
  maxBytes: 15 * 1024 * 1024,
  /** The most pixels decoded: more is a panorama stitched from many photos, or a file made to exhaust memory. */
  maxPixels: 50_000_000,
};

export type PhotoLimits = typeof PHOTO_LIMITS;

/** Why a file of this many bytes is not taken as a photo, or null: said by the page before sending, and by the server. */
export function tooLargeForAPhoto(bytes: number, limits: PhotoLimits = PHOTO_LIMITS): string | null {
  if (bytes <= limits.maxBytes) return null;
  // Rounded up: a file just over the limit must not read as the limit itself.
  const mb = Math.ceil((bytes / 1024 / 1024) * 10) / 10;
  return `This file is ${mb.toFixed(1)} MB; the most a photo may be is ${limits.maxBytes / 1024 / 1024} MB.`;
}
