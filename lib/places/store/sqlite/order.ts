import type { RouteMeasure } from '../../route/line';
import type { SortKey } from '../types';
import { ID, NAME, RATING, RCOUNT, REL, type Row } from './rows';

export interface Match {
  row: Row;
  c2: number;
  route: RouteMeasure | null;
}

export function comparator(sort: SortKey): (a: Match, b: Match) => number {
  switch (sort) {
    case 'distance':
      return (a, b) => a.c2 - b.c2 || a.row[ID] - b.row[ID];
    case 'relevance':
      return (a, b) => b.row[REL] - a.row[REL] || a.row[ID] - b.row[ID];
    case 'rating':
      return (a, b) => b.row[RATING] - a.row[RATING] || b.row[RCOUNT] - a.row[RCOUNT] || a.row[ID] - b.row[ID];
    case 'route':
      return (a, b) => a.route!.along - b.route!.along || a.route!.c2 - b.route!.c2 || a.row[ID] - b.row[ID];
    case 'name':
      return (a, b) => {
        const x = a.row[NAME] as unknown as string;
        const y = b.row[NAME] as unknown as string;
        return x < y ? -1 : x > y ? 1 : a.row[ID] - b.row[ID];
      };
  }
}

export { topK } from '../top-k';
