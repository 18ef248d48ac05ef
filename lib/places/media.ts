import crypto from 'node:crypto';
import { PHOTO_SIZES } from '@/lib/photos/sizes';
import { hash32 } from './dataset/prng';

/** Generated place images: deterministic SVGs of the spec's pixel sizes, served by this server under /media. */
export const IMAGE_SIZES = { ...PHOTO_SIZES, original: [2048, 1536] } as const;

export type ImageSize = keyof typeof IMAGE_SIZES;

const PATH = /^\/media\/places\/([1-9]\d{0,15})\/([1-9]\d?)\/(thumbnail|square|small|medium|large|original)\.svg$/;

export function mediaPath(placeId: number, n: number, size: ImageSize): string {
  return `/media/places/${placeId}/${n}/${size}.svg`;
}

export function parseMediaPath(pathname: string): { placeId: number; n: number; size: ImageSize } | null {
  const m = PATH.exec(pathname);
  if (!m) return null;
  return { placeId: Number(m[1]), n: Number(m[2]), size: m[3] as ImageSize };
}

export function imageSvg(placeId: number, n: number, size: ImageSize): string {
  const [w, h] = IMAGE_SIZES[size];
  const h1 = hash32(placeId, n);
  const hue = h1 % 360;
  const hue2 = (hue + 40 + (h1 >>> 9) % 80) % 360;
  const ridge = Array.from({ length: 7 }, (_, i) => {
    const x = Math.round((w * i) / 6);
    const y = Math.round(h * (0.45 + (((h1 >>> (i * 3)) & 7) / 7) * 0.25));
    return `${x},${y}`;
  }).join(' ');
  const font = Math.max(12, Math.round(w / 18));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="Place ${placeId} photo ${n}">` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,78%)"/>` +
    `<stop offset="1" stop-color="hsl(${hue2},60%,92%)"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>` +
    `<circle cx="${Math.round(w * 0.78)}" cy="${Math.round(h * 0.22)}" r="${Math.round(Math.min(w, h) * 0.09)}" fill="hsl(45,95%,65%)"/>` +
    `<polygon points="0,${h} ${ridge} ${w},${h}" fill="hsl(${hue2},35%,38%)"/>` +
    `<text x="${Math.round(w / 2)}" y="${h - Math.round(font * 0.8)}" font-family="sans-serif" font-size="${font}" fill="#fff" text-anchor="middle">${w}×${h}</text>` +
    `</svg>`
  );
}

export function imageFingerprint(placeId: number, n: number): string {
  return crypto.createHash('sha1').update(imageSvg(placeId, n, 'original')).digest('hex');
}
