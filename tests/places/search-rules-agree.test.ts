import { describe, expect, it } from 'vitest';
import { searchSchema } from '@/lib/explorer/search-schema';
import { accountView, FULL_ACCESS } from '@/lib/places/auth/account';
import { ApiError } from '@/lib/places/errors';
import { parseSearchQuery } from '@/lib/places/query/search-query';
import { queryRecord, refused } from '@/lib/places-client/query-input';

/** A verdict as a client sees it: accepted, or refused naming a parameter, in the Place API's words. */
type Verdict = 'accepted' | { parameter?: string; message: string };

function byPlaceApi(query: string): Verdict {
  try {
    parseSearchQuery(query, accountView(FULL_ACCESS), new Set());
    return 'accepted';
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { parameter: err.parameter, message: err.message };
  }
}

/** The Explorer's check before signing, as /api/places/search and /api/places/clusters run it. */
function byExplorer(query: string): Verdict {
  const parsed = searchSchema.safeParse(queryRecord(new URLSearchParams(query)));
  if (parsed.success) return 'accepted';
  const { parameter, message } = refused(parsed.error);
  return { parameter, message };
}

const circle = 'center=-98,39&radius=1000';
const box = 'north=40&south=38&east=-97&west=-99';
const route = `route=${encodeURIComponent('_p~iF~ps|U_ulLnnqC_mqNvxq`@')}`;

// Only parameters both parsers take: the Explorer never sends `locations` or `cultural_query`.
const cases: [string, string, 'accepted' | string][] = [
  ['a circle', circle, 'accepted'],
  ['a circle cut by a box', `${circle}&${box}`, 'accepted'],
  ['a zero-height box (south equal to north), which the OpenAPI document allows', `${circle}&north=39&south=39&east=-97&west=-99`, 'accepted'],
  ['a box across the antimeridian', `${circle}&north=40&south=38&east=-170&west=170`, 'accepted'],
  ['a route alone', route, 'accepted'],
  ['a route with its buffer, in route order', `${route}&route_buffer=5000&sort=route`, 'accepted'],
  ['a route with a center for distances', `${route}&center=-98,39`, 'accepted'],
  ['a route cut by a circle and a box', `${route}&${circle}&${box}`, 'accepted'],
  ['a name alone', 'name=yellowstone', 'accepted'],
  ['a name alone with a center for distances', 'name=yellowstone&center=-110.5,44.6', 'accepted'],
  ['a name alone with one long enough word', 'name=st+lou&sort=relevance', 'accepted'],
  ['equal fidelity bounds', `${circle}&min_fidelity=2&max_fidelity=2`, 'accepted'],
  ['sort=distance with a center', `${circle}&sort=distance`, 'accepted'],
  ['half a box: the first edge missing is named', `${circle}&north=40`, 'south'],
  ['a box without north', `${circle}&south=38&east=-97&west=-99`, 'north'],
  ['a box without west', `${circle}&north=40&south=38&east=-97`, 'west'],
  ['half a box comes before the missing radius', 'center=-98,39&east=-97', 'north'],
  ['south above north', `${circle}&north=38&south=40&east=-97&west=-99`, 'south'],
  ['a name alone of short words', 'name=a+b', 'name'],
  ['a name alone of one short word', 'name=ye', 'name'],
  ['no area at all', '', 'center'],
  ['filters without an area', 'min_fidelity=2', 'center'],
  ['a center without a radius', 'center=-98,39', 'radius'],
  ['a radius without a center', 'radius=1000', 'center'],
  ['a route with a radius but no center', `${route}&radius=1000`, 'center'],
  ['a name with a radius but no center', 'name=yellowstone&radius=1000', 'center'],
  ['a name with a box but no circle', `name=yellowstone&${box}`, 'center'],
  ['a buffer without a route', `${circle}&route_buffer=100`, 'route'],
  ['fidelity bounds the wrong way round', `${circle}&min_fidelity=4&max_fidelity=2`, 'min_fidelity'],
  ['sort=route without a route', `${circle}&sort=route`, 'sort'],
  ['sort=distance without a center', 'name=yellowstone&sort=distance', 'sort'],
  ['sort=distance along a route without a center', `${route}&sort=distance`, 'sort'],
];

describe('one rule book: the Place API and the Explorer judge a search alike', () => {
  it.each(cases)('%s', (_, query, expected) => {
    const api = byPlaceApi(query);
    expect(api === 'accepted' ? api : api.parameter).toBe(expected);
    expect(byExplorer(query)).toEqual(api);
  });
});
