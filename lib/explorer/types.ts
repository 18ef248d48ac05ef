/** The Place API's records as the Explorer reads them (the contract in docs; detail-only fields optional). */
export type DayKey = 'sun' | 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat';
export type Schedule = Partial<Record<`${DayKey}_open_close`, string[]>>;

export interface PlaceLocation {
  address1?: string;
  postal_code?: string;
  city?: string;
  state?: string;
  country?: string;
  latitude: number;
  longitude: number;
}

export interface ImageSize {
  width: number;
  height: number;
  url: string;
}

export interface PlaceImage {
  image_url: string;
  fingerprint?: string;
  enabled: boolean;
  sizes?: Partial<Record<'thumbnail' | 'square' | 'small' | 'medium' | 'large', ImageSize>>;
}

export interface Review {
  text: string;
  url?: string;
  source_user?: string;
  comments?: unknown[];
}

export interface Region {
  id: number;
  type?: string;
  name: string;
  bounds?: [[number, number], [number, number]];
  center?: [number, number];
}

export interface Closure {
  id: number;
  start_date: string;
  end_date: string;
  reason?: string;
}

export interface NamedId {
  public_id: string;
  name: string;
}

export interface RvService {
  serviced_makes: string[];
  serviced_rv_types: string[];
  available_services: string[];
  dealer_amenities: string[];
  rental_available: boolean;
  association_member: boolean;
  partner_dealer: boolean;
}

export interface Place {
  id: number;
  name: string;
  alt_names?: string[];
  description?: string;
  subtitle?: string;
  previous_ids?: number[];
  hours?: Record<string, Schedule>;
  icon?: string;
  contact_info?: { phone?: string; email?: string; website?: string };
  details?: { credit_cards?: boolean; accessible?: boolean; restrooms?: boolean; price_rating?: number };
  restaurant_details?: { outdoor_seating?: boolean };
  parking_details?: Partial<Record<'street' | 'valet' | 'private' | 'garage' | 'rv' | 'free' | 'available', boolean>>;
  engagement?: { rating_count?: number; avg_rating?: number; visits?: number | null };
  locations?: PlaceLocation[];
  images?: PlaceImage[];
  reviews?: Review[];
  tags?: NamedId[];
  regions_hierarchy?: Region[];
  road_trip_details?: {
    map_markers?: string[];
    map_illustration?: string;
    editorial?: string;
    magazine_articles?: string[];
    trip_guides?: string[];
    contributor?: string;
  } | null;
  temporary_closures?: Closure[];
  status?: { operating_normally?: boolean; reason?: string; changes_at?: string };
  distance?: number;
  /** With a route: meters along it to its nearest point, and meters from it. */
  route_offset?: number;
  route_distance?: number;
  fidelity?: number;
  time_zone?: string;
  chain?: NamedId | null;
  rv_service?: RvService | null;
}

export interface SearchResponse {
  data: Place[];
  meta: { total: number };
}

/** What /api/places/lists answers: the choices the caller may filter by. `rv` is null when RV data is not available. */
export interface PlaceLists {
  tags: NamedId[];
  chains: NamedId[];
  rv: { makes: string[]; rvTypes: string[]; services: string[] } | null;
}

export interface ApiErrorBody {
  error: { code: string; message: string; parameter?: string };
}

/** GET /api/places/clusters (the Place API's /api/v2/search/clusters): where every match of a search is in a viewport. */
export interface MapCluster {
  longitude: number;
  latitude: number;
  count: number;
  bounds: { west: number; south: number; east: number; north: number };
}

export interface MapPlace {
  id: number;
  longitude: number;
  latitude: number;
  name: string;
}

export interface ClusterResponse {
  data: { clusters: MapCluster[]; places: MapPlace[] };
  meta: { total: number; zoom: number };
}
