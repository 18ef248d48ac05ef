import path from 'node:path';
import Flatbush from 'flatbush';
import { startTsWorker } from '@/lib/core/ts-worker';

/**
 * Up to this many edges, the tree is sorted in the thread that asks (65,536 boxes take about 9 ms); beyond, in a
 * worker thread, since flatbush's `finish()` is one sort of every box (about 200 ms at a million) that cannot be cut
 * into turns.
 */
export const TREE_IN_THREAD_MAX = 1 << 16;

/**
 * A flatbush R-tree of boxes given as `[minX, minY, maxX, maxY]` fours, item i being the i-th four, in 32-bit floats
 * (half the memory of 64: 0.4 GiB less at 25 million edges). The boxes come rounded outwards (snap.ts, `boxSteps`),
 * so each still holds its edge, and a search finds every edge it found with the exact boxes.
 */
export function treeOf(boxes: Float32Array): Flatbush {
  const count = boxes.length / 4;
  const tree = new Flatbush(count, 16, Float32Array);
  for (let i = 0; i < boxes.length; i += 4) tree.add(boxes[i], boxes[i + 1], boxes[i + 2], boxes[i + 3]);
  tree.finish();
  return tree;
}

/** The same tree sorted in a worker thread: `boxes` are handed over (unusable here after the call), the tree handed back. */
export function treeInWorker(boxes: Float32Array): Promise<Flatbush> {
  const worker = startTsWorker(path.join(__dirname, 'edge-tree-worker.ts'), { boxes }, { transferList: [boxes.buffer as ArrayBuffer] });
  return new Promise<Flatbush>((resolve, reject) => {
    worker.once('message', (data: ArrayBuffer) => resolve(Flatbush.from(data)));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the road index's worker stopped (exit ${code})`)));
  }).finally(() => void worker.terminate());
}
