import { describe, expect, it } from 'vitest';
import { accountView, FULL_ACCESS } from '@/lib/places/auth/account';
import { parseSearchQuery } from '@/lib/places/query/search-query';

const parse = (query: string) => parseSearchQuery(query, accountView(FULL_ACCESS), new Set());

describe('the locations filter', () => {
  it('keeps each entry once, whatever its case or repetition', () => {
    expect(parse(`locations=${Array(20).fill('country:us').join(',')}`).locations).toEqual([{ kind: 'country', code: 'US' }]);
    expect(parse('locations=state:us-ca,country:US,state:US-CA,region:7,region:7').locations).toEqual([
      { kind: 'state', code: 'US-CA' },
      { kind: 'country', code: 'US' },
      { kind: 'region', id: 7 },
    ]);
  });

  it('refuses more than 20 entries, counted before repeats are dropped', () => {
    expect(() => parse(`locations=${Array(21).fill('country:US').join(',')}`)).toThrow(/at most 20/);
  });
});

describe('a name alone, with no area', () => {
  it('looks the name up over the whole dataset, best match first, with the center (if any) only as the distance reference', () => {
    const alone = parse('name=yellowstone');
    expect(alone).toMatchObject({ name: 'yellowstone', sort: 'relevance', center: undefined, radius: undefined, box: undefined, locations: undefined });
    expect(parse('name=yellowstone&center=-110.5,44.6')).toMatchObject({ sort: 'distance', center: { lon: -110.5, lat: 44.6 }, radius: undefined });
  });

  it('needs a word of at least three letters, so the lookup never reads most of the dataset', () => {
    for (const name of ['ye', 'a b', 'st lo']) expect(() => parse(`name=${encodeURIComponent(name)}`)).toThrow(/at least 3 letters/);
    expect(() => parse('name=!!!')).toThrow(/at least one letter/);
    expect(() => parse('name=st+lou')).not.toThrow();
  });

  it('still needs a circle with a box, and a center with a radius', () => {
    expect(() => parse('name=yellowstone&north=45&south=44&east=-110&west=-111')).toThrow(/center is required/);
    expect(() => parse('name=yellowstone&radius=1000')).toThrow(/center is required/);
    expect(() => parse('tags=museums')).toThrow(/center is required/);
  });
});
