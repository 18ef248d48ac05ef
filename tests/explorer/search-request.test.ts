import { describe, expect, it } from 'vitest';
import { searchRequestParams } from '@/lib/explorer/search-request';
import { searchSchema, toPlacesQuery } from '@/lib/explorer/search-schema';
import { parseExplorerState } from '@/lib/explorer/url-state';

const request = (query: string) => searchRequestParams(parseExplorerState(new URLSearchParams(query)));

describe('search request', () => {
  it('sends the circle, the filters, the sort and the page as the API names them', () => {
    const p = request('circle=-105,39.7,20000&tags=campgrounds,!rv-parks&chains=!walmart&name=lake&fmin=2&sort=relevance&page=3&makes=Jayco&rental=true');
    expect(Object.fromEntries(p!)).toEqual({
      center: '-105,39.7',
      radius: '20000',
      tags: 'campgrounds,!rv-parks',
      chains: '!walmart',
      name: 'lake',
      min_fidelity: '2',
      sort: 'relevance',
      limit: '20',
      offset: '40',
      rv_service_serviced_makes: 'Jayco',
      rv_service_rental_available: 'true',
    });
  });

  it('searches a box alone around its center with a radius that reaches its corners', () => {
    const p = request('box=-106,39,-104,41')!;
    expect(p.get('center')).toBe('-105,40');
    expect(Number(p.get('radius'))).toBeGreaterThan(130_000);
    expect(Number(p.get('radius'))).toBeLessThan(160_000);
    expect([p.get('west'), p.get('south'), p.get('east'), p.get('north')]).toEqual(['-106', '39', '-104', '41']);
  });

  it('centers a box across the antimeridian on the right side of the world', () => {
    const p = request('box=170,-20,-170,-10')!;
    expect(p.get('center')).toBe('180,-15');
  });

  it('sends nothing without an area', () => {
    expect(request('area=none')).toBeNull();
  });

  it('is accepted by the route schema and signed in a fixed order', () => {
    const p = request('circle=-105,39.7,20000&tags=campgrounds&services=Tire%20service,Repairs&amenities=wifi')!;
    const parsed = searchSchema.parse(Object.fromEntries(p));
    expect(toPlacesQuery(parsed)).toBe(
      'center=-105%2C39.7&limit=20&offset=0&radius=20000&rv_service_available_services=Tire+service%2CRepairs&rv_service_dealer_amenities=wifi&sort=distance&tags=campgrounds',
    );
  });

  it('the route schema refuses half a box, unknown parameters and a radius over 500 km', () => {
    expect(searchSchema.safeParse({ center: '0,0', radius: '10', north: '1' }).success).toBe(false);
    expect(searchSchema.safeParse({ center: '0,0', radius: '10', evil: '1' }).success).toBe(false);
    expect(searchSchema.safeParse({ center: '0,0', radius: '500001' }).success).toBe(false);
    expect(searchSchema.safeParse({ center: '0,95', radius: '10' }).success).toBe(false);
  });

  it('the route schema takes a route with its buffer and sort=route, alone or cut by a circle, and signs it in order', () => {
    const route = '_p~iF~ps|U_ulLnnqC_mqNvxq`@';
    const parsed = searchSchema.parse({ route, route_buffer: '5000', sort: 'route', tags: 'campgrounds' });
    expect(toPlacesQuery(parsed)).toBe('route=_p%7EiF%7Eps%7CU_ulLnnqC_mqNvxq%60%40&route_buffer=5000&sort=route&tags=campgrounds');
    expect(searchSchema.safeParse({ route, center: '0,0', radius: '1000' }).success).toBe(true);
    expect(searchSchema.safeParse({ route, center: '0,0' }).success).toBe(true);
  });

  it('the route schema refuses a route of other characters, a buffer without a route, sort=route without one, and a radius without a center', () => {
    expect(searchSchema.safeParse({ route: 'abc def' }).success).toBe(false);
    expect(searchSchema.safeParse({ route: '_p~iF~ps|U', route_buffer: '50001' }).success).toBe(false);
    expect(searchSchema.safeParse({ center: '0,0', radius: '10', route_buffer: '100' }).success).toBe(false);
    expect(searchSchema.safeParse({ center: '0,0', radius: '10', sort: 'route' }).success).toBe(false);
    expect(searchSchema.safeParse({ route: '_p~iF~ps|U', radius: '10' }).success).toBe(false);
    expect(searchSchema.safeParse({ center: '0,0' }).success).toBe(false);
  });
});
