import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Raw RGBA pixels, as sharp reads them with `raw: { width, height, channels: 4 }`. */
export interface DecodedPixels {
  width: number;
  height: number;
  data: Buffer;
}

const heicDecodePath = createRequire(__filename).resolve('heic-decode');

// heic-decode is libheif compiled to WebAssembly, and works synchronously: in a worker of its own, the server goes on
// answering while an iPhone's photo is decoded (a second or more for 12 megapixels).
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.heicDecodePath);
(async () => {
  const images = await decode.all({ buffer: workerData.buffer });
  try {
    const primary = images[0];
    if (!primary) throw new Error('the file holds no image');
    if (primary.width * primary.height > workerData.maxPixels) {
      parentPort.postMessage({ tooManyPixels: primary.width * primary.height });
      return;
    }
    const { width, height, data } = await primary.decode();
    parentPort.postMessage({ width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) }, [data.buffer]);
  } finally {
    images.dispose();
  }
})().catch((err) => parentPort.postMessage({ error: String(err && err.message || err) }));
`;

type WorkerAnswer = { width: number; height: number; data: Uint8Array } | { tooManyPixels: number } | { error: string };

/**
 * Decodes the primary image of a HEIC file (HEVC, as iPhones write them, which sharp's own libvips cannot), checking its
 * size before its pixels are decoded. Answers the pixel count instead when it is over `maxPixels`.
 */
export function decodeHeic(buffer: Buffer, maxPixels: number): Promise<DecodedPixels | { tooManyPixels: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { buffer, maxPixels, heicDecodePath } });
    let settled = false;
    worker.once('message', (answer: WorkerAnswer) => {
      settled = true;
      void worker.terminate();
      if ('error' in answer) reject(new Error(answer.error));
      else if ('tooManyPixels' in answer) resolve(answer);
      else resolve({ width: answer.width, height: answer.height, data: Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength) });
    });
    worker.once('error', (err) => {
      if (!settled) reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the HEIC decoder stopped (exit ${code})`));
    });
  });
}
