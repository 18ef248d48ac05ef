import { MAX_NAME_CHARS, MAX_OFFSET } from '@/lib/places/contract/limits';
import { MAX_RADIUS_M, round6, wrapLon, type Box, type Circle, type Units } from './geo';

/** Results a page of the list. */
export const PAGE_SIZE = 20;
/** The last page a search can reach: the Place API answers offsets up to MAX_OFFSET. */
export const MAX_PAGE = Math.floor(MAX_OFFSET / PAGE_SIZE) + 1;

export type SortOrder = 'distance' | 'relevance' | 'rating' | 'name';
export const SORT_ORDERS: SortOrder[] = ['distance', 'relevance', 'rating', 'name'];

export interface RvFilters {
  makes: string[];
  rvTypes: string[];
  services: string[];
  amenities: string;
  rental: boolean | null;
  association: boolean | null;
  partner: boolean | null;
}

export interface MapView {
  lon: number;
  lat: number;
  zoom: number;
}

/** Everything a person sees on the Explorer, as it is kept in the page's URL. */
export interface ExplorerState {
  circle: Circle | null;
  box: Box | null;
  units: Units;
  /** Tag public ids; a leading `!` excludes. */
  tags: string[];
  chains: string[];
  name: string;
  minFidelity: number | null;
  maxFidelity: number | null;
  sort: SortOrder;
  /** 1-based */
  page: number;
  rv: RvFilters;
  place: number | null;
  view: MapView | null;
}

/** The area shown to a first-time visitor: a circle over the Denver area, which the demo dataset covers. */
export const DEFAULT_CIRCLE: Circle = { lon: -104.9903, lat: 39.7392, radius: 150_000 };
export const DEFAULT_VIEW: MapView = { lon: -104.9903, lat: 39.7392, zoom: 6 };

export const EMPTY_RV: RvFilters = { makes: [], rvTypes: [], services: [], amenities: '', rental: null, association: null, partner: null };

const numbers = (value: string | null, count: number): number[] | null => {
  if (!value) return null;
  const parts = value.split(',').map(Number);
  return parts.length === count && parts.every(Number.isFinite) ? parts : null;
};
const list = (value: string | null) => (value ? value.split(',').map((s) => s.trim()).filter(Boolean) : []);
const flag = (value: string | null) => (value === 'true' ? true : value === 'false' ? false : null);
const fidelity = (value: string | null) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 && n <= 5 ? n : null;
};

/** A fidelity bound chosen in the filters: one that crosses the other bound brings that one along (5, then "to 1": 1 to 1). */
export function chooseFidelity(
  range: Pick<ExplorerState, 'minFidelity' | 'maxFidelity'>,
  key: 'minFidelity' | 'maxFidelity',
  value: number | null,
): Partial<Pick<ExplorerState, 'minFidelity' | 'maxFidelity'>> {
  const next = { ...range, [key]: value };
  if (next.minFidelity !== null && next.maxFidelity !== null && next.minFidelity > next.maxFidelity) return { minFidelity: value, maxFidelity: value };
  return { [key]: value };
}

/** The fidelity bounds of a link, the lower first: `fmin=5&fmax=1` means 1 to 5 (link-notes.ts says so). */
function fidelityRange(params: URLSearchParams): Pick<ExplorerState, 'minFidelity' | 'maxFidelity'> {
  const [min, max] = [fidelity(params.get('fmin')), fidelity(params.get('fmax'))];
  return min !== null && max !== null && min > max ? { minFidelity: max, maxFidelity: min } : { minFidelity: min, maxFidelity: max };
}

/** A circle from `lon,lat,meters`; a usable center with a missing or unusable radius keeps the default radius. */
function parseCircle(value: string | null): Circle | null {
  const parts = value?.split(',').map((p) => (p.trim() === '' ? NaN : Number(p)));
  if (!parts || parts.length < 2 || parts.length > 3) return null;
  const [lon, lat, radius] = parts;
  if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lat) >= 90) return null;
  const meters = Number.isFinite(radius) && radius >= 1 ? Math.min(MAX_RADIUS_M, Math.round(radius)) : DEFAULT_CIRCLE.radius;
  return { lon: wrapLon(lon), lat, radius: meters };
}

function parseBox(value: string | null): Box | null {
  const n = numbers(value, 4);
  if (!n) return null;
  const [west, south, east, north] = n;
  if (south >= north || Math.abs(south) > 90 || Math.abs(north) > 90) return null;
  return { west: wrapLon(west), south, east: wrapLon(east), north };
}

function parseView(value: string | null): MapView | null {
  const n = value?.split('/').map(Number);
  if (!n || n.length !== 3 || !n.every(Number.isFinite)) return null;
  const [zoom, lat, lon] = n;
  return { zoom: Math.min(20, Math.max(0, zoom)), lat: Math.max(-85, Math.min(85, lat)), lon: wrapLon(lon) };
}

/**
 * The state a URL describes. A URL without `units` shows the person's own units (`defaultUnits`, their saved choice
 * or their browser's: units-preference.ts); a link's explicit `units` wins.
 */
export function parseExplorerState(params: URLSearchParams, defaultUnits: Units = 'km'): ExplorerState {
  const cleared = params.get('area') === 'none';
  const circle = parseCircle(params.get('circle'));
  const box = parseBox(params.get('box'));
  const sort = params.get('sort') as SortOrder | null;
  const page = Number(params.get('page'));
  const place = Number(params.get('place'));
  return {
    circle: cleared ? null : circle ?? (box ? null : DEFAULT_CIRCLE),
    box: cleared ? null : box,
    units: params.get('units') === 'mi' ? 'mi' : params.get('units') === 'km' ? 'km' : defaultUnits,
    tags: list(params.get('tags')),
    chains: list(params.get('chains')),
    name: (params.get('name')?.trim() ?? '').slice(0, MAX_NAME_CHARS).trim(),
    ...fidelityRange(params),
    sort: sort && SORT_ORDERS.includes(sort) ? sort : 'distance',
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
    rv: {
      makes: list(params.get('makes')),
      rvTypes: list(params.get('rv_types')),
      services: list(params.get('services')),
      amenities: params.get('amenities')?.trim() ?? '',
      rental: flag(params.get('rental')),
      association: flag(params.get('association')),
      partner: flag(params.get('partner')),
    },
    place: Number.isInteger(place) && place > 0 ? place : null,
    view: parseView(params.get('map')),
  };
}

const fixed = (n: number, digits: number) => String(Number(n.toFixed(digits)));

/** The URL of a state; its units are written only when they are not the person's own (`defaultUnits`). */
export function serializeExplorerState(state: ExplorerState, defaultUnits: Units = 'km'): URLSearchParams {
  const p = new URLSearchParams();
  const isDefaultCircle =
    state.circle && !state.box && state.circle.lon === DEFAULT_CIRCLE.lon && state.circle.lat === DEFAULT_CIRCLE.lat && state.circle.radius === DEFAULT_CIRCLE.radius;
  if (!state.circle && !state.box) p.set('area', 'none');
  if (state.circle && !isDefaultCircle) p.set('circle', [fixed(state.circle.lon, 5), fixed(state.circle.lat, 5), Math.round(state.circle.radius)].join(','));
  if (state.box) p.set('box', [state.box.west, state.box.south, state.box.east, state.box.north].map((n) => fixed(n, 5)).join(','));
  if (state.units !== defaultUnits) p.set('units', state.units);
  if (state.tags.length) p.set('tags', state.tags.join(','));
  if (state.chains.length) p.set('chains', state.chains.join(','));
  if (state.name) p.set('name', state.name);
  if (state.minFidelity) p.set('fmin', String(state.minFidelity));
  if (state.maxFidelity) p.set('fmax', String(state.maxFidelity));
  if (state.sort !== 'distance') p.set('sort', state.sort);
  if (state.page > 1) p.set('page', String(state.page));
  const rv = state.rv;
  if (rv.makes.length) p.set('makes', rv.makes.join(','));
  if (rv.rvTypes.length) p.set('rv_types', rv.rvTypes.join(','));
  if (rv.services.length) p.set('services', rv.services.join(','));
  if (rv.amenities) p.set('amenities', rv.amenities);
  if (rv.rental !== null) p.set('rental', String(rv.rental));
  if (rv.association !== null) p.set('association', String(rv.association));
  if (rv.partner !== null) p.set('partner', String(rv.partner));
  if (state.place) p.set('place', String(state.place));
  if (state.view) p.set('map', [fixed(state.view.zoom, 2), fixed(state.view.lat, 5), fixed(state.view.lon, 5)].join('/'));
  return p;
}

export function roundCircle(circle: Circle): Circle {
  return { lon: round6(wrapLon(circle.lon)), lat: round6(circle.lat), radius: Math.max(1, Math.min(MAX_RADIUS_M, Math.round(circle.radius))) };
}
