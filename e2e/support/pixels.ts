import sharp from 'sharp';

/** How many pixels of a screenshot lie within `tolerance` (RGB distance) of a colour given as #rrggbb. */
export async function pixelsNear(png: Buffer, color: string, tolerance: number): Promise<number> {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < data.length; i += info.channels) if (Math.hypot(data[i] - r, data[i + 1] - g, data[i + 2] - b) < tolerance) count++;
  return count;
}
