import type { PlaceRecord } from '../place-schema';
import { MAP_MARKERS, TOPICS } from './kinds';
import { mapIllustration } from './map-illustration';
import { chance, int, pick, type Rng, sample } from './prng';
import { slug } from './identity';

const TIPS = ['Arrive early', 'Come at golden hour', 'Bring a picnic', 'Check the weather first'];

/** Map markers and sketch, an editorial line, sometimes a magazine article and a trip guide, and the contributor. */
export function roadTripFor(
  rng: Rng,
  place: { name: string; nameSlug: string; cityName: string; contributor: string },
): PlaceRecord['road_trip_details'] {
  const { name, nameSlug } = place;
  return {
    map_markers: sample(rng, MAP_MARKERS, int(rng, 1, 4)),
    map_illustration: mapIllustration(rng),
    editorial: `Plan an hour for ${name}. ${pick(rng, TIPS)} and ask about ${pick(rng, TOPICS)}.`,
    magazine_articles: chance(rng, 0.4) ? [`https://magazine.example.com/articles/${nameSlug}`] : [],
    trip_guides: chance(rng, 0.3) ? [`https://guides.example.com/${slug(place.cityName)}/${nameSlug}`] : [],
    contributor: `https://contributors.example.com/${place.contributor}`,
  };
}
