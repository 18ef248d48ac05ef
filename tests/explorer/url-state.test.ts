import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseFidelity, DEFAULT_CIRCLE, EMPTY_RV, parseExplorerState, serializeExplorerState, type ExplorerState } from '@/lib/explorer/url-state';

const parse = (query: string) => parseExplorerState(new URLSearchParams(query));

describe('explorer URL state', () => {
  it('gives a first-time visitor the default circle and nothing else', () => {
    const state = parse('');
    expect(state.circle).toEqual(DEFAULT_CIRCLE);
    expect(state.box).toBeNull();
    expect(state.sort).toBe('distance');
    expect(state.page).toBe(1);
    expect(serializeExplorerState(state).toString()).toBe('');
  });

  it('shows the person’s own units unless the link names others, and writes the units only when they differ (issue 40)', () => {
    const own = (query: string, units: 'km' | 'mi') => parseExplorerState(new URLSearchParams(query), units).units;
    expect(own('', 'mi')).toBe('mi');
    expect(own('', 'km')).toBe('km');
    // A link's explicit units win over the person's.
    expect(own('units=km', 'mi')).toBe('km');
    expect(own('units=mi', 'km')).toBe('mi');
    expect(own('units=miles', 'mi')).toBe('mi');
    const state = parseExplorerState(new URLSearchParams(''), 'mi');
    expect(serializeExplorerState(state, 'mi').toString()).toBe('');
    expect(serializeExplorerState({ ...state, units: 'km' }, 'mi').toString()).toBe('units=km');
    expect(serializeExplorerState({ ...state, units: 'mi' }, 'km').toString()).toBe('units=mi');
  });

  it('keeps a cleared area cleared', () => {
    const state = parse('area=none');
    expect(state.circle).toBeNull();
    expect(state.box).toBeNull();
    expect(serializeExplorerState(state).get('area')).toBe('none');
  });

  it('reads a full view back from its own URL', () => {
    const query =
      'circle=-105.1,39.5,25000&box=-106,39,-104,40.5&units=mi&tags=campgrounds,!rv-parks&chains=koa&name=lake&fmin=2&fmax=4&sort=rating&page=3' +
      '&makes=Airstream,Jayco&rv_types=Class%20A&services=Repairs&amenities=wifi&rental=true&association=false&place=42&map=7.5/39.7/-105';
    const state = parse(query);
    expect(state).toMatchObject({
      circle: { lon: -105.1, lat: 39.5, radius: 25000 },
      box: { west: -106, south: 39, east: -104, north: 40.5 },
      units: 'mi',
      tags: ['campgrounds', '!rv-parks'],
      chains: ['koa'],
      name: 'lake',
      minFidelity: 2,
      maxFidelity: 4,
      sort: 'rating',
      page: 3,
      rv: { makes: ['Airstream', 'Jayco'], rvTypes: ['Class A'], services: ['Repairs'], amenities: 'wifi', rental: true, association: false, partner: null },
      place: 42,
      view: { zoom: 7.5, lat: 39.7, lon: -105 },
    });
    expect(parse(serializeExplorerState(state).toString())).toEqual(state);
  });

  it('drops values that make no sense instead of failing', () => {
    const state = parse('circle=1,95,100&box=0,10,5,2&sort=sideways&page=-2&fmin=9&place=abc&map=x');
    expect(state.circle).toEqual(DEFAULT_CIRCLE);
    expect(state.box).toBeNull();
    expect(state.sort).toBe('distance');
    expect(state.page).toBe(1);
    expect(state.minFidelity).toBeNull();
    expect(state.place).toBeNull();
    expect(state.view).toBeNull();
  });

  it('caps the radius at the API maximum and wraps longitudes', () => {
    expect(parse('circle=190,10,900000').circle).toEqual({ lon: -170, lat: 10, radius: 500000 });
  });

  it('round-trips any state it serializes', () => {
    const circle = fc.record({
      lon: fc.integer({ min: -17999, max: 17999 }).map((n) => n / 100),
      lat: fc.integer({ min: -8900, max: 8900 }).map((n) => n / 100),
      radius: fc.integer({ min: 1, max: 500000 }),
    });
    const id = fc.stringMatching(/^!?[a-z][a-z-]{0,10}$/);
    fc.assert(
      fc.property(fc.option(circle, { nil: null }), fc.array(id, { maxLength: 4 }), fc.integer({ min: 1, max: 99 }), (c, tags, page) => {
        const state: ExplorerState = {
          ...parse(''),
          circle: c,
          tags,
          page,
          rv: EMPTY_RV,
        };
        expect(parse(serializeExplorerState(state).toString())).toEqual(state);
      }),
    );
  });
});

describe('the fidelity filter', () => {
  it('brings the other bound along when a choice crosses it, and leaves it otherwise', () => {
    expect(chooseFidelity({ minFidelity: 5, maxFidelity: null }, 'maxFidelity', 1)).toEqual({ minFidelity: 1, maxFidelity: 1 });
    expect(chooseFidelity({ minFidelity: null, maxFidelity: 2 }, 'minFidelity', 4)).toEqual({ minFidelity: 4, maxFidelity: 4 });
    expect(chooseFidelity({ minFidelity: 2, maxFidelity: 4 }, 'maxFidelity', 3)).toEqual({ maxFidelity: 3 });
    expect(chooseFidelity({ minFidelity: 2, maxFidelity: 4 }, 'minFidelity', null)).toEqual({ minFidelity: null });
  });
});
