'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { formatCount } from '@/lib/explorer/intl-cache';
import { PAGE_SIZE } from '@/lib/explorer/search-request';
import type { Circle, Units } from '@/lib/explorer/geo';
import { nearestHint } from '@/lib/explorer/nearest';
import type { ListSearchResponse, PlaceListItem } from '@/lib/explorer/types';
import { SORT_ORDERS, type ExplorerState, type SortOrder } from '@/lib/explorer/url-state';
import { ErrorMessage } from '@/components/ui/error-message';
import { ResultCard } from './result-card';

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

const SORT_LABELS: Record<SortOrder, string> = { distance: 'Nearest first', relevance: 'Most relevant', rating: 'Highest rated', name: 'Name (A–Z)' };

function Skeletons() {
  return (
    <ul aria-hidden="true" data-testid="results-loading">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="flex gap-3 px-4 py-3">
          <span className="h-10 w-10 animate-pulse rounded-full bg-slate-200" />
          <span className="flex-1 space-y-2">
            <span className="block h-4 w-3/4 animate-pulse rounded bg-slate-200" />
            <span className="block h-3 w-1/2 animate-pulse rounded bg-slate-100" />
            <span className="block h-3 w-1/3 animate-pulse rounded bg-slate-100" />
          </span>
        </li>
      ))}
    </ul>
  );
}

function Message({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div role="status" className="mx-4 my-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
      <p className="font-semibold">{title}</p>
      {children}
    </div>
  );
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

  // After "Next" or "Previous", the new page starts at its top, with the keyboard on its first result.
  const section = useRef<HTMLElement>(null);
  const paged = useRef(false);
  const turnPage = (page: number) => {
    paged.current = true;
    onPage(page);
  };
  useEffect(() => {
    if (!paged.current || !data || search.isPlaceholderData) return;
    paged.current = false;
    const top = section.current;
    const scroller = top?.closest<HTMLElement>('[data-scroll-container]');
    if (top && scroller) scroller.scrollTop += top.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    top?.querySelector<HTMLElement>('[data-testid="results-list"] button[data-place-id]')?.focus({ preventScroll: true });
  }, [data, search.isPlaceholderData]);

  let body: React.ReactNode;
  if (!hasArea) {
    body = (
      <Message title="Choose where to look">
        <p className="mt-1">Draw a circle or a box on the map, press “Search this area”, or set a center and radius above.</p>
      </Message>
    );
  } else if (!data && search.isError) {
    body = <ErrorMessage error={search.error} onRetry={() => search.refetch()} className="mx-4 my-4" />;
  } else if (!data) {
    body = <Skeletons />;
  } else if (total === 0) {
    body = (
      <Message title="No places match">
        <NearestMatch query={query} nearest={nearest} units={state.units} onWiden={onWiden} />
      </Message>
    );
  } else {
    body = (
      <>
        {search.isError && (
          <ErrorMessage error={search.error} title="The latest change could not be applied" onRetry={() => search.refetch()} className="mx-4 my-4" />
        )}
        <ul data-testid="results-list" aria-busy={updating} className={`divide-y divide-slate-100 transition-opacity ${updating ? 'opacity-60' : ''}`}>
          {data.data.map((place) => (
            <ResultCard
              key={place.id}
              place={place}
              units={state.units}
              now={now}
              highlighted={hoveredId === place.id}
              selected={state.place === place.id}
              onHover={onHover}
              onSelect={onSelect}
            />
          ))}
        </ul>
        {pages > 1 && (
          <nav aria-label="Result pages" className="flex items-center justify-between gap-2 px-4 py-3 text-sm">
            <button type="button" disabled={state.page <= 1} onClick={() => turnPage(state.page - 1)} className="rounded-md border border-slate-300 px-3 py-1.5 disabled:opacity-40">
              ← Previous
            </button>
            <span className="text-slate-600">
              Page {state.page} of {formatCount(pages)}
            </span>
            <button type="button" disabled={state.page >= pages} onClick={() => turnPage(state.page + 1)} className="rounded-md border border-slate-300 px-3 py-1.5 disabled:opacity-40">
              Next →
            </button>
          </nav>
        )}
      </>
    );
  }

  return (
    <section ref={section} aria-labelledby="results-heading" className="pb-4">
      <div className="sticky top-0 z-10 flex items-center justify-between gap-2 border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur">
        <h2 id="results-heading" className="text-sm font-semibold text-ink" aria-live="polite" data-testid="results-total" data-query={data && !search.isPlaceholderData ? query : ''}>
          {hasArea && data ? `${formatCount(total)} ${total === 1 ? 'place' : 'places'}` : 'Places'}
          {updating && <span className="ml-2 text-xs font-normal text-slate-500">Updating…</span>}
        </h2>
        <div className="flex items-center gap-1 text-xs text-slate-600">
          <label htmlFor="results-sort">Sort</label>
          <select id="results-sort" value={state.sort} onChange={(e) => onSort(e.target.value as SortOrder)} className="rounded-md border border-slate-300 bg-white px-1.5 py-1 text-sm text-ink">
            {SORT_ORDERS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {/* Where "Skip to results" lands: the next Tab reaches the first result. */}
      <div id="results-start" tabIndex={-1} className="outline-none">
        {body}
      </div>
    </section>
  );
}

/** Where the nearest match of an empty search is, and a button that widens the search to reach it. */
function NearestMatch({ query, nearest, units, onWiden }: { query: string; nearest: PlaceListItem | null; units: Units; onWiden: (circle: Circle) => void }) {
  const center = new URLSearchParams(query).get('center')?.split(',').map(Number);
  const at = nearest?.locations[0];
  if (!nearest || !at || !center || center.length !== 2) return <p className="mt-1">Try a larger area, or remove a filter.</p>;
  const [lon, lat] = center;
  const hint = nearestHint({ lon, lat }, { name: nearest.name, lon: at.longitude, lat: at.latitude }, units);
  return (
    <>
      <p className="mt-1" data-testid="nearest-match">
        {hint.text}
      </p>
      <button
        type="button"
        onClick={() => onWiden({ lon, lat, radius: hint.radius })}
        className="mt-2 rounded-md bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {hint.action}
      </button>
    </>
  );
}
