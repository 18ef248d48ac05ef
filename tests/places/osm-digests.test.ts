import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DigestList } from '@/lib/places/osm/digests';

describe('DigestList', () => {
  it('gives back each digest in hex, in order, across the growth of its buffer', () => {
    const list = new DigestList();
    const texts = Array.from({ length: 3000 }, (_, i) => `place ${i}`);
    texts.forEach((text, i) => expect(list.push(text)).toBe(i));
    expect(list.length).toBe(3000);
    for (const i of [0, 1023, 1024, 2047, 2999]) expect(list.hex(i)).toBe(createHash('sha1').update(texts[i]).digest('hex'));
  });

  it('replaces a digest in place, leaving its neighbours, and refuses one not pushed', () => {
    const list = new DigestList();
    ['a', 'b', 'c'].forEach((text) => list.push(text));
    expect(list.set(1, 'b again')).toBe(1);
    expect([0, 1, 2].map((i) => list.hex(i))).toEqual(['a', 'b again', 'c'].map((text) => createHash('sha1').update(text).digest('hex')));
    expect(() => list.set(3, 'd')).toThrow(RangeError);
  });
});
