import { formatCount } from '@/lib/explorer/intl-cache';
import { SORT_ORDERS, type SortOrder } from '@/lib/explorer/url-state';

const SORT_LABELS: Record<SortOrder, string> = { distance: 'Nearest first', relevance: 'Most relevant', rating: 'Highest rated', name: 'Name (A–Z)' };

interface Props {
  /** How many places the search found, once it is known (null: nothing searched yet, or on its way). */
  count: number | null;
  updating: boolean;
  /** The search request the count answers, for tests to wait on ('' while it is not the shown answer). */
  answeredQuery: string;
  sort: SortOrder;
  onSort: (sort: SortOrder) => void;
}

/** The list's sticky heading: how many places (announced as it changes), and the sort order. */
export function ResultsHeader({ count, updating, answeredQuery, sort, onSort }: Props) {
  return (
    <div className="sticky top-0 z-10 flex items-center justify-between gap-2 border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur">
      <h2 id="results-heading" className="text-sm font-semibold text-ink" aria-live="polite" data-testid="results-total" data-query={answeredQuery}>
        {count !== null ? `${formatCount(count)} ${count === 1 ? 'place' : 'places'}` : 'Places'}
        {updating && <span className="ml-2 text-xs font-normal text-slate-500">Updating…</span>}
      </h2>
      <div className="flex items-center gap-1 text-xs text-slate-600">
        <label htmlFor="results-sort">Sort</label>
        <select id="results-sort" value={sort} onChange={(e) => onSort(e.target.value as SortOrder)} className="rounded-md border border-slate-300 bg-white px-1.5 py-1 text-sm text-ink">
          {SORT_ORDERS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
