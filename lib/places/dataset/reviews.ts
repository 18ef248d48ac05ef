import type { PlaceRecord } from '../place-schema';
import { addDays } from '../status';
import { HANDLES, REVIEW_LINES } from './kinds';
import { chance, int, pick, type Rng } from './prng';

const COMMENTS = ['Thanks for the tip!', 'Agreed, lovely spot.', 'Was it open in winter?', 'Helpful, thank you.'];

/** Reviews with their comments: two to four for a showcase place (its first with two comments), else only if rated. */
export function reviewsFor(rng: Rng, place: { id: number; showcase: boolean; rated: boolean }, today: string): PlaceRecord['reviews'] {
  const { id, showcase } = place;
  const reviewCount = showcase ? int(rng, 2, 4) : place.rated && chance(rng, 0.5) ? int(rng, 1, 3) : 0;
  return Array.from({ length: reviewCount }, (_, k) => {
    const author = pick(rng, HANDLES);
    return {
      text: `${pick(rng, REVIEW_LINES)}\n${pick(rng, REVIEW_LINES)}`,
      url: `https://travelers.example.com/u/${author}`,
      source_user: author,
      comments: Array.from({ length: showcase && k === 0 ? 2 : int(rng, 0, 1) }, (_, c) => ({
        id: id * 100 + k * 10 + c,
        text: pick(rng, COMMENTS),
        source_user: pick(rng, HANDLES),
        created_at: addDays(today, -int(rng, 1, 700)),
      })),
    };
  });
}
