import fs from 'node:fs';
import type { Hierarchy, HierarchyArcs } from './contract';

/**
 * A prepared hierarchy kept in a file, so that an instance reads it instead of contracting the network again: one
 * line of JSON (the format, what it was prepared for, each array's type and length), then the arrays' bytes, each
 * starting on a multiple of 8 so they are read in place. `preparedFor` names the network and the vehicle class; a file
 * prepared for anything else is refused, as is a file cut short or of another format.
 */
const FORMAT = 'trip-explorer contraction hierarchy 2';
const ALIGN = 8;
/** Bytes a read or write of the file moves at once: each one a task of the thread pool. */
const CHUNK = 64 << 20;

const KINDS = { u32: Uint32Array, i32: Int32Array, f64: Float64Array };
type ArrayKind = keyof typeof KINDS;
type Stored = Uint32Array | Int32Array | Float64Array;

const ARRAYS = {
  rank: 'u32',
  'up.start': 'u32',
  'up.head': 'u32',
  'up.weight': 'f64',
  'up.arc': 'u32',
  'down.start': 'u32',
  'down.head': 'u32',
  'down.weight': 'f64',
  'down.arc': 'u32',
  arcTail: 'u32',
  arcHead: 'u32',
  original: 'i32',
  first: 'i32',
  second: 'i32',
  profileStart: 'u32',
  profiles: 'u32',
} as const satisfies Record<string, ArrayKind>;
type ArrayName = keyof typeof ARRAYS;

interface Header {
  format: string;
  preparedFor: string;
  nodeCount: number;
  shortcuts: number;
  lengths: Record<ArrayName, number>;
}

const padded = (n: number) => Math.ceil(n / ALIGN) * ALIGN;

function arraysOf(h: Hierarchy): Record<ArrayName, Stored> {
  const { up, down } = h;
  return {
    rank: h.rank,
    'up.start': up.start,
    'up.head': up.head,
    'up.weight': up.weight,
    'up.arc': up.arc,
    'down.start': down.start,
    'down.head': down.head,
    'down.weight': down.weight,
    'down.arc': down.arc,
    arcTail: h.arcTail,
    arcHead: h.arcHead,
    original: h.original,
    first: h.first,
    second: h.second,
    profileStart: h.profileStart,
    profiles: h.profiles,
  };
}

/**
 * The hierarchy as the format's bytes, in pieces to be written one after the other: the header line, then each array
 * (the pieces view the arrays in place; padding pieces keep each array on a multiple of 8).
 */
export function encodeHierarchy(h: Hierarchy, preparedFor: string): Uint8Array[] {
  const arrays = arraysOf(h);
  const names = Object.keys(ARRAYS) as ArrayName[];
  const header: Header = {
    format: FORMAT,
    preparedFor,
    nodeCount: h.nodeCount,
    shortcuts: h.shortcuts,
    lengths: Object.fromEntries(names.map((name) => [name, arrays[name].length])) as Record<ArrayName, number>,
  };
  const pieces: Uint8Array[] = [Buffer.from(`${JSON.stringify(header)}\n`)];
  let at = pieces[0].length;
  for (const name of names) {
    if (padded(at) > at) pieces.push(new Uint8Array(padded(at) - at));
    at = padded(at);
    const array = arrays[name];
    pieces.push(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
    at += array.byteLength;
  }
  return pieces;
}

/**
 * The hierarchy in `bytes` (the format's, from the start of their own ArrayBuffer, whose arrays it views in place),
 * if it was prepared for `preparedFor`; else throws one line saying why, naming the bytes by `where`.
 */
export function decodeHierarchy(bytes: Uint8Array<ArrayBuffer>, preparedFor: string, where: string): Hierarchy {
  const newline = bytes.indexOf(10);
  const header = newline > 0 ? parseHeader(Buffer.from(bytes.buffer, bytes.byteOffset, newline).toString('utf8')) : null;
  if (!header || header.format !== FORMAT) throw new Error(`${where} is not a prepared hierarchy of this version (${FORMAT})`);
  if (header.preparedFor !== preparedFor) throw new Error(`${where} was prepared for ${header.preparedFor}, not ${preparedFor}: prepare it again`);
  const names = Object.keys(ARRAYS) as ArrayName[];
  const arrays = {} as Record<ArrayName, Stored>;
  let at = newline + 1;
  for (const name of names) {
    at = padded(at);
    const length = header.lengths[name];
    const View = KINDS[ARRAYS[name]];
    if (!Number.isInteger(length) || length < 0 || at + length * View.BYTES_PER_ELEMENT > bytes.length) throw new Error(`${where} is cut short (at ${name}): prepare it again`);
    arrays[name] = new View(bytes.buffer, bytes.byteOffset + at, length);
    at += length * View.BYTES_PER_ELEMENT;
  }
  const csr = (side: 'up' | 'down'): HierarchyArcs => ({
    start: arrays[`${side}.start`] as Uint32Array,
    head: arrays[`${side}.head`] as Uint32Array,
    weight: arrays[`${side}.weight`] as Float64Array,
    arc: arrays[`${side}.arc`] as Uint32Array,
  });
  return {
    nodeCount: header.nodeCount,
    shortcuts: header.shortcuts,
    rank: arrays.rank as Uint32Array,
    up: csr('up'),
    down: csr('down'),
    arcTail: arrays.arcTail as Uint32Array,
    arcHead: arrays.arcHead as Uint32Array,
    original: arrays.original as Int32Array,
    first: arrays.first as Int32Array,
    second: arrays.second as Int32Array,
    profileStart: arrays.profileStart as Uint32Array,
    profiles: arrays.profiles as Uint32Array,
  };
}

/** Memory for `size` bytes of the format, from the start of an ArrayBuffer of its own whose length is a multiple of 8. */
export const alignedBytes = (size: number) => new Uint8Array(new ArrayBuffer(padded(size)), 0, size);

/**
 * Writes the hierarchy to `file` (through a temporary file renamed into place, so a reader never sees half of it), off
 * the event loop: a country's hierarchy is gigabytes, and the server answers meanwhile.
 */
export async function writeHierarchy(file: string, h: Hierarchy, preparedFor: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await fs.promises.open(temporary, 'w');
  let written = false;
  try {
    for (const bytes of encodeHierarchy(h, preparedFor)) {
      for (let done = 0; done < bytes.length; ) done += (await handle.write(bytes, done, Math.min(bytes.length - done, CHUNK))).bytesWritten;
    }
    await handle.sync();
    written = true;
  } finally {
    await handle.close();
    if (!written) await fs.promises.rm(temporary, { force: true });
  }
  await fs.promises.rename(temporary, file);
}

/** Reads a hierarchy written by `writeHierarchy` for `preparedFor`; throws one line saying why when it cannot. */
export async function readHierarchy(file: string, preparedFor: string): Promise<Hierarchy> {
  return decodeHierarchy(await readAligned(file), preparedFor, file);
}

/**
 * The file's bytes in memory of their own, read straight in (no second copy), which the arrays then view in place; off
 * the event loop, a chunk at a time.
 */
async function readAligned(file: string): Promise<Uint8Array<ArrayBuffer>> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const bytes = alignedBytes(size);
    for (let at = 0; at < size; ) {
      const { bytesRead } = await handle.read(bytes, at, Math.min(size - at, CHUNK), at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    return bytes;
  } finally {
    await handle.close();
  }
}

function parseHeader(line: string): Header | null {
  try {
    const header = JSON.parse(line) as Header;
    return header && typeof header === 'object' && header.lengths && typeof header.lengths === 'object' ? header : null;
  } catch {
    return null;
  }
}
