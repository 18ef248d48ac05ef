import type { z } from 'zod';
import type {
  ClusterResponse as ContractClusterResponse, closureSchema, imageSchema, locationSchema, namedIdSchema, PlaceDetails, PlaceSummary, regionSchema,
  ListSearchResponse as ContractListSearchResponse, PlaceListItem as ContractPlaceListItem, reviewSchema, rvServiceSchema, scheduleSchema,
  SearchResponse as ContractSearchResponse,
} from '@/lib/places/contract';

/**
 * The Place API's records as the Explorer reads them: inferred from the one contract (`lib/places/contract.ts`),
 * never written here. Type-only imports: nothing of zod reaches the browser bundle through them.
 */
export type DayKey = 'sun' | 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat';
export type Schedule = z.infer<typeof scheduleSchema>;
export type PlaceLocation = z.infer<typeof locationSchema>;
export type PlaceImage = z.infer<typeof imageSchema>;
export type ImageSize = PlaceImage['sizes']['thumbnail'];
export type Review = z.infer<typeof reviewSchema>;
export type Region = z.infer<typeof regionSchema>;
export type Closure = z.infer<typeof closureSchema>;
export type NamedId = z.infer<typeof namedIdSchema>;
export type RvService = z.infer<typeof rvServiceSchema>;

type DetailsOnly = Omit<PlaceDetails, keyof PlaceSummary>;

/**
 * A place in either form: a search result, or details (whose detail-only fields, and `engagement.visits`, a
 * search result lacks).
 */
export type Place = Omit<PlaceSummary, 'engagement'> &
  Partial<DetailsOnly> & { engagement: PlaceSummary['engagement'] & Partial<Pick<PlaceDetails['engagement'], 'visits'>> };

/** The Place API's search answer, in full. */
export type SearchResponse = ContractSearchResponse;
/** What the Explorer's own search route answers: each result with only the fields its lists and map read. */
export type ListSearchResponse = ContractListSearchResponse;
export type PlaceListItem = ContractPlaceListItem;

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
export type ClusterResponse = ContractClusterResponse;
export type MapCluster = ClusterResponse['data']['clusters'][number];
export type MapPlace = ClusterResponse['data']['places'][number];
