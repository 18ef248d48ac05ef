import { RV_AVAILABLE_SERVICES, RV_DEALER_AMENITIES, RV_SERVICED_MAKES, RV_TYPES } from '../catalog';
import type { PlaceRecord } from '../place-schema';
import type { Kind } from './kinds';
import { chance, int, type Rng, sample } from './prng';

/** The RV service a place offers, with the kind's probability of offering one; null when it offers none. */
export function rvServiceFor(rng: Rng, kind: Kind): PlaceRecord['rv_service'] {
  if (!chance(rng, kind.rv)) return null;
  return {
    serviced_makes: sample(rng, RV_SERVICED_MAKES, int(rng, 2, 8)).sort(),
    serviced_rv_types: sample(rng, RV_TYPES, int(rng, 2, 6)).sort(),
    available_services: sample(rng, RV_AVAILABLE_SERVICES, int(rng, 3, 9)).sort(),
    dealer_amenities: sample(rng, RV_DEALER_AMENITIES, int(rng, 1, 5)),
    rental_available: chance(rng, 0.4),
    association_member: chance(rng, 0.5),
    partner_dealer: chance(rng, 0.3),
  };
}
