import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLinesSync } from '@/lib/core/read-lines';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-lines-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const linesOf = (text: string | Buffer) => {
  const file = path.join(dir, `f${Math.random()}`);
  fs.writeFileSync(file, text);
  return [...readLinesSync(file)];
};

describe('readLinesSync', () => {
  it('gives the lines as split on newlines would, with or without a last newline, empty lines kept', () => {
    expect(linesOf('a\nb\n\nc')).toEqual(['a', 'b', '', 'c']);
    expect(linesOf('a\nb\n')).toEqual(['a', 'b']);
    expect(linesOf('')).toEqual([]);
  });

  it('keeps multi-byte characters whole across the megabyte reads, and lines longer than one read', () => {
    const long = 'é'.repeat(700_000);
    const text = ['x'.repeat((1 << 20) - 1), `ü€😀${long}`, 'end'].join('\n');
    expect(linesOf(text)).toEqual(text.split('\n'));
  });

  it('reads a byte range from a line’s first byte: ranges that split a file at lines give its lines once each', () => {
    const file = path.join(dir, 'ranges');
    const text = ['one', 'zwei ü', '', 'trois', 'four'].join('\n');
    fs.writeFileSync(file, text);
    const size = Buffer.byteLength(text);
    const cut = Buffer.byteLength('one\nzwei ü\n');
    expect([...readLinesSync(file, { start: 0, end: cut })]).toEqual(['one', 'zwei ü']);
    expect([...readLinesSync(file, { start: cut, end: size })]).toEqual(['', 'trois', 'four']);
    expect([...readLinesSync(file, { start: size, end: size })]).toEqual([]);
  });

  it('passes over a line longer than maxLineBytes, giving its length, and reads on: within a read, across reads, at the end', () => {
    const file = path.join(dir, 'long');
    const long = 'é'.repeat(3 << 20);
    fs.writeFileSync(file, ['short', 'x'.repeat(101), long, 'ü'.repeat(50), long].join('\n'));
    expect([...readLinesSync(file, { maxLineBytes: 100 })]).toEqual([
      'short',
      { longLineBytes: 101 },
      { longLineBytes: 6 << 20 },
      'ü'.repeat(50),
      { longLineBytes: 6 << 20 },
    ]);
    expect([...readLinesSync(file, { maxLineBytes: 6 << 20 })]).toEqual(['short', 'x'.repeat(101), long, 'ü'.repeat(50), long]);
  });

  it('with maxLineBytes, ends a long line at the end of its range', () => {
    const file = path.join(dir, 'long-range');
    const text = `${'y'.repeat(3 << 20)}\nnext\n`;
    fs.writeFileSync(file, text);
    expect([...readLinesSync(file, { start: 0, end: (3 << 20) - 10, maxLineBytes: 1000 })]).toEqual([{ longLineBytes: (3 << 20) - 10 }]);
    expect([...readLinesSync(file, { start: 0, end: Buffer.byteLength(text), maxLineBytes: 1000 })]).toEqual([{ longLineBytes: 3 << 20 }, 'next']);
  });
});
