import type { SortKey } from '../types';
import { ID, NAME, RATING, RCOUNT, REL, type Row } from './rows';

export interface Match {
  row: Row;
  c2: number;
}

export function comparator(sort: SortKey): (a: Match, b: Match) => number {
  switch (sort) {
    case 'distance':
      return (a, b) => a.c2 - b.c2 || a.row[ID] - b.row[ID];
    case 'relevance':
      return (a, b) => b.row[REL] - a.row[REL] || a.row[ID] - b.row[ID];
    case 'rating':
      return (a, b) => b.row[RATING] - a.row[RATING] || b.row[RCOUNT] - a.row[RCOUNT] || a.row[ID] - b.row[ID];
    case 'name':
      return (a, b) => {
        const x = a.row[NAME] as unknown as string;
        const y = b.row[NAME] as unknown as string;
        return x < y ? -1 : x > y ? 1 : a.row[ID] - b.row[ID];
      };
  }
}

/** The k best matches in order, without sorting everything when k is small. */
export function topK(matches: Match[], k: number, cmp: (a: Match, b: Match) => number): Match[] {
  if (k <= 0) return [];
  if (k * 8 >= matches.length) return matches.sort(cmp).slice(0, k);
  const best: Match[] = [];
  for (const m of matches) {
    if (best.length === k && cmp(m, best[k - 1]) >= 0) continue;
    let i = best.length === k ? k - 1 : best.length;
    if (best.length === k) best.pop();
    while (i > 0 && cmp(m, best[i - 1]) < 0) i--;
    best.splice(i, 0, m);
  }
  return best;
}
