import type { PlaceRecord } from '../place-schema';
import type { Kind } from './kinds';
import { chance, int, type Rng } from './prng';

type Amenities = Pick<PlaceRecord, 'details' | 'restaurant_details' | 'parking_details'>;

const FREE_ENTRY_KINDS = ['park', 'viewpoint', 'beach', 'rest-area'];
const RV_PARKING_KINDS = ['campground', 'rv-park', 'rv-dealer', 'rv-service', 'gas-station', 'rest-area'];

/** A place without parking has no kind of parking either: not "No parking" beside "Free parking" and "RV parking". */
function parkingOf(drawn: PlaceRecord['parking_details']): PlaceRecord['parking_details'] {
  if (drawn.available) return drawn;
  return { street: false, valet: false, private: false, garage: false, rv: false, free: false, available: false };
}

/** Payment, access, price, seating and parking: free-entry kinds take no cards and have no price. */
export function amenitiesFor(rng: Rng, kind: Kind): Amenities {
  const freeEntry = FREE_ENTRY_KINDS.includes(kind.key);
  return {
    details: { credit_cards: !freeEntry, accessible: chance(rng, 0.7), restrooms: chance(rng, 0.75), price_rating: freeEntry ? 0 : int(rng, 1, 4) },
    restaurant_details: { outdoor_seating: kind.key === 'restaurant' || kind.key === 'cafe' ? chance(rng, 0.5) : false },
    parking_details: parkingOf({
      street: chance(rng, 0.4),
      valet: kind.key === 'lodging' && chance(rng, 0.3),
      private: chance(rng, 0.5),
      garage: chance(rng, 0.15),
      rv: RV_PARKING_KINDS.includes(kind.key) || chance(rng, 0.2),
      free: chance(rng, 0.6),
      available: chance(rng, 0.9),
    }),
  };
}
