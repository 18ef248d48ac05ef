import type { PlaceRecord } from '../place-schema';
import { addDays } from '../status';
import { HANDLES, REVIEW_LINES } from './kinds';
import { chance, int, pick, type Rng } from './prng';

const COMMENTS = ['Thanks for the tip!', 'Agreed, lovely spot.', 'Was it open in winter?', 'Helpful, thank you.'];

/**
 * Reviews with their comments: two to four for a showcase place (its first with two comments), else only if rated.
 * Each has its stars and the date of the visit, drawn from `detail`, a stream of their own, so that adding them left
 * every other field of the dataset as it was: stars within a star of the place's average, a visit before the first
 * comment.
 */
export function reviewsFor(
  rng: Rng,
  detail: Rng,
  place: { id: number; showcase: boolean; rated: boolean; avgRating: number },
  today: string,
): PlaceRecord['reviews'] {
  const { id, showcase } = place;
  const reviewCount = showcase ? int(rng, 2, 4) : place.rated && chance(rng, 0.5) ? int(rng, 1, 3) : 0;
  return Array.from({ length: reviewCount }, (_, k) => {
    const author = pick(rng, HANDLES);
    const first = pick(rng, REVIEW_LINES);
    // Two different lines (a review said the same line twice), from the same draws as before.
    const second = pick(rng, REVIEW_LINES);
    const text = `${first}\n${second === first ? REVIEW_LINES[(REVIEW_LINES.indexOf(first) + 1) % REVIEW_LINES.length] : second}`;
    const comments = Array.from({ length: showcase && k === 0 ? 2 : int(rng, 0, 1) }, (_, c) => ({
      id: id * 100 + k * 10 + c,
      text: pick(rng, COMMENTS),
      source_user: pick(rng, HANDLES),
      created_at: addDays(today, -int(rng, 1, 700)),
    }));
    const firstComment = comments.reduce((first, c) => (c.created_at < first ? c.created_at : first), today);
    return {
      text,
      url: `https://travelers.example.com/u/${author}`,
      source_user: author,
      comments,
      rating: Math.min(5, Math.max(1, Math.round(place.avgRating - 1 + detail() * 2))),
      visited_on: addDays(firstComment, -int(detail, 2, 240)),
    };
  });
}
