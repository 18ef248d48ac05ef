import { describe, expect, it } from 'vitest';
import { chipState, pressChip, visibleChips } from '@/lib/explorer/chip-order';

const options = ['a', 'b', 'c', 'd', 'e'].map((public_id) => ({ public_id, name: public_id.toUpperCase() }));
const ids = (list: { public_id: string }[]) => list.map((o) => o.public_id);

describe('filter chips', () => {
  it('show the first ones in the vocabulary order, plus the kept ones in place', () => {
    expect(ids(visibleChips(options, 3, new Set()))).toEqual(['a', 'b', 'c']);
    expect(ids(visibleChips(options, 3, new Set(['e', 'b'])))).toEqual(['a', 'b', 'c', 'e']);
  });

  it('never move a pressed chip to the front', () => {
    expect(ids(visibleChips(options, 5, new Set(['c'])))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('cycle off, include, exclude, off, keeping the other selections and their order', () => {
    let value = ['x', '!y'];
    value = pressChip(value, 'c');
    expect(value).toEqual(['x', '!y', 'c']);
    expect(chipState(value, 'c')).toBe('include');
    value = pressChip(value, 'c');
    expect(value).toEqual(['x', '!y', '!c']);
    expect(chipState(value, 'c')).toBe('exclude');
    value = pressChip(value, 'c');
    expect(value).toEqual(['x', '!y']);
    expect(chipState(value, 'c')).toBe('off');
  });
});
