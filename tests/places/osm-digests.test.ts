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
});
