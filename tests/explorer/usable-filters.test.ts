import { describe, expect, it } from 'vitest';
import type { PlaceLists } from '@/lib/explorer/types';
import { usableFilters } from '@/lib/explorer/usable-filters';
import { parseExplorerState } from '@/lib/explorer/url-state';

const state = (query: string) => parseExplorerState(new URLSearchParams(query));

const fullAccount: PlaceLists = {
  tags: [
    { public_id: 'museums', name: 'Museums' },
    { public_id: 'campgrounds', name: 'Campgrounds' },
  ],
  chains: [{ public_id: 'koa', name: 'KOA' }],
  rv: { makes: ['Jayco'], rvTypes: ['Class A'], services: ['Repairs'] },
};

const rvFleet: PlaceLists = {
  tags: [{ public_id: 'campgrounds', name: 'Campgrounds' }],
  chains: [{ public_id: 'koa', name: 'KOA' }],
  rv: { makes: ['Jayco'], rvTypes: [], services: ['Repairs'] },
};

const tourism: PlaceLists = { tags: [{ public_id: 'museums', name: 'Museums' }], chains: [], rv: null };

describe('usable filters', () => {
  it('keeps everything, as the same state, when the account knows every filter', () => {
    const s = state('tags=museums,!campgrounds&chains=koa&makes=Jayco&rental=true&page=3');
    const usable = usableFilters(s, fullAccount);
    expect(usable.state).toBe(s);
    expect(usable.dropped).toEqual([]);
  });

  it('drops nothing while the lists are not known yet', () => {
    const s = state('tags=museums');
    expect(usableFilters(s, undefined)).toEqual({ state: s, dropped: [] });
  });

  it('drops tags the account does not have, included or excluded (named once), and goes back to the first page', () => {
    const usable = usableFilters(state('tags=museums,campgrounds,!museums&page=4'), rvFleet);
    expect(usable.state.tags).toEqual(['campgrounds']);
    expect(usable.state.page).toBe(1);
    expect(usable.dropped).toEqual([{ group: 'tag', id: 'museums' }]);
  });

  it('drops chains and RV values the account does not list', () => {
    const usable = usableFilters(state('chains=!walmart,koa&makes=Jayco,Winnebago&rv_types=Class%20A&services=Repairs'), rvFleet);
    expect(usable.state.chains).toEqual(['koa']);
    expect(usable.state.rv.makes).toEqual(['Jayco']);
    expect(usable.state.rv.rvTypes).toEqual([]);
    expect(usable.state.rv.services).toEqual(['Repairs']);
    expect(usable.dropped).toEqual([
      { group: 'chain', id: 'walmart' },
      { group: 'serviced make', id: 'Winnebago' },
      { group: 'RV type', id: 'Class A' },
    ]);
  });

  it('drops every RV filter when the account has no RV service data', () => {
    const usable = usableFilters(state('tags=museums&makes=Jayco&amenities=wifi&rental=true&partner=false'), tourism);
    expect(usable.state.tags).toEqual(['museums']);
    expect(usable.state.rv).toEqual({ makes: [], rvTypes: [], services: [], amenities: '', rental: null, association: null, partner: null });
    expect(usable.dropped).toEqual([
      { group: 'serviced make', id: 'Jayco' },
      { group: 'dealer amenities', id: 'wifi' },
      { group: 'RV flag', id: 'Rental RVs available' },
      { group: 'RV flag', id: 'Partner program dealer' },
    ]);
  });
});
