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
});
