import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Raw RGBA pixels, as sharp reads them with `raw: { width, height, channels: 4 }`. */
export interface DecodedPixels {
  width: number;
  height: number;
  data: Buffer;
}

/** The file could not be decoded (damaged, cut short, or it took too long): the sender's problem, not the server's. */
export class HeicDecodeError extends Error {
  override name = 'HeicDecodeError';
}

/** A 12-megapixel iPhone photo decodes in about 2 s here: a file that takes 15 times that is refused. */
export const HEIC_DECODE_TIMEOUT_MS = 30_000;

// heic-decode is libheif compiled to WebAssembly, and works synchronously: in a worker of its own, the server goes on
// answering while an iPhone's photo is decoded. Its primary image is the one whose size is checked and decoded.
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

// One decode at a time per process: each takes about half a gigabyte while it runs.
let queue: Promise<unknown> = Promise.resolve();

function decodeInWorker(buffer: Buffer, maxPixels: number, timeoutMs: number): Promise<DecodedPixels | { tooManyPixels: number }> {
  // Resolved when asked rather than at load: a bundle that cannot find the decoder fails its HEIC uploads, not its start.
  const heicDecodePath = createRequire(__filename).resolve('heic-decode');
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { buffer, maxPixels, heicDecodePath } });
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      done();
    };
    const timer = setTimeout(() => settle(() => reject(new HeicDecodeError(`decoding took over ${timeoutMs / 1000} s`))), timeoutMs);
    worker.once('message', (answer: WorkerAnswer) =>
      settle(() => {
        if ('error' in answer) reject(new HeicDecodeError(answer.error));
        else if ('tooManyPixels' in answer) resolve(answer);
        else resolve({ width: answer.width, height: answer.height, data: Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength) });
      }),
    );
    // The worker itself failing (the decoder missing, memory exhausted) is the server's fault: said as such.
    worker.once('error', (err) => settle(() => reject(err)));
    worker.once('exit', (code) => settle(() => reject(new Error(`the HEIC decoder stopped (exit ${code})`))));
  });
}

/**
 * Decodes the primary image of a HEIC file (HEVC, as iPhones write them, which sharp's own libvips cannot), checking its
 * size before its pixels are decoded. Answers the pixel count instead when it is over `maxPixels`.
 */
export function decodeHeic(buffer: Buffer, maxPixels: number, timeoutMs = HEIC_DECODE_TIMEOUT_MS): Promise<DecodedPixels | { tooManyPixels: number }> {
  const turn = queue.then(() => decodeInWorker(buffer, maxPixels, timeoutMs));
  queue = turn.catch(() => undefined);
  return turn;
}
