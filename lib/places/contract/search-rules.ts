import { words } from '../text';
import { MIN_NAME_ALONE_WORD, SORTS } from './limits';

/**
 * The search's rules across parameters (which area parameters go together, what a sort needs), written once: the
 * Place API's parser and the Explorer's schema both run them on their parsed parameters, so a search one accepts the
 * other accepts, and a search one refuses the other refuses naming the same parameter with the same words.
 * The rules that need the calling account (its page size, its tags and chains, RV data) stay in the API's parser.
 */

type Sort = (typeof SORTS)[number];

/** The parameters the rules read, as each parser leaves them: only whether `center`, `route` and `locations` are given matters. */
export interface SearchRuleFields {
  center?: unknown;
  radius?: number;
  north?: number;
  south?: number;
  east?: number;
  west?: number;
  route?: unknown;
  route_buffer?: number;
  locations?: unknown;
  name?: string;
  min_fidelity?: number;
  max_fidelity?: number;
  sort?: Sort;
}

/** A refused search: the parameter to blame and the API's sentence about it (which starts with that parameter). */
export interface SearchRuleBreach {
  parameter: string;
  message: string;
}

const BOX = ['north', 'south', 'east', 'west'] as const;

/** The box counts only with all four edges; a zero-height box (south equal to north) is accepted, as the OpenAPI document says. */
export const hasBox = (q: SearchRuleFields) => BOX.every((edge) => q[edge] !== undefined);

/** A name with no circle or box: looked up over the whole dataset (a center only sets `distance`). */
const isNameAlone = (q: SearchRuleFields) => q.name !== undefined && q.radius === undefined && BOX.every((edge) => q[edge] === undefined);

/** The sort asked for, or by default the route's order, then distance from the center, then relevance. */
export const searchSort = (q: SearchRuleFields): Sort => q.sort ?? (q.route ? 'route' : q.center ? 'distance' : 'relevance');

const breach = (parameter: string, message: string): SearchRuleBreach => ({ parameter, message });

/** The first rule the search breaks, in the order the Place API has always checked them, or undefined. */
export function searchRuleBreach(q: SearchRuleFields): SearchRuleBreach | undefined {
  const missing = BOX.find((edge) => q[edge] === undefined);
  if (missing && BOX.some((edge) => q[edge] !== undefined)) {
    return breach(missing, `${missing} is required: north, south, east and west are used together`);
  }
  if (hasBox(q) && q.south! > q.north!) return breach('south', 'south must not be greater than north');
  const nameAlone = isNameAlone(q);
  if (nameAlone && !q.locations && !q.route && !words(q.name!).some((w) => w.length >= MIN_NAME_ALONE_WORD)) {
    return breach('name', `name alone (with no area) needs a word of at least ${MIN_NAME_ALONE_WORD} letters`);
  }
  if (!q.locations && !q.route && !nameAlone) {
    if (!q.center) return breach('center', 'center is required (unless locations, route or name alone is given)');
    if (q.radius === undefined) return breach('radius', 'radius is required (unless locations, route or name alone is given)');
  }
  if (q.radius !== undefined && !q.center) return breach('center', 'center is required with radius');
  if (q.route_buffer !== undefined && !q.route) return breach('route', 'route is required with route_buffer');
  if (q.min_fidelity !== undefined && q.max_fidelity !== undefined && q.min_fidelity > q.max_fidelity) {
    return breach('min_fidelity', 'min_fidelity must not be greater than max_fidelity');
  }
  const sort = searchSort(q);
  if (sort === 'distance' && !q.center) return breach('sort', 'sort=distance needs center');
  if (sort === 'route' && !q.route) return breach('sort', 'sort=route needs route');
  return undefined;
}
