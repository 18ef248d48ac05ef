// A traveler's photo made safe to publish (issue 54): JPEG, PNG, WebP and an iPhone's HEIC decoded, turned upright,
// cut to the spec's five sizes, every trace of metadata (the GPS position first) gone; and every file a person would
// not want refused before its pixels are decoded, with a sentence that says why.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PhotoRefused } from '@/lib/photos/errors';
import { decodeHeic, HeicDecodeError } from '@/lib/photos/heic';
import { processPhoto, type ProcessedPhoto } from '@/lib/photos/process-photo';
import { PHOTO_LIMITS } from '@/lib/photos/sizes';

const HEIC = fs.readFileSync(path.join(__dirname, '../fixtures/photos/phone.heic'));

/** A scene with detail (sky, ridge, road), as a camera would give it, w × h. */
function scene(w: number, h: number) {
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#7fb0dc"/>` +
        `<polygon points="0,${h * 0.6} ${w * 0.3},${h * 0.4} ${w * 0.6},${h * 0.55} ${w},${h * 0.35} ${w},${h} 0,${h}" fill="#8a6a45"/>` +
        `<rect x="0" y="0" width="${w * 0.1}" height="${h * 0.1}" fill="#d33"/></svg>`,
    ),
  );
}

// Moab, as an iPhone writes it: position, camera, time; held sideways (orientation 6: turn 90° clockwise to view).
const GPS_EXIF = {
  IFD0: { Make: 'Apple', Model: 'iPhone 15' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 34/1 3000/100', GPSLongitudeRef: 'W', GPSLongitude: '109/1 33/1 1200/100' },
};

const phoneJpeg = () => scene(4032, 3024).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).withExifMerge(GPS_EXIF).toBuffer();

async function expectClean(photo: ProcessedPhoto) {
  for (const image of [photo.original, ...Object.values(photo.sizes)]) {
    const meta = await sharp(image.data).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([image.width, image.height]);
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // No EXIF segment at all (APP1, "Exif\0\0"), so no position; no camera's name.
    expect(image.data.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(image.data.includes(Buffer.from('iPhone'))).toBe(false);
  }
}

async function expectRefused(input: Buffer | Promise<Buffer>, code: string, message: RegExp, limits = PHOTO_LIMITS) {
  const err = await processPhoto(await input, limits).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(PhotoRefused);
  expect((err as PhotoRefused).code).toBe(code);
  expect((err as PhotoRefused).message).toMatch(message);
}

/** A PNG whose header claims `w × h` pixels over a few bytes of data: what a decompression bomb looks like. */
function pngClaiming(w: number, h: number) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(Buffer.alloc(4096))), chunk('IEND', Buffer.alloc(0))]);
}

describe('a photo from a phone', { timeout: 60_000 }, () => {
  it('comes out upright in the five sizes and an original of 2048 pixels at most, with no metadata, fingerprinted as sent', async () => {
    const input = await phoneJpeg();
    const sent = await sharp(input).metadata();
    expect(sent.orientation).toBe(6);
    expect(exifReader(sent.exif!).GPSInfo).toMatchObject({ GPSLatitudeRef: 'N', GPSLatitude: [38, 34, 30] });
    const photo = await processPhoto(input);
    expect(photo.sourceFormat).toBe('jpeg');
    expect(photo.fingerprint).toBe(crypto.createHash('sha1').update(input).digest('hex'));
    expect(Object.fromEntries(Object.entries(photo.sizes).map(([k, v]) => [k, [v.width, v.height]]))).toEqual({
      thumbnail: [150, 150],
      square: [320, 320],
      small: [320, 240],
      medium: [800, 600],
      large: [1024, 768],
    });
    // Held sideways: upright, it stands 1536 wide and 2048 high, and the red corner is now at the top right.
    expect([photo.original.width, photo.original.height]).toEqual([1536, 2048]);
    const { data, info } = await sharp(photo.original.data).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(at(info.width - 20, 20)[0]).toBeGreaterThan(180);
    expect(at(20, 20)[0]).toBeLessThan(180);
    await expectClean(photo);
  });

  it('reads an iPhone’s HEIC (HEVC), which sharp’s own libvips cannot, and leaves its EXIF behind', async () => {
    const sent = await sharp(HEIC).metadata();
    expect(sent.compression).toBe('hevc');
    expect(exifReader(sent.exif!).GPSInfo).toMatchObject({ GPSLatitudeRef: 'N', GPSLongitudeRef: 'W' });
    await expect(sharp(HEIC).toBuffer()).rejects.toThrow();
    const photo = await processPhoto(HEIC);
    expect(photo.sourceFormat).toBe('heic');
    expect([photo.original.width, photo.original.height]).toEqual([1200, 900]);
    expect([photo.sizes.large.width, photo.sizes.large.height]).toEqual([1024, 768]);
    await expectClean(photo);
  });

  it('takes PNG (transparency on white) and WebP, and never enlarges a small original', async () => {
    const png = await scene(640, 480).ensureAlpha(0.5).png().toBuffer();
    const fromPng = await processPhoto(png);
    expect(fromPng.sourceFormat).toBe('png');
    expect([fromPng.original.width, fromPng.original.height]).toEqual([640, 480]);
    expect([fromPng.sizes.large.width, fromPng.sizes.large.height]).toEqual([1024, 768]);
    const webp = await processPhoto(await scene(1600, 1200).webp().toBuffer());
    expect(webp.sourceFormat).toBe('webp');
    await expectClean(fromPng);
    await expectClean(webp);
  });
});

describe('a file a person would not want published', { timeout: 60_000 }, () => {
  it('is refused when it is not an image', async () => {
    await expectRefused(Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n'), 'not_an_image', /not an image: send a JPEG, PNG, WebP or HEIC photo/);
    await expectRefused(Buffer.alloc(0), 'not_an_image', /not an image/);
  });

  it('is refused in a kind of image a camera does not make (SVG can carry scripts; GIF, TIFF)', async () => {
    await expectRefused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), 'unsupported_format', /SVG file: send a JPEG/);
    await expectRefused(scene(20, 20).gif().toBuffer(), 'unsupported_format', /GIF file/);
    await expectRefused(scene(20, 20).tiff().toBuffer(), 'unsupported_format', /TIFF file/);
    await expectRefused(scene(20, 20).avif().toBuffer(), 'unsupported_format', /AVIF file/);
    // Known by its first bytes, whatever its name or its header says.
    await expectRefused(Buffer.concat([Buffer.from('GIF89a'), await scene(20, 20).jpeg().toBuffer()]), 'unsupported_format', /GIF file/);
  });

  it('is refused over 15 MB, before it is read', async () => {
    await expectRefused(Buffer.alloc(PHOTO_LIMITS.maxBytes + 1), 'too_large', /15\.1 MB; the most a photo may be is 15 MB/);
    await expectRefused(Buffer.alloc(PHOTO_LIMITS.maxBytes + 1024 * 1024), 'too_large', /16\.0 MB/);
  });

  it('is refused over 50 megapixels, a decompression bomb included, from its header alone', async () => {
    await expectRefused(pngClaiming(100_000, 100_000), 'too_many_pixels', /10000\.0 megapixels; the most a photo may have is 50\.0/);
    await expectRefused(pngClaiming(8_200, 6_200), 'too_many_pixels', /50\.8 megapixels/);
    // The same rule for a HEIC, from its header, and again in its own decoder before it decodes.
    await expectRefused(HEIC, 'too_many_pixels', /1\.1 megapixels; the most a photo may have is 1\.0/, { ...PHOTO_LIMITS, maxPixels: 1_000_000 });
    expect(await decodeHeic(HEIC, 1_000_000)).toEqual({ tooManyPixels: 1_080_000 });
  });

  it('is refused when its HEIC decoder takes past its budget, and the worker is stopped', async () => {
    await expect(decodeHeic(HEIC, PHOTO_LIMITS.maxPixels, 1)).rejects.toBeInstanceOf(HeicDecodeError);
    // The next decode gets its turn.
    expect(await decodeHeic(HEIC, PHOTO_LIMITS.maxPixels)).toMatchObject({ width: 1200, height: 900 });
  });

  it('is refused when cut short', async () => {
    const jpeg = await scene(800, 600).jpeg().toBuffer();
    await expectRefused(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'unreadable', /could not be read: it may be cut short/);
    await expectRefused(HEIC.subarray(0, Math.floor(HEIC.length * 0.6)), 'unreadable', /could not be read/);
  });
});
