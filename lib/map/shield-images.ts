import type { RouteNetwork } from './route-shields';

/**
 * The route shields' images, drawn in code rather than shipped as a sprite: maplibre wants a sprite's URL absolute,
 * and the style is served as paths so that it works under any name the server is reached by, and offline. Each is
 * a stretchable image (maplibre's `icon-text-fit`): the route number sits in `content`, and the shield grows along
 * `stretchX`/`stretchY` for a number of three or four digits without its corners or its band stretching.
 */
/** A network's shield is the image `shield-<network>`: the style names it from each road's `network`. */
export const SHIELD_IMAGE_PREFIX = 'shield-';
export const shieldImageId = (network: RouteNetwork) => `${SHIELD_IMAGE_PREFIX}${network}`;

export type ShieldImage = {
  width: number;
  height: number;
  data: Uint8Array;
  pixelRatio: number;
  stretchX: [number, number][];
  stretchY: [number, number][];
  content: [number, number, number, number];
};

type Rgb = [number, number, number];
type Design = {
  width: number;
  height: number;
  radius: number;
  border: number;
  borderColor: Rgb;
  fill: Rgb;
  /** A band across the top of the inside, in another colour (the Interstate's red). */
  band?: { height: number; color: Rgb };
  stretchX: [number, number];
  stretchY: [number, number];
  content: [number, number, number, number];
};

const hex = (value: string): Rgb => [1, 3, 5].map((i) => parseInt(value.slice(i, i + 2), 16)) as Rgb;

/** In CSS pixels. The text's colour goes with them in the style (`SHIELD_TEXT_COLOR`). */
const DESIGNS: Record<RouteNetwork, Design> = {
  'us-interstate': { width: 26, height: 23, radius: 5, border: 1.5, borderColor: hex('#ffffff'), fill: hex('#1e4f9c'), band: { height: 6, color: hex('#c43a2f') }, stretchX: [8, 18], stretchY: [11, 17], content: [4, 8, 22, 20] },
  'us-highway': { width: 22, height: 20, radius: 3, border: 1.5, borderColor: hex('#26231e'), fill: hex('#ffffff'), stretchX: [6, 16], stretchY: [7, 13], content: [3, 3, 19, 17] },
  'us-state': { width: 24, height: 20, radius: 9, border: 1.5, borderColor: hex('#57524a'), fill: hex('#ffffff'), stretchX: [10, 14], stretchY: [9, 11], content: [5, 3, 19, 17] },
  road: { width: 22, height: 18, radius: 2, border: 1, borderColor: hex('#8c8370'), fill: hex('#fbf7ec'), stretchX: [5, 17], stretchY: [6, 12], content: [3, 2, 19, 16] },
};

export const SHIELD_TEXT_COLOR: Record<RouteNetwork, string> = { 'us-interstate': '#ffffff', 'us-highway': '#1f1d1a', 'us-state': '#1f1d1a', road: '#3e3a31' };

/** How far (x, y) lies outside the rounded rectangle [x0, x1] × [y0, y1] of corner radius r: negative inside. */
function outside(x: number, y: number, x0: number, y0: number, x1: number, y1: number, r: number): number {
  const dx = Math.max(x0 + r - x, 0, x - (x1 - r));
  const dy = Math.max(y0 + r - y, 0, y - (y1 - r));
  if (dx > 0 && dy > 0) return Math.hypot(dx, dy) - r;
  return Math.max(x0 - x, x - x1, y0 - y, y - y1);
}

const coverage = (distance: number, pixelRatio: number) => Math.min(1, Math.max(0, 0.5 - distance * pixelRatio));

/** The shield of a network at a device pixel ratio (1, 2, 3…), its pixels non-premultiplied RGBA as maplibre takes them. */
export function shieldImage(network: RouteNetwork, pixelRatio: number): ShieldImage {
  const d = DESIGNS[network];
  const width = Math.round(d.width * pixelRatio);
  const height = Math.round(d.height * pixelRatio);
  const data = new Uint8Array(width * height * 4);
  const inset = d.border;
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      const x = (px + 0.5) / pixelRatio;
      const y = (py + 0.5) / pixelRatio;
      const shape = coverage(outside(x, y, 0.5, 0.5, d.width - 0.5, d.height - 0.5, d.radius), pixelRatio);
      if (shape === 0) continue;
      const inner = coverage(outside(x, y, 0.5 + inset, 0.5 + inset, d.width - 0.5 - inset, d.height - 0.5 - inset, Math.max(0, d.radius - inset)), pixelRatio);
      const insideColor = d.band && y < inset + d.band.height ? d.band.color : d.fill;
      const at = (py * width + px) * 4;
      for (let c = 0; c < 3; c++) data[at + c] = Math.round(insideColor[c] * inner + d.borderColor[c] * (1 - inner));
      data[at + 3] = Math.round(255 * shape);
    }
  }
  const scale = ([a, b]: [number, number]): [number, number] => [Math.round(a * pixelRatio), Math.round(b * pixelRatio)];
  return {
    width,
    height,
    data,
    pixelRatio,
    stretchX: [scale(d.stretchX)],
    stretchY: [scale(d.stretchY)],
    content: d.content.map((v) => Math.round(v * pixelRatio)) as [number, number, number, number],
  };
}
