/**
 * The relevance ranking behind `sort=relevance`: a static score per place, best first. Data quality (fidelity)
 * weighs most, then a rating damped by how many people gave it, then how complete the record is.
 */
export function relevanceScore(p: { fidelity: number; avgRating: number; ratingCount: number; images: number; reviews: number }): number {
  const score =
    p.fidelity + 0.6 * p.avgRating * Math.log10(1 + p.ratingCount) / 3 + 0.2 * Math.min(p.images, 3) + 0.1 * Math.min(p.reviews, 3);
  return Math.round(score * 1000) / 1000;
}
