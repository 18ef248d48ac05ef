'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { formatCount } from '@/lib/explorer/intl-cache';
import { PAGE_SIZE } from '@/lib/explorer/url-state';
import type { Circle } from '@/lib/explorer/geo';
import type { ListSearchResponse, PlaceListItem } from '@/lib/explorer/types';
import type { ExplorerState, SortOrder } from '@/lib/explorer/url-state';
import { ErrorMessage } from '@/components/ui/error-message';
import { NearestMatch } from './nearest-match';
import { ResultsHeader } from './results-header';
import { ResultsList } from './results-list';
import { ResultsMessage } from './results-message';
import { ResultsSkeletons } from './results-skeletons';
import { usePageTurnFocus } from './use-page-turn-focus';

interface Props {
  state: ExplorerState;
  /** The search request behind the current URL; the heading names it once the list shows its answer. */
  query: string;
  hasArea: boolean;
  search: UseQueryResult<ListSearchResponse>;
  /** The nearest match of an empty search (same filters, up to 500 km), once known. */
  nearest: PlaceListItem | null;
  /** Widens the search to a circle around its center. */
  onWiden: (circle: Circle) => void;
  hoveredId: number | null;
  onHover: (id: number | null) => void;
  onSelect: (id: number) => void;
  onPage: (page: number) => void;
  onSort: (sort: SortOrder) => void;
}

export function ResultsSection({ state, query, hasArea, search, nearest, onWiden, hoveredId, onHover, onSelect, onPage, onSort }: Props) {
  // One clock per result set, so every badge of a list agrees.
  const now = useMemo(() => new Date(), [search.data]); // eslint-disable-line react-hooks/exhaustive-deps
  const data = search.data;
  const total = data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // Previous results stay on screen, dimmed, until the new search (or the lists it waits for) arrives.
  // Without an area nothing is searched: the last results kept as placeholder are not on their way to being replaced.
  const updating = hasArea && search.isPlaceholderData;
  const { section, turnPage } = usePageTurnFocus(data, search.isPlaceholderData, onPage);

  let body: React.ReactNode;
  if (!hasArea) {
    body = (
      <ResultsMessage title="Choose where to look">
        <p className="mt-1">Draw a circle or a box on the map, press “Search this area”, or set a center and radius above.</p>
      </ResultsMessage>
    );
  } else if (!data && search.isError) {
    body = <ErrorMessage error={search.error} onRetry={() => search.refetch()} className="mx-4 my-4" />;
  } else if (!data && search.fetchStatus === 'paused') {
    // react-query holds a search made with no connection, and sends it when the connection returns.
    body = (
      <ResultsMessage title="Waiting for a connection">
        <p className="mt-1">This search runs when you are back online.</p>
      </ResultsMessage>
    );
  } else if (!data) {
    body = <ResultsSkeletons />;
  } else if (total === 0) {
    body = (
      <ResultsMessage title="No places match">
        <NearestMatch query={query} nearest={nearest} units={state.units} onWiden={onWiden} />
      </ResultsMessage>
    );
  } else if (data.data.length === 0 && state.page > pages) {
    // A link to a page the results no longer reach (they were fewer, or the page was typed).
    body = (
      <ResultsMessage title={`There is no page ${formatCount(state.page)}`}>
        <p className="mt-1">
          These results fill {formatCount(pages)} page{pages === 1 ? '' : 's'}.{' '}
          <button type="button" onClick={() => turnPage(pages)} className="font-medium text-brand-700 underline">
            Go to page {formatCount(pages)}
          </button>
        </p>
      </ResultsMessage>
    );
  } else {
    body = (
      <ResultsList
        places={data.data}
        search={search}
        units={state.units}
        now={now}
        updating={updating}
        hoveredId={hoveredId}
        selectedId={state.place}
        page={state.page}
        pages={pages}
        onHover={onHover}
        onSelect={onSelect}
        onPage={turnPage}
      />
    );
  }

  return (
    <section ref={section} aria-labelledby="results-heading" className="pb-4">
      <ResultsHeader count={hasArea && data ? total : null} updating={updating} answeredQuery={data && !search.isPlaceholderData ? query : ''} sort={state.sort} onSort={onSort} />
      {/* Where "Skip to results" lands: the next Tab reaches the first result. */}
      <div id="results-start" tabIndex={-1} className="outline-none">
        {body}
      </div>
    </section>
  );
}
