import { describe, expect, it } from 'vitest';
import { ignoredLinkParams, signInEnded } from '@/lib/explorer/link-notes';
import { DEFAULT_CIRCLE, parseExplorerState } from '@/lib/explorer/url-state';

const notes = (query: string) => ignoredLinkParams(new URLSearchParams(query));
const state = (query: string) => parseExplorerState(new URLSearchParams(query));

describe('a link with broken parameters', () => {
  it('says nothing about a valid link', () => {
    expect(notes('circle=-105,39.7,20000&box=-106,39,-104,41&units=mi&sort=rating&page=2&fmin=2&rental=true&place=4&tags=parks')).toEqual([]);
    expect(notes('')).toEqual([]);
  });

  it('names a circle that is not a circle, and searches the default area (or the box alone)', () => {
    expect(notes('circle=abc')).toEqual(['The circle “abc” is not longitude,latitude,meters with a latitude between -90 and 90: the default area is searched.']);
    expect(state('circle=abc').circle).toEqual(DEFAULT_CIRCLE);
    expect(notes('circle=abc&box=-106,39,-104,41')[0]).toMatch(/the box alone is searched\.$/);
    expect(state('circle=abc&box=-106,39,-104,41').circle).toBeNull();
  });

  it('keeps a circle’s center when only its radius is unusable', () => {
    expect(notes('circle=-74,40.7,abc')).toEqual(["The circle's radius “abc” is not a number of meters: 150 km around its center is searched."]);
    expect(state('circle=-74,40.7,abc').circle).toEqual({ lon: -74, lat: 40.7, radius: 150_000 });
    expect(state('circle=-74,40.7').circle).toEqual({ lon: -74, lat: 40.7, radius: 150_000 });
  });

  it('says a radius out of range was brought down to the largest a search reaches', () => {
    expect(notes('circle=-74,40.7,900000')).toEqual(["The circle's radius, 900 km, is more than the 500 km a search reaches: 500 km is searched."]);
    expect(state('circle=-74,40.7,900000').circle).toEqual({ lon: -74, lat: 40.7, radius: 500_000 });
  });

  it('names every other part it left out, keeping the rest', () => {
    const query = 'box=1,2,3&units=miles&sort=loudest&page=-1&fmax=9&partner=yes&place=abc&tags=parks';
    expect(notes(query)).toEqual([
      'The box “1,2,3” is not west,south,east,north with south below north: it is left out.',
      'The units “miles” are not km or mi: your own units are used.',
      'The sort order “loudest” is not known: nearest first is used.',
      'The page “-1” is not a page number: the first page is shown.',
      'The highest fidelity “9” is not a whole number from 1 to 5: it is left out.',
      'The partner filter “yes” is not true or false: it is left out.',
      'The place “abc” is not a place id: no place is opened.',
    ]);
    expect(state(query).tags).toEqual(['parks']);
  });

  it('says what it changed of a page past the last a search reaches, a name too long and crossed fidelity bounds', () => {
    const query = `page=600&name=${'a'.repeat(250)}&fmin=5&fmax=1`;
    expect(notes(query)).toEqual([
      'The page “600” is past the last page a search reaches: page 501 is shown.',
      'The name is 250 characters long, more than the 200 a search takes: its first 200 are searched.',
      'The lowest fidelity, 5, is above the highest, 1: fidelity 1 to 5 is searched.',
    ]);
    expect(state(query)).toMatchObject({ page: 501, name: 'a'.repeat(200), minFidelity: 1, maxFidelity: 5 });
    // The last page asks for the API's largest offset, no more.
    expect((state(query).page - 1) * 20).toBe(10_000);
    expect(notes('page=501&fmin=3&fmax=3')).toEqual([]);
  });

  it('knows a sign-in did not complete when next-auth sends the page back with an error (Cancel on the sign-in page)', () => {
    expect(signInEnded(new URLSearchParams('error=Callback'))).toBe(true);
    expect(signInEnded(new URLSearchParams('tags=parks'))).toBe(false);
    expect(notes('error=Callback')).toEqual([]);
  });
});
