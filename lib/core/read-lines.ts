import fs from 'node:fs';

const CHUNK = 1 << 20;
const NEWLINE = 0x0a;

/** Where to read, and the longest line to decode. */
export interface LineReading {
  /** A line's first byte. */
  start?: number;
  /** The byte before which reading stops. */
  end?: number;
  /** A line longer than this many bytes is passed over, neither kept whole nor decoded, and given as a `LongLine`. */
  maxLineBytes?: number;
}

/** A line longer than the reading's `maxLineBytes`, by its length in bytes (without its newline). */
export interface LongLine {
  longLineBytes: number;
}

/**
 * A text file's lines (UTF-8), in order, read a megabyte at a time and synchronously (for a SQLite transaction, which
 * is): a file of any size without holding it in memory, nor in one string (V8 caps a string at 512 MiB). Lines are
 * cut at newline bytes and decoded one by one: a UTF-8 sequence never holds a newline byte, and no big string is
 * ever built to be split. With a byte range, the lines from `start` to before `end`. With `maxLineBytes`, memory
 * stays within about that much whatever a line's length: a longer line is read past, and counted, not decoded.
 */
export function readLinesSync(file: string, reading?: Omit<LineReading, 'maxLineBytes'>): Generator<string>;
export function readLinesSync(file: string, reading: LineReading & { maxLineBytes: number }): Generator<string | LongLine>;
export function* readLinesSync(file: string, reading: LineReading = {}): Generator<string | LongLine> {
  const { start: from = 0, end: to = Infinity, maxLineBytes = Infinity } = reading;
  const fd = fs.openSync(file, 'r');
  let buffer = Buffer.allocUnsafe(CHUNK);
  let kept = 0;
  let position = from;
  // The bytes of a line too long to keep, read past so far; -1 while reading a line that is kept.
  let passed = -1;
  const lineOf = (begin: number, end: number): string | LongLine => {
    if (passed >= 0) {
      const longLineBytes = passed + end - begin;
      passed = -1;
      return { longLineBytes };
    }
    return end - begin > maxLineBytes ? { longLineBytes: end - begin } : buffer.toString('utf8', begin, end);
  };
  try {
    for (;;) {
      if (kept === buffer.length) {
        // A line longer than the buffer (and no longer than maxLineBytes): grow it.
        const bigger = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(bigger, 0, 0, kept);
        buffer = bigger;
      }
      const read = fs.readSync(fd, buffer, kept, Math.min(buffer.length - kept, to - position), position);
      position += read;
      const end = kept + read;
      let start = 0;
      for (let nl = buffer.indexOf(NEWLINE, kept); nl !== -1 && nl < end; nl = buffer.indexOf(NEWLINE, start)) {
        yield lineOf(start, nl);
        start = nl + 1;
      }
      if (read === 0) {
        if (start < end || passed >= 0) yield lineOf(start, end);
        return;
      }
      if (passed >= 0 || end - start > maxLineBytes) {
        passed = Math.max(passed, 0) + end - start;
        kept = 0;
        continue;
      }
      buffer.copy(buffer, 0, start, end);
      kept = end - start;
    }
  } finally {
    fs.closeSync(fd);
  }
}
