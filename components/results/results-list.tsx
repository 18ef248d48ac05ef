import type { UseQueryResult } from '@tanstack/react-query';
import type { Units } from '@/lib/explorer/geo';
import type { ListSearchResponse, PlaceListItem } from '@/lib/explorer/types';
import { ErrorMessage } from '@/components/ui/error-message';
import { ResultCard } from './result-card';
import { ResultPages } from './result-pages';

interface Props {
  places: PlaceListItem[];
  /** The search, for a failure of its latest change while its previous results stay shown. */
  search: UseQueryResult<ListSearchResponse>;
  units: Units;
  now: Date;
  /** Dimmed while the next results are on their way. */
  updating: boolean;
  hoveredId: number | null;
  selectedId: number | null;
  page: number;
  pages: number;
  onHover: (id: number | null) => void;
  onSelect: (id: number) => void;
  onPage: (page: number) => void;
}

/** A page of results, and the way to the other pages. */
export function ResultsList({ places, search, units, now, updating, hoveredId, selectedId, page, pages, onHover, onSelect, onPage }: Props) {
  return (
    <>
      {search.isError && (
        <ErrorMessage error={search.error} title="The latest change could not be applied" onRetry={() => search.refetch()} className="mx-4 my-4" />
      )}
      <ul data-testid="results-list" aria-busy={updating} className={`divide-y divide-slate-100 transition-opacity ${updating ? 'opacity-60' : ''}`}>
        {places.map((place) => (
          <ResultCard
            key={place.id}
            place={place}
            units={units}
            now={now}
            highlighted={hoveredId === place.id}
            selected={selectedId === place.id}
            onHover={onHover}
            onSelect={onSelect}
          />
        ))}
      </ul>
      {pages > 1 && <ResultPages page={page} pages={pages} onPage={onPage} />}
    </>
  );
}
