// `npm run bench:images`: how many travelers' photos one core makes ready a second (lib/photos/process-photo.ts: checked,
// upright, re-encoded without metadata, five sizes and the original), and the peak memory, beside a plain resize of the
// same photo to one size with the same library (sharp) as the baseline. The photos are made once into
// .test-data/bench/images: a phone's 12-megapixel JPEG (4032 × 3024, with GPS EXIF and a sideways orientation, and
// noise so it compresses as a camera's does), and the same as HEIC (HEVC) when Debian's heif-enc (libheif-examples)
// is installed. Each row runs in a process of its own, libvips on one thread, so its peak memory is its own.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { processPhoto } from '@/lib/photos/process-photo';
import { BENCH_DIR } from './dataset';

const DIR = path.join(BENCH_DIR, 'images');
const JPEG = path.join(DIR, 'phone-12mp.jpg');
const HEIC = path.join(DIR, 'phone-12mp.heic');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);

async function makePhotos() {
  fs.mkdirSync(DIR, { recursive: true });
  if (!fs.existsSync(JPEG)) {
    const [w, h] = [4032, 3024];
    const noise = await sharp({ create: { width: w, height: h, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } } }).png().toBuffer();
    const scene = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#7fb0dc"/>` +
        `<polygon points="0,${h * 0.6} ${w * 0.3},${h * 0.4} ${w * 0.6},${h * 0.55} ${w},${h * 0.35} ${w},${h} 0,${h}" fill="#8a6a45"/></svg>`,
    );
    await sharp(scene)
      .composite([{ input: noise, blend: 'soft-light' }])
      .jpeg({ quality: 92 })
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'Apple', Model: 'iPhone 15' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 34/1 3000/100', GPSLongitudeRef: 'W', GPSLongitude: '109/1 33/1 1200/100' } })
      .toFile(JPEG);
  }
  if (!fs.existsSync(HEIC)) {
    try {
      execFileSync('heif-enc', ['-q', '60', '-o', HEIC, JPEG], { stdio: 'ignore' });
    } catch {
      process.stdout.write('heif-enc not found (apt-get install libheif-examples): the HEIC row is left out\n');
    }
  }
}

type Row = 'plain' | 'jpeg' | 'heic';

/** One row, in this process: photos made for SECONDS, then the rate and the process's peak memory, as JSON. */
async function runRow(row: Row) {
  sharp.concurrency(1);
  const input = fs.readFileSync(row === 'heic' ? HEIC : JPEG);
  const work = row === 'plain' ? () => sharp(input).resize(1024, 768).jpeg().toBuffer() : () => processPhoto(input);
  await work();
  let count = 0;
  const started = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  while (Number(process.hrtime.bigint() - started) / 1e9 < SECONDS) {
    await work();
    count++;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  process.stdout.write(`${JSON.stringify({ count, seconds, cpuSeconds, peakMiB: process.resourceUsage().maxRSS / 1024, bytes: input.length })}\n`);
}

async function main() {
  const only = process.argv[2] as Row | undefined;
  if (only) return runRow(only);
  await makePhotos();
  const rows: [Row, string][] = [
    ['plain', 'sharp resize to 1024 x 768 (baseline)'],
    ['jpeg', 'processPhoto, 12 MP JPEG'],
    ...(fs.existsSync(HEIC) ? ([['heic', 'processPhoto, 12 MP HEIC (heic-decode)']] as [Row, string][]) : []),
  ];
  process.stdout.write(`each row ${SECONDS} s in a process of its own, libvips on one thread:\n`);
  process.stdout.write(`${'way'.padEnd(44)} ${'file MB'.padStart(8)} ${'photos/s'.padStart(9)} ${'per CPU-s'.padStart(10)} ${'peak MiB'.padStart(9)}\n`);
  for (const [row, label] of rows) {
    const out = execFileSync(process.execPath, [...process.execArgv, __filename, row], { env: { ...process.env, UV_THREADPOOL_SIZE: '1' } }).toString();
    const r = JSON.parse(out.trim().split('\n').pop()!);
    process.stdout.write(
      `${label.padEnd(44)} ${(r.bytes / 1e6).toFixed(1).padStart(8)} ${(r.count / r.seconds).toFixed(2).padStart(9)} ${(r.count / r.cpuSeconds).toFixed(2).padStart(10)} ${r.peakMiB.toFixed(0).padStart(9)}\n`,
    );
  }
}

void main();
