import type { Place } from './types';

/** The other names worth telling: not the name again, nor the name with its town in brackets when the name says the town. */
export function alsoKnownAs(place: { name: string; alt_names?: string[] | null; locations?: { city?: string }[] | null }): string[] {
  const town = place.locations?.[0]?.city;
  return (place.alt_names ?? []).filter((alt) => alt !== place.name && !(town && place.name.includes(town) && alt === `${place.name} (${town})`));
}

type Parking = Partial<NonNullable<Place['parking_details']>>;

/** Without parking, its kinds say nothing more: "No parking" alone, not beside "Free parking" and "RV parking". */
export function parkingShown(parking: Parking): Parking {
  return parking.available === false ? { available: false } : parking;
}

const OSM_OBJECT = /^https:\/\/www\.openstreetmap\.org\/(node|way|relation)\/\d+$/;

/**
 * The OpenStreetMap object a place was imported from (its record's contributor is the object's page), or null for
 * places from elsewhere. Such a place is credited to the OpenStreetMap contributors, and its yes/no facts are only
 * what mappers recorded: a fact not recorded is unknown, not "no".
 */
export function openStreetMapSource(place: { road_trip_details?: { contributor?: string } | null }): string | null {
  const url = place.road_trip_details?.contributor;
  return url && OSM_OBJECT.test(url) ? url : null;
}
