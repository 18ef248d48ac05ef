/** The k best items in order, without sorting everything when k is small. */
export function topK<T>(items: T[], k: number, cmp: (a: T, b: T) => number): T[] {
  if (k <= 0) return [];
  if (k * 8 >= items.length) return items.sort(cmp).slice(0, k);
  const best: T[] = [];
  for (const m of items) {
    if (best.length === k && cmp(m, best[k - 1]) >= 0) continue;
    let i = best.length === k ? k - 1 : best.length;
    if (best.length === k) best.pop();
    while (i > 0 && cmp(m, best[i - 1]) < 0) i--;
    best.splice(i, 0, m);
  }
  return best;
}
