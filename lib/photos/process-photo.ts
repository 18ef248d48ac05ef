import crypto from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { PhotoRefused } from './errors';
import { decodeHeic, HeicDecodeError } from './heic';
import { ORIGINAL_LONG_SIDE, PHOTO_LIMITS, PHOTO_SIZES, type PhotoLimits, type PhotoSize, tooLargeForAPhoto } from './sizes';

export interface EncodedImage {
  width: number;
  height: number;
  /** JPEG, with no metadata: no camera, no time, no GPS position. */
  data: Buffer;
}

export interface ProcessedPhoto {
  /** SHA-1 of the file as it was sent, in hex (the spec's `fingerprint`): the same photo sent twice is known. */
  fingerprint: string;
  /** What the file was. */
  sourceFormat: 'jpeg' | 'png' | 'webp' | 'heic';
  /** The photo upright, its longest side at most ORIGINAL_LONG_SIDE. */
  original: EncodedImage;
  sizes: Record<PhotoSize, EncodedImage>;
}

const FORMATS: Record<string, ProcessedPhoto['sourceFormat'] | undefined> = { jpeg: 'jpeg', png: 'png', webp: 'webp', heic: 'heic' };
const JPEG = { quality: 82, progressive: true, chromaSubsampling: '4:2:0' } as const;
const megapixels = (pixels: number) => (pixels / 1e6).toFixed(1);

type Kind = ProcessedPhoto['sourceFormat'] | 'avif' | 'gif' | 'tiff' | 'bmp' | 'svg';

/** What the file's first bytes say it is, before any decoder sees it (SVG, parsed by librsvg, never gets that far). */
function sniff(input: Buffer): Kind | null {
  const starts = (bytes: number[]) => bytes.every((b, i) => input[i] === b);
  const ascii = (text: string, at: number) => input.subarray(at, at + text.length).toString('latin1') === text;
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii('RIFF', 0) && ascii('WEBP', 8)) return 'webp';
  if (ascii('ftyp', 4)) {
    if (['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'].some((brand) => ascii(brand, 8))) return 'heic';
    if (['avif', 'avis'].some((brand) => ascii(brand, 8))) return 'avif';
  }
  if (ascii('GIF87a', 0) || ascii('GIF89a', 0)) return 'gif';
  if (ascii('II*\0', 0) || ascii('MM\0*', 0)) return 'tiff';
  if (ascii('BM', 0)) return 'bmp';
  if (/^(\ufeff)?\s*<(\?xml|svg|!doctype svg)/i.test(input.subarray(0, 256).toString('utf8'))) return 'svg';
  return null;
}

/** The file's kind by its first bytes, then what its header says, read without decoding its pixels. */
async function readHeader(input: Buffer) {
  const kind = sniff(input);
  if (!kind) throw new PhotoRefused('not_an_image', 'This file is not an image: send a JPEG, PNG, WebP or HEIC photo.');
  const sourceFormat = FORMATS[kind];
  if (!sourceFormat) throw new PhotoRefused('unsupported_format', `This is a ${kind.toUpperCase()} file: send a JPEG, PNG, WebP or HEIC photo.`);
  try {
    const header = await sharp(input, { limitInputPixels: false }).metadata();
    if (FORMATS[header.format === 'heif' ? 'heic' : String(header.format)] !== sourceFormat) throw new Error('the header contradicts the first bytes');
    return { header, sourceFormat };
  } catch {
    throw unreadable();
  }
}

const unreadable = () => new PhotoRefused('unreadable', 'This image could not be read: it may be cut short or damaged. Send it again.');

/** The image ready to resize: sharp on the file itself, or on the pixels of a HEIC (HEVC) that the worker decoded. */
async function openPixels(input: Buffer, format: ProcessedPhoto['sourceFormat'], compression: string | undefined, limits: PhotoLimits): Promise<Sharp> {
  if (format !== 'heic' || compression === 'av1') return sharp(input, { limitInputPixels: limits.maxPixels, failOn: 'truncated', autoOrient: true });
  const decoded = await decodeHeic(input, limits.maxPixels).catch((err: unknown) => {
    if (err instanceof HeicDecodeError) throw new PhotoRefused('unreadable', 'This HEIC photo could not be read: it may be cut short. Send it again, or as a JPEG.');
    throw err;
  });
  if ('tooManyPixels' in decoded) throw tooManyPixels(decoded.tooManyPixels, limits);
  return sharp(decoded.data, { raw: { width: decoded.width, height: decoded.height, channels: 4 } });
}

function tooManyPixels(pixels: number, limits: PhotoLimits) {
  return new PhotoRefused('too_many_pixels', `This image is ${megapixels(pixels)} megapixels; the most a photo may have is ${megapixels(limits.maxPixels)}.`);
}

async function encode(image: Sharp): Promise<EncodedImage> {
  const { data, info } = await image.flatten({ background: '#ffffff' }).jpeg(JPEG).toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/**
 * A traveler's photo made safe to publish: checked (size, kind, pixels) before anything is decoded, turned upright,
 * re-encoded as JPEG without its metadata (the camera's GPS position included), and cut to the spec's five sizes.
 * Refusals are PhotoRefused, with a sentence for the person who sent it.
 */
export async function processPhoto(input: Buffer, limits: PhotoLimits = PHOTO_LIMITS): Promise<ProcessedPhoto> {
  const tooLarge = tooLargeForAPhoto(input.length, limits);
  if (tooLarge) throw new PhotoRefused('too_large', tooLarge);
  const { header, sourceFormat } = await readHeader(input);
  const pixels = (header.width ?? 0) * (header.height ?? 0);
  if (pixels > limits.maxPixels) throw tooManyPixels(pixels, limits);
  const image = await openPixels(input, sourceFormat, header.compression, limits);
  try {
    // Decoded once (a JPEG shrinks as it is read), upright, in sRGB, at the original's size: every size is cut from it.
    const { data, info } = await image
      .resize(ORIGINAL_LONG_SIDE, ORIGINAL_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const upright = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const entries = await Promise.all(
      (Object.keys(PHOTO_SIZES) as PhotoSize[]).map(async (size) => {
        const [width, height] = PHOTO_SIZES[size];
        return [size, await encode(upright().resize(width, height, { fit: 'cover', position: 'attention' }))] as const;
      }),
    );
    const original = await encode(upright());
    return { fingerprint: crypto.createHash('sha1').update(input).digest('hex'), sourceFormat, original, sizes: Object.fromEntries(entries) as ProcessedPhoto['sizes'] };
  } catch (err) {
    if (err instanceof PhotoRefused) throw err;
    // A header that under-stated its size: libvips stops at the limit.
    if (/pixel limit/i.test(String((err as Error).message))) {
      throw new PhotoRefused('too_many_pixels', `This image has more than the ${megapixels(limits.maxPixels)} megapixels a photo may have.`);
    }
    throw unreadable();
  }
}
