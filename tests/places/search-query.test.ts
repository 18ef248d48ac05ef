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
