import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTsWorker } from '@/lib/core/ts-worker';
import { exportExtract } from './extract';
import type { PartReading } from './read-part';
import type { ReadWorkerData, ReadWorkerMessage } from './read-worker';
import type { LineSpool } from './spool';

/** Below this much of osmium's export per reader, another reader costs more (its start, its towns) than it saves. */
const MIN_PART_BYTES = 8 << 20;
const MAX_READERS = 4;
/**
 * A reader keeps its places' drafts on disk and its matching data in typed arrays: what its heap holds (the towns, the
 * tag table, one object) does not grow with the file. Left to itself V8 let each reader's heap grow to 300 MB of
 * garbage at a million objects; with this limit the import's peak went from 825 to 607 MiB, 3 % slower to read.
 */
const READER_HEAP_MB = 384;
/**
 * The longest line of osmium's export a reader decodes, in bytes: parsed and mapped, an object takes up to five times
 * its line in heap. A national park drawn with three million nodes (77 million bytes) imports; one of four and a half
 * million (116 million) took V8 past the heap limit, which does not always end in the worker's error: it aborted the
 * process (docs/osm-import.md). Longer objects are read past and counted instead, never held whole.
 */
export const MAX_OBJECT_BYTES = Math.floor((READER_HEAP_MB * 2 ** 20) / 5);

/** The start of each of `parts` byte ranges of a file, each moved to the start of a line. */
function lineAlignedStarts(file: string, parts: number): number[] {
  const size = fs.statSync(file).size;
  const starts = [0];
  const fd = fs.openSync(file, 'r');
  const probe = Buffer.alloc(1 << 16);
  try {
    for (let i = 1; i < parts; i++) {
      let at = Math.max(Math.floor((size * i) / parts), starts[starts.length - 1]);
      for (;;) {
        const read = fs.readSync(fd, probe, 0, probe.length, at);
        if (read === 0) return starts.concat(Array(parts - starts.length).fill(size));
        const nl = probe.subarray(0, read).indexOf(0x0a);
        if (nl !== -1) {
          starts.push(at + nl + 1);
          break;
        }
        at += read;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  return starts;
}

function readInWorker(data: ReadWorkerData, onObjects: (n: number) => void): { done: Promise<PartReading>; stop: () => void } {
  const worker = startTsWorker(path.join(__dirname, 'read-worker.ts'), data, { resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB } });
  const done = new Promise<PartReading>((resolve, reject) => {
    worker.on('message', (message: ReadWorkerMessage) => ('progress' in message ? onObjects(message.progress) : resolve(message.done)));
    worker.once('error', (err: Error & { code?: string }) =>
      reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new Error(`a reader of the extract needed more than its ${READER_HEAP_MB} MB (one object too large?)`) : err),
    );
    worker.once('exit', (code) => reject(new Error(`a reader of the extract stopped (exit ${code})`)));
  });
  return { done, stop: () => void worker.terminate() };
}

/**
 * Reads an extract's places on every core: osmium exports its objects (extract.ts), and `readers` worker threads
 * (one per core up to 4, fewer for a small file) each make places of a range of the export's lines into a part of
 * the spool. The parts come back in the file's order, so an import reads the same as on one core.
 */
export async function readExtractParts(
  file: string,
  spool: LineSpool,
  options: { today: string; readers?: number; maxObjectBytes?: number; onObjects?: (n: number) => void; onOsmiumStep?: (step: string) => void },
): Promise<PartReading[]> {
  const exported = await exportExtract(file, spool.dir, options.onOsmiumStep);
  try {
    const size = fs.statSync(exported).size;
    const readers = options.readers ?? Math.max(1, Math.min(os.availableParallelism(), MAX_READERS, Math.ceil(size / MIN_PART_BYTES)));
    const starts = lineAlignedStarts(exported, readers);
    const jobs = starts.map((start, i) =>
      readInWorker({ exported, start, end: starts[i + 1] ?? size, spoolFile: spool.nextPart(), today: options.today, maxObjectBytes: options.maxObjectBytes ?? MAX_OBJECT_BYTES }, (n) => options.onObjects?.(n)),
    );
    try {
      return await Promise.all(jobs.map((job) => job.done));
    } finally {
      jobs.forEach((job) => job.stop());
    }
  } finally {
    fs.rmSync(exported);
  }
}
