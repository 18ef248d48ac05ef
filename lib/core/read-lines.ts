import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

const CHUNK = 1 << 20;

/**
 * A text file's lines, in order, read a megabyte at a time and synchronously (for a SQLite transaction, which is):
 * a file of any size without holding it in memory, nor in one string (V8 caps a string at 512 MiB).
 */
export function* readLinesSync(file: string): Generator<string> {
  const fd = fs.openSync(file, 'r');
  const buffer = Buffer.alloc(CHUNK);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for (;;) {
      const read = fs.readSync(fd, buffer, 0, CHUNK, null);
      if (read === 0) break;
      const parts = (rest + decoder.write(buffer.subarray(0, read))).split('\n');
      rest = parts.pop()!;
      yield* parts;
    }
    rest += decoder.end();
    if (rest) yield rest;
  } finally {
    fs.closeSync(fd);
  }
}
