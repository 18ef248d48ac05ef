import fs from 'node:fs';

/**
 * Typed arrays kept as one run of bytes (a file, or rows of a database), to be read back in place: one line of JSON (the
 * format, what the arrays were prepared for, each array's length, and whatever else the format says), then each
 * array's bytes, starting on a multiple of 8. Bytes of another format, prepared for something else, or cut short
 * are refused with one line that says so.
 */
const KINDS = { u8: Uint8Array, u32: Uint32Array, i32: Int32Array, f32: Float32Array, f64: Float64Array };
export type ArrayKind = keyof typeof KINDS;
export type PackedArray = Uint8Array | Uint32Array | Int32Array | Float32Array | Float64Array;
/** Each array's name and kind, in the order they are kept. */
export type PackSchema = Record<string, ArrayKind>;
interface ArrayTypes {
  u8: Uint8Array;
  u32: Uint32Array;
  i32: Int32Array;
  f32: Float32Array;
  f64: Float64Array;
}
type ArrayOf<K extends ArrayKind> = ArrayTypes[K];
export type PackArrays<S extends PackSchema> = { [N in keyof S]: ArrayOf<S[N]> };

export interface PackFormat<S extends PackSchema> {
  /** The format's name and version, as the header line says it. */
  name: string;
  /** What a person calls the bytes ("a prepared hierarchy"), for the errors. */
  noun: string;
  schema: S;
}

export interface PackHeader {
  format: string;
  preparedFor: string;
  lengths: Record<string, number>;
  [other: string]: unknown;
}

const ALIGN = 8;
/** Bytes a read or write of a file moves at once: each one a task of the thread pool, the event loop free between. */
const CHUNK = 64 << 20;

const padded = (n: number) => Math.ceil(n / ALIGN) * ALIGN;

/**
 * The arrays as the format's bytes, in pieces to be written one after the other: the header line, then each array
 * (the pieces view the arrays in place; padding pieces keep each array on a multiple of 8).
 */
export function encodePack<S extends PackSchema>(format: PackFormat<S>, preparedFor: string, arrays: PackArrays<S>, extra: Record<string, unknown> = {}): Uint8Array[] {
  const names = Object.keys(format.schema);
  const lengths = Object.fromEntries(names.map((name) => [name, arrays[name].length]));
  const header: PackHeader = { format: format.name, preparedFor, ...extra, lengths };
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
 * A pack's bytes in memory: from the start of an ArrayBuffer of their own, `length` of them. Not a Uint8Array: one
 * view holds at most 2^32 bytes, and a country's graph is more.
 */
export interface PackBytes {
  buffer: ArrayBuffer;
  length: number;
}

/** Memory for `size` bytes of a pack (its ArrayBuffer a multiple of 8 long, so the last array can be viewed in place). */
export const packBytes = (size: number): PackBytes => ({ buffer: new ArrayBuffer(padded(size)), length: size });

/** The pieces one after the other in memory of their own (as a file or PostgreSQL's rows are read). */
export function joinPieces(pieces: readonly Uint8Array[]): PackBytes {
  const bytes = packBytes(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let at = 0;
  for (const piece of pieces) {
    new Uint8Array(bytes.buffer, at, piece.length).set(piece);
    at += piece.length;
  }
  return bytes;
}

/** The longest header line read: its lengths of a few dozen arrays and a few names. */
export const HEADER_MAX = 1 << 16;

/**
 * The header and the arrays in `bytes` (the format's; every array views them in place), if they were prepared for
 * `preparedFor`; else throws one line saying why, naming the bytes by `where`.
 */
export function decodePack<S extends PackSchema>(
  format: PackFormat<S>,
  bytes: PackBytes,
  preparedFor: string,
  where: string,
  through?: keyof S & string,
): { header: PackHeader; arrays: PackArrays<S> } {
  const { header, newline } = headerOf(new Uint8Array(bytes.buffer, 0, Math.min(bytes.length, HEADER_MAX)));
  checkHeader(format, header, preparedFor, where);
  const arrays: Record<string, PackedArray> = {};
  let reading = true;
  for (const { name, View, at, length } of placesOf(format, header, newline)) {
    if (!reading) {
      arrays[name] = new View(0);
      continue;
    }
    if (!Number.isInteger(length) || length < 0 || at + length * View.BYTES_PER_ELEMENT > bytes.length) throw new Error(`${where} is cut short (at ${name}): prepare it again`);
    arrays[name] = new View(bytes.buffer, at, length);
    reading = name !== through;
  }
  return { header, arrays: arrays as PackArrays<S> };
}

/** Throws the one line that says why a header is refused: not of the format, or prepared for something else. */
function checkHeader<S extends PackSchema>(format: PackFormat<S>, header: PackHeader | null, preparedFor: string, where: string): asserts header is PackHeader {
  if (!header || header.format !== format.name) throw new Error(`${where} is not ${format.noun} of this version (${format.name})`);
  if (header.preparedFor !== preparedFor) throw new Error(`${where} was prepared for ${header.preparedFor}, not ${preparedFor}: prepare it again`);
}

/**
 * What to read of a pack of `format` prepared for `preparedFor`, from its first bytes: its arrays through `through`,
 * or all of it. Bytes of another format, or prepared for something else, are refused from their header alone (with
 * the line `decodePack` says), before the gigabytes of a country's arrays are read.
 */
export function checkedPrefix<S extends PackSchema>(format: PackFormat<S>, preparedFor: string, where: string, through?: keyof S & string): PackPrefix {
  return (head) => {
    const { header, newline } = headerOf(head);
    // Fewer bytes than a header line may take, and no line in them (a small part of a database row): not decided here.
    if (newline < 0 && head.length < HEADER_MAX) return null;
    checkHeader(format, header, preparedFor, where);
    return through ? bytesThrough(format, header, newline, through) : null;
  };
}

/** Each array of the format in a pack whose header line ends at `newline`: where it starts, and its length as the header says. */
function* placesOf<S extends PackSchema>(format: PackFormat<S>, header: PackHeader, newline: number) {
  let at = newline + 1;
  for (const [name, kind] of Object.entries(format.schema)) {
    const View = KINDS[kind];
    const length = header.lengths[name];
    at = padded(at);
    yield { name, View, at, length };
    at += length * View.BYTES_PER_ELEMENT;
  }
}

/**
 * How many of a pack's bytes hold its header (ending at `newline`) and its arrays up to `through`; null when a length
 * the header gives is not one (the whole is read, and refused).
 */
function bytesThrough<S extends PackSchema>(format: PackFormat<S>, header: PackHeader, newline: number, through: keyof S & string): number | null {
  for (const { name, View, at, length } of placesOf(format, header, newline)) {
    if (!Number.isInteger(length) || length < 0) return null;
    if (name === through) return at + length * View.BYTES_PER_ELEMENT;
  }
  return null;
}

/** The header line at the start of `head`, and where it ends. */
function headerOf(head: Uint8Array): { header: PackHeader | null; newline: number } {
  const newline = head.indexOf(10);
  return { header: newline > 0 ? parseHeader(Buffer.from(head.buffer, head.byteOffset, newline).toString('utf8')) : null, newline };
}

/** How many bytes of a pack to read, given its first bytes (up to HEADER_MAX of them); null: all of them. It may throw to refuse them. */
export type PackPrefix = (head: Uint8Array) => number | null;

/**
 * Writes the pieces to `file` (through a temporary file renamed into place, so a reader never sees half of it), off
 * the event loop a chunk at a time: a country's prepared arrays are gigabytes, and the server answers meanwhile.
 */
export async function writePackFile(file: string, pieces: readonly Uint8Array[]): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await fs.promises.open(temporary, 'w');
  let written = false;
  try {
    for (const bytes of pieces) {
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

/**
 * The file's bytes in memory of their own (only the first ones `prefix` asks for, when given), read straight in (no
 * second copy), which the arrays then view in place; off the event loop, a chunk at a time.
 */
export async function readPackFile(file: string, chunk = CHUNK, prefix?: PackPrefix): Promise<PackBytes> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const size = prefix ? await prefixSize(handle, prefix) : (await handle.stat()).size;
    const bytes = packBytes(size);
    for (let at = 0; at < size; ) {
      const length = Math.min(size - at, chunk);
      const { bytesRead } = await handle.read(new Uint8Array(bytes.buffer, at, length), 0, length, at);
      if (bytesRead === 0) return { buffer: bytes.buffer, length: at };
      at += bytesRead;
    }
    return bytes;
  } finally {
    await handle.close();
  }
}

/** The bytes of the file a prefix asks for (at most the file's). */
async function prefixSize(handle: fs.promises.FileHandle, prefix: PackPrefix): Promise<number> {
  const { size } = await handle.stat();
  const head = new Uint8Array(Math.min(size, HEADER_MAX));
  await handle.read(head, 0, head.length, 0);
  return Math.min(size, prefix(head) ?? size);
}

function parseHeader(line: string): PackHeader | null {
  try {
    const header = JSON.parse(line) as PackHeader;
    return header && typeof header === 'object' && header.lengths && typeof header.lengths === 'object' ? header : null;
  } catch {
    return null;
  }
}
