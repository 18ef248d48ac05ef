// A worker thread's entry (edge-tree.ts): sorts the edges' boxes into a flatbush tree and hands its bytes back.
import { parentPort, workerData } from 'node:worker_threads';
import { treeOf } from './edge-tree';

const tree = treeOf((workerData as { boxes: Float32Array }).boxes);
parentPort!.postMessage(tree.data, [tree.data as ArrayBuffer]);
