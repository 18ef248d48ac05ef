import { describe, expect, it } from 'vitest';
import { goToTarget } from '@/lib/gazetteer/destination';
import { normalizeName, shardOfQuery, shardsOfWord, suggest, type GazetteerRow } from '@/lib/gazetteer/names';

const rows: GazetteerRow[] = [
  ['Utah', 'United States', -111.7, 39.5, 0, 'state', [-114.05, 37, -109.04, 42]],
  ['Moab', 'UT, United States', -109.55, 38.573, 5235, 'city', null],
  ['Mobile', 'AL, United States', -88.04, 30.694, 190000, 'city', null],
  ['Moa', 'Cuba', -74.94, 20.65, 60000, 'city', null],
  ['São Paulo', 'Brazil', -46.63, -23.55, 10000000, 'city', null],
  ['Salt Lake City', 'UT, United States', -111.89, 40.76, 190000, 'city', null],
];

describe('the Go to gazetteer', () => {
  it('matches names without accents or case, every word typed starting a word of the name', () => {
    expect(normalizeName('São  Paulo!')).toBe('sao paulo');
    expect(suggest(rows, 'sao p').map((e) => e.name)).toEqual(['São Paulo']);
    expect(suggest(rows, 'lake').map((e) => e.name)).toEqual(['Salt Lake City']);
    expect(suggest(rows, 'city salt').map((e) => e.name)).toEqual(['Salt Lake City']);
  });

  it('puts the whole name typed first, then names starting so, then the most populous', () => {
    expect(suggest(rows, 'moa').map((e) => e.name)).toEqual(['Moa', 'Moab']);
    expect(suggest(rows, 'Mo').map((e) => e.name)).toEqual(['Mobile', 'Moa', 'Moab']);
    expect(suggest(rows, 'mo', 2)).toHaveLength(2);
    expect(suggest(rows, '  ')).toEqual([]);
  });

  it('answers a query from the shard of its longest word', () => {
    expect(shardsOfWord('moab')).toEqual(['moa', 'mo_']);
    expect(shardsOfWord('mo')).toEqual(['mo_']);
    expect(shardsOfWord('m')).toEqual([]);
    expect(shardOfQuery('Moab')).toBe('moa');
    expect(shardOfQuery('new y')).toBe('new');
    expect(shardOfQuery('Sa')).toBe('sa_');
    expect(shardOfQuery('é')).toBeNull();
  });

  it('goes to a city with a 50 km circle (or the small circle in use), and to a state with its whole frame', () => {
    const moab = suggest(rows, 'moab')[0];
    expect(goToTarget(moab, null).circle).toEqual({ lon: -109.55, lat: 38.573, radius: 50_000 });
    expect(goToTarget(moab, { lon: 0, lat: 0, radius: 40_000 }).circle.radius).toBe(40_000);
    expect(goToTarget(moab, { lon: 0, lat: 0, radius: 150_000 }).circle.radius).toBe(50_000);
    const utah = goToTarget(suggest(rows, 'utah')[0], null);
    expect(utah.bounds).toEqual([[-114.05, 37], [-109.04, 42]]);
    expect(utah.circle.radius).toBeGreaterThan(300_000);
    expect(utah.circle.radius).toBeLessThanOrEqual(500_000);
  });
});
