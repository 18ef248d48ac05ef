import { checkedPrefix, decodePack, encodePack, type PackArrays, type PackBytes, type PackFormat, type PackPrefix, type PackSchema, readPackFile, writePackFile } from '@/lib/core/typed-pack';
import type { Hierarchy, HierarchyArcs } from './contract';

/**
 * A prepared hierarchy kept in a file (or PostgreSQL's rows), so that an instance reads it instead of contracting the
 * network again. `preparedFor` names the network; bytes prepared for anything else are refused, as are bytes cut short
 * or of another format.
 */
const FORMAT = {
  name: 'trip-explorer contraction hierarchy 5',
  noun: 'a prepared hierarchy',
  schema: {
    rank: 'u32',
    'up.start': 'u32',
    'up.head': 'u32',
    'up.weight': 'f64',
    'down.start': 'u32',
    'down.head': 'u32',
    'down.weight': 'f64',
    first: 'i32',
    second: 'i32',
    profileStart: 'u32',
    profiles: 'u32',
  },
} as const satisfies PackFormat<PackSchema>;

function arraysOf(h: Hierarchy): PackArrays<typeof FORMAT.schema> {
  const { up, down } = h;
  return {
    rank: h.rank,
    'up.start': up.start,
    'up.head': up.head,
    'up.weight': up.weight,
    'down.start': down.start,
    'down.head': down.head,
    'down.weight': down.weight,
    first: h.first,
    second: h.second,
    profileStart: h.profileStart,
    profiles: h.profiles,
  };
}

/** The hierarchy as the format's bytes, in pieces to be written one after the other (they view its arrays in place). */
export function encodeHierarchy(h: Hierarchy, preparedFor: string): Uint8Array[] {
  return encodePack(FORMAT, preparedFor, arraysOf(h), { nodeCount: h.nodeCount, shortcuts: h.shortcuts, coreFrom: h.coreFrom });
}

/**
 * The hierarchy in `bytes` (the format's, from the start of their own ArrayBuffer, whose arrays it views in place),
 * if it was prepared for `preparedFor`; else throws one line saying why, naming the bytes by `where`.
 */
export function decodeHierarchy(bytes: PackBytes, preparedFor: string, where: string): Hierarchy {
  const { header, arrays } = decodePack(FORMAT, bytes, preparedFor, where);
  const csr = (side: 'up' | 'down'): HierarchyArcs => ({
    start: arrays[`${side}.start`],
    head: arrays[`${side}.head`],
    weight: arrays[`${side}.weight`],
  });
  return {
    nodeCount: Number(header.nodeCount),
    shortcuts: Number(header.shortcuts),
    coreFrom: Number(header.coreFrom),
    rank: arrays.rank,
    up: csr('up'),
    down: csr('down'),
    first: arrays.first,
    second: arrays.second,
    profileStart: arrays.profileStart,
    profiles: arrays.profiles,
  };
}

/** Writes the hierarchy to `file`, whole or not at all, off the event loop (see `writePackFile`). */
export const writeHierarchy = (file: string, h: Hierarchy, preparedFor: string) => writePackFile(file, encodeHierarchy(h, preparedFor));

/** What of a hierarchy's bytes to read (all): one of another format or network is refused from its header, named by `where`. */
export const hierarchyPrefix = (preparedFor: string, where: string): PackPrefix => checkedPrefix(FORMAT, preparedFor, where);

/**
 * Reads a hierarchy written by `writeHierarchy` for `preparedFor`; throws one line saying why when it cannot (from
 * its header alone when it is of another format or network).
 */
export async function readHierarchy(file: string, preparedFor: string): Promise<Hierarchy> {
  return decodeHierarchy(await readPackFile(file, undefined, hierarchyPrefix(preparedFor, file)), preparedFor, file);
}
