import fs from 'node:fs';
import path from 'node:path';
import { ensureLength, hashNumber } from '@/lib/core/typed-columns';
import { JunctionTable } from './junction-table';
import { importTempDir, removeImportTempDir, writeAll } from './temp-dir';
import { VertexKeys } from './vertex-keys';

export interface CountingLimits {
  /** Passes held in memory (8 bytes each) before they go to disk. */
  memoryKeys: number;
  /** Files the passes are spread over by their key's hash once they go to disk, each sorted alone at the end (a power of two). */
  partitions: number;
  /** Passes a partition gathers before they are written to its file. */
  partitionBuffer: number;
}

/**
 * 8 million passes (64 MiB) in memory: a state's extract never touches the disk. Past them, 128 files: a country's
 * 150 million vertices come back about 1.2 million (9 MiB) at a time.
 */
const LIMITS: CountingLimits = { memoryKeys: 1 << 23, partitions: 128, partitionBuffer: 8192 };

interface Spill {
  dir: string;
  files: number[];
  buffers: Float64Array[];
  filled: Int32Array;
}

/**
 * The first reading's count of how many times ways pass each vertex, kept to what a country's extract allows: every
 * pass is one key in a list, and the junctions are the keys found twice once the list is sorted. A long list is spread
 * over files by its keys' hashes as it comes (so each key's passes are in one file) and each file is sorted alone at
 * the end, so memory stays within the limits however many vertices the extract has, where a table of every vertex
 * would grow with them (at 13 bytes a slot, 7 GB for a country's).
 */
export class JunctionCounter {
  readonly keys = new VertexKeys();
  /** Passes counted, and the sum of their keys' hashes: the second reading must see the same. */
  passes = 0;
  digest = 0;
  /** The most bytes the count held at once. */
  peakBytes = 0;
  private held: Float64Array;
  private heldCount = 0;
  private spill: Spill | null = null;

  constructor(private readonly limits: CountingLimits = LIMITS) {
    this.held = new Float64Array(Math.min(1 << 16, limits.memoryKeys));
  }

  pass(key: number | string): void {
    const numeric = this.keys.numeric(key, true);
    const hash = hashNumber(numeric);
    this.passes++;
    this.digest = (this.digest + hash) >>> 0;
    if (this.spill) return this.toPartition(this.spill, numeric, hash);
    if (this.heldCount === this.held.length) {
      if (this.held.length >= this.limits.memoryKeys) return this.toPartition(this.startSpilling(), numeric, hash);
      const larger = new Float64Array(Math.min(this.limits.memoryKeys, this.held.length * 2));
      larger.set(this.held);
      this.held = larger;
      this.peakBytes = Math.max(this.peakBytes, this.held.byteLength);
    }
    this.held[this.heldCount++] = numeric;
  }

  /** The junctions counted, in a table for the second reading. */
  finish(): JunctionTable {
    if (!this.spill) {
      const junctions = repeatedKeys(this.held.subarray(0, this.heldCount));
      this.held = new Float64Array(0);
      return this.table(junctions);
    }
    const { files, buffers } = this.spill;
    let junctions = new Float64Array(1 << 16);
    let found = 0;
    let scratch = new Float64Array(0);
    for (let p = 0; p < files.length; p++) {
      this.flush(p);
      const keys = fs.fstatSync(files[p]).size / 8;
      if (scratch.length < keys) scratch = new Float64Array(keys);
      readWhole(files[p], scratch, keys * 8);
      const repeated = repeatedKeys(scratch.subarray(0, keys));
      junctions = ensureLength(junctions, found + repeated.length);
      junctions.set(repeated, found);
      found += repeated.length;
      this.peakBytes = Math.max(this.peakBytes, scratch.byteLength + junctions.byteLength + buffers.length * this.limits.partitionBuffer * 8);
    }
    this.discard();
    return this.table(junctions.subarray(0, found));
  }

  /** Removes the count's files, if it wrote any (at its end, or when the reading failed). */
  discard(): void {
    if (!this.spill) return;
    for (const file of this.spill.files) fs.closeSync(file);
    removeImportTempDir(this.spill.dir);
    this.spill = null;
  }

  private table(junctions: Float64Array): JunctionTable {
    const table = new JunctionTable(this.keys, junctions);
    this.peakBytes = Math.max(this.peakBytes, table.bytes + junctions.byteLength);
    return table;
  }

  private startSpilling(): Spill {
    const spill: Spill = { dir: importTempDir('roads-junctions-'), files: [], buffers: [], filled: new Int32Array(this.limits.partitions) };
    // Kept before its files are opened, so that discard() closes and removes what was made if an open fails.
    this.spill = spill;
    for (let p = 0; p < this.limits.partitions; p++) {
      spill.files.push(fs.openSync(path.join(spill.dir, `${p}.keys`), 'w+'));
      spill.buffers.push(new Float64Array(this.limits.partitionBuffer));
    }
    const held = this.held.subarray(0, this.heldCount);
    for (const key of held) this.toPartition(spill, key, hashNumber(key));
    this.held = new Float64Array(0);
    this.heldCount = 0;
    return spill;
  }

  private toPartition(spill: Spill, key: number, hash: number): void {
    const p = hash & (spill.files.length - 1);
    spill.buffers[p][spill.filled[p]++] = key;
    if (spill.filled[p] === spill.buffers[p].length) this.flush(p);
  }

  private flush(p: number): void {
    const spill = this.spill!;
    const bytes = spill.filled[p] * 8;
    if (bytes) writeAll(spill.files[p], spill.buffers[p], bytes);
    spill.filled[p] = 0;
  }
}

/** The keys found twice or more, once each (`keys` is sorted in place). */
function repeatedKeys(keys: Float64Array): Float64Array {
  keys.sort();
  let found = 0;
  for (let i = 0; i < keys.length; ) {
    let end = i + 1;
    while (end < keys.length && keys[end] === keys[i]) end++;
    if (end - i >= 2) keys[found++] = keys[i];
    i = end;
  }
  return keys.slice(0, found);
}

function readWhole(file: number, into: Float64Array, bytes: number): void {
  for (let done = 0; done < bytes; ) {
    const read = fs.readSync(file, into, done, bytes - done, done);
    if (read === 0) throw new Error('a junction count file ended early');
    done += read;
  }
}
