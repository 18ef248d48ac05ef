import type { OwnedOverlay } from '@/lib/places/owned-overlay';
import { changedFields, listingOf, withListing } from './listing';
import type { Ownership } from './store/types';

/** The fields each owner set, laid over an import's records of their places (what the import differs in is named). */
export function ownedOverlay(ownerships: Ownership[]): OwnedOverlay {
  const byPlace = new Map(ownerships.map((o) => [o.placeId, o.listing]));
  return {
    apply(place) {
      const listing = byPlace.get(place.id);
      if (!listing) return null;
      return { place: withListing(place, listing), differing: changedFields(listingOf(place), listing) };
    },
  };
}
