import { boxCenter, boxCoverRadius } from './geo';
import { type ExplorerState, PAGE_SIZE } from './url-state';

/** The filters a search can carry whatever its area: the Explorer's, and a trip's search along its route. */
export type SearchFilters = Pick<ExplorerState, 'tags' | 'chains' | 'name' | 'minFidelity' | 'maxFidelity' | 'rv'>;

/**
 * The /api/places/search query for the Explorer's state, or null when no area is set. A box alone is searched
 * around its center with the smallest radius that covers it (the API needs a center and a radius).
 */
export function searchRequestParams(state: ExplorerState): URLSearchParams | null {
  const { circle, box } = state;
  if (!circle && !box) return null;
  const p = new URLSearchParams();
  if (circle) {
    p.set('center', `${circle.lon},${circle.lat}`);
    p.set('radius', String(circle.radius));
  } else if (box) {
    const [lon, lat] = boxCenter(box);
    p.set('center', `${Number(lon.toFixed(6))},${Number(lat.toFixed(6))}`);
    p.set('radius', String(boxCoverRadius(box)));
  }
  if (box) {
    p.set('west', String(box.west));
    p.set('south', String(box.south));
    p.set('east', String(box.east));
    p.set('north', String(box.north));
  }
  appendFilterParams(p, state);
  p.set('sort', state.sort);
  p.set('limit', String(PAGE_SIZE));
  p.set('offset', String((state.page - 1) * PAGE_SIZE));
  p.sort();
  return p;
}

/** Sets the filters' query parameters (the Place API's names) on `p`. */
export function appendFilterParams(p: URLSearchParams, filters: SearchFilters): void {
  if (filters.tags.length) p.set('tags', filters.tags.join(','));
  if (filters.chains.length) p.set('chains', filters.chains.join(','));
  if (filters.name) p.set('name', filters.name);
  if (filters.minFidelity) p.set('min_fidelity', String(filters.minFidelity));
  if (filters.maxFidelity) p.set('max_fidelity', String(filters.maxFidelity));
  const rv = filters.rv;
  if (rv.makes.length) p.set('rv_service_serviced_makes', rv.makes.join(','));
  if (rv.rvTypes.length) p.set('rv_service_serviced_rv_types', rv.rvTypes.join(','));
  if (rv.services.length) p.set('rv_service_available_services', rv.services.join(','));
  if (rv.amenities) p.set('rv_service_dealer_amenities', rv.amenities);
  if (rv.rental !== null) p.set('rv_service_rental_available', String(rv.rental));
  if (rv.association !== null) p.set('rv_service_association_member', String(rv.association));
  if (rv.partner !== null) p.set('rv_service_partner_dealer', String(rv.partner));
}
