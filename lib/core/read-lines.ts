import fs from 'node:fs';

const CHUNK = 1 << 20;
const NEWLINE = 0x0a;

/**
 * A text file's lines (UTF-8), in order, read a megabyte at a time and synchronously (for a SQLite transaction, which
 * is): a file of any size without holding it in memory, nor in one string (V8 caps a string at 512 MiB). Lines are
 * cut at newline bytes and decoded one by one: a UTF-8 sequence never holds a newline byte, and no big string is
 * ever built to be split. With a byte range, the lines from `start` (a line's first byte) to before `end`.
 */
export function* readLinesSync(file: string, range: { start: number; end: number } = { start: 0, end: Infinity }): Generator<string> {
  const fd = fs.openSync(file, 'r');
  let buffer = Buffer.allocUnsafe(CHUNK);
  let kept = 0;
  let position = range.start;
  try {
    for (;;) {
      if (kept === buffer.length) {
        // A line longer than the buffer: grow it.
        const bigger = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(bigger, 0, 0, kept);
        buffer = bigger;
      }
      const read = fs.readSync(fd, buffer, kept, Math.min(buffer.length - kept, range.end - position), position);
      position += read;
      const end = kept + read;
      let start = 0;
      for (let nl = buffer.indexOf(NEWLINE, kept); nl !== -1 && nl < end; nl = buffer.indexOf(NEWLINE, start)) {
        yield buffer.toString('utf8', start, nl);
        start = nl + 1;
      }
      if (read === 0) {
        if (start < end) yield buffer.toString('utf8', start, end);
        return;
      }
      buffer.copy(buffer, 0, start, end);
      kept = end - start;
    }
  } finally {
    fs.closeSync(fd);
  }
}
