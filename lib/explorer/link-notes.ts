import { MAX_RADIUS_M } from './geo';
import { MAX_NAME_CHARS } from '@/lib/places/contract/limits';
import { DEFAULT_CIRCLE, MAX_PAGE, SORT_ORDERS, type SortOrder } from './url-state';

const km = (meters: number) => `${Number((meters / 1000).toFixed(1)).toLocaleString('en-US')} km`;
const quoted = (value: string) => `“${value.length > 40 ? `${value.slice(0, 40)}…` : value}”`;
const finite = (text: string) => text.trim() !== '' && Number.isFinite(Number(text));

function circleNotes(value: string, hasBox: boolean): string[] {
  const parts = value.split(',');
  const [lon, lat, radius] = parts;
  const instead = hasBox ? 'the box alone is searched' : 'the default area is searched';
  if (parts.length < 2 || parts.length > 3 || !finite(lon) || !finite(lat) || Math.abs(Number(lat)) >= 90) {
    return [`The circle ${quoted(value)} is not longitude,latitude,meters with a latitude between -90 and 90: ${instead}.`];
  }
  if (radius === undefined || !finite(radius) || Number(radius) < 1) {
    return [`The circle's radius ${quoted(radius ?? '')} is not a number of meters: ${km(DEFAULT_CIRCLE.radius)} around its center is searched.`];
  }
  if (Number(radius) > MAX_RADIUS_M) return [`The circle's radius, ${km(Number(radius))}, is more than the ${km(MAX_RADIUS_M)} a search reaches: ${km(MAX_RADIUS_M)} is searched.`];
  return [];
}

function boxNotes(value: string): string[] {
  const n = value.split(',').map((p) => (finite(p) ? Number(p) : NaN));
  const [, south, , north] = n;
  const ok = n.length === 4 && n.every(Number.isFinite) && Math.abs(south) <= 90 && Math.abs(north) <= 90 && south < north;
  return ok ? [] : [`The box ${quoted(value)} is not west,south,east,north with south below north: it is left out.`];
}

/**
 * What a link asked for that the page could not use as it was, in words: the parts that were valid are kept (a
 * circle's center with an unusable radius, the rest of the filters), and each part ignored or changed is named.
 */
export function ignoredLinkParams(params: URLSearchParams): string[] {
  const notes: string[] = [];
  const box = params.get('box');
  if (box !== null) notes.push(...boxNotes(box));
  const circle = params.get('circle');
  if (circle !== null && params.get('area') !== 'none') notes.push(...circleNotes(circle, box !== null && boxNotes(box).length === 0));
  const units = params.get('units');
  if (units !== null && units !== 'mi' && units !== 'km') notes.push(`The units ${quoted(units)} are not km or mi: your own units are used.`);
  const sort = params.get('sort');
  if (sort !== null && !SORT_ORDERS.includes(sort as SortOrder)) notes.push(`The sort order ${quoted(sort)} is not known: nearest first is used.`);
  const page = params.get('page');
  if (page !== null && !(Number.isInteger(Number(page)) && Number(page) >= 1)) notes.push(`The page ${quoted(page)} is not a page number: the first page is shown.`);
  else if (page !== null && Number(page) > MAX_PAGE) notes.push(`The page ${quoted(page)} is past the last page a search reaches: page ${MAX_PAGE} is shown.`);
  const name = params.get('name')?.trim() ?? '';
  if (name.length > MAX_NAME_CHARS) notes.push(`The name is ${name.length.toLocaleString('en-US')} characters long, more than the ${MAX_NAME_CHARS} a search takes: its first ${MAX_NAME_CHARS} are searched.`);
  const fidelities: number[] = [];
  for (const [key, label] of [['fmin', 'lowest fidelity'], ['fmax', 'highest fidelity']] as const) {
    const value = params.get(key);
    if (value !== null && value !== '' && !(Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= 5)) {
      notes.push(`The ${label} ${quoted(value)} is not a whole number from 1 to 5: it is left out.`);
    } else if (value) fidelities.push(Number(value));
  }
  if (fidelities.length === 2 && fidelities[0] > fidelities[1]) {
    notes.push(`The lowest fidelity, ${fidelities[0]}, is above the highest, ${fidelities[1]}: fidelity ${fidelities[1]} to ${fidelities[0]} is searched.`);
  }
  for (const key of ['rental', 'association', 'partner']) {
    const value = params.get(key);
    if (value !== null && value !== 'true' && value !== 'false') notes.push(`The ${key} filter ${quoted(value)} is not true or false: it is left out.`);
  }
  const place = params.get('place');
  if (place !== null && !(Number.isInteger(Number(place)) && Number(place) > 0)) notes.push(`The place ${quoted(place)} is not a place id: no place is opened.`);
  return notes;
}

/**
 * Whether next-auth sent the page back here because a sign-in ended without a session (`?error=`: Cancel on the
 * identity server's sign-in page, or a failure it has logged); its own error page would be a dead end.
 */
export function signInEnded(params: URLSearchParams): boolean {
  return params.get('error') !== null;
}
