// The account configuration behind "returned data can vary": what a client sees and may filter by.
import { describe, expect, it } from 'vitest';
import { accountView, demoAccountConfig, FULL_ACCESS, placeInScope, scopeSearchTags, type AccountConfig } from '@/lib/places/auth/account';

const scoped: AccountConfig = { ...FULL_ACCESS, tags: ['museums', 'parks'], chains: ['walmart'] };
const query = (include: string[] = []) => ({ tags: { include, exclude: ['beaches'] } });

describe('an account\'s tag scope', () => {
  it('becomes the included tags of a search that names none, and leaves other searches as they are', () => {
    expect(scopeSearchTags(query(), scoped)).toEqual({ tags: { include: ['museums', 'parks'], exclude: ['beaches'] } });
    expect(scopeSearchTags(query(['museums']), scoped)).toEqual(query(['museums']));
    expect(scopeSearchTags(query(), FULL_ACCESS)).toEqual(query());
  });

  it('admits a place carrying any one of its tags, and no place carrying none', () => {
    expect(placeInScope(['museums', 'cafes'], scoped)).toBe(true);
    expect(placeInScope(['cafes'], scoped)).toBe(false);
    expect(placeInScope([], scoped)).toBe(false);
    expect(placeInScope(['cafes'], FULL_ACCESS)).toBe(true);
  });

  it('shows only its own tags and chains, or all of them', () => {
    const view = accountView(scoped);
    expect([view.tagVisible('museums'), view.tagVisible('cafes'), view.chainVisible('walmart'), view.chainVisible('pilot')]).toEqual([true, false, true, false]);
    const all = accountView(FULL_ACCESS);
    expect([all.tagVisible('cafes'), all.chainVisible('pilot')]).toEqual([true, true]);
  });
});

describe('the demo organizations\' accounts', () => {
  it('give a tourism office its tourism tags and no chain or RV data, a rental fleet RV travel with RV data, a dealer everything', () => {
    const tourism = demoAccountConfig('tourism_office');
    expect(tourism).toMatchObject({ chains: [], rv_service: false, max_limit: 100 });
    expect(tourism.tags).toContain('museums');
    expect(tourism.tags).not.toContain('rv-dealers');
    const fleet = demoAccountConfig('rental_fleet');
    expect(fleet).toMatchObject({ chains: 'all', rv_service: true, max_limit: 100 });
    expect(fleet.tags).toContain('rv-dealers');
    expect(fleet.tags).not.toContain('museums');
    expect(demoAccountConfig('rv_dealer_group')).toEqual(FULL_ACCESS);
  });
});
