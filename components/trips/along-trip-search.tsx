'use client';

import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { FilterPanel } from '@/components/filters/filter-panel';
import { fetchJson } from '@/lib/explorer/fetch-json';
import { accountQuery } from '@/lib/explorer/queries/account-query';
import { listsQuery } from '@/lib/explorer/queries/lists-query';
import type { PlaceListItem, ListSearchResponse } from '@/lib/explorer/types';
import { parseExplorerState, type ExplorerState } from '@/lib/explorer/url-state';
import { useUnits } from '@/components/units/units-context';
import { ALONG_PAGE_SIZE, alongSearchParams } from '@/lib/trips/along-search';
import { CORRIDOR, corridorKm, validCorridor } from '@/lib/trips/corridor';
import type { TripStop } from '@/lib/trips/model';
import { AlongResults } from './along-results';

interface Props {
  stops: TripStop[];
  onAdd: (placeId: number, atIndex: number) => void;
  /** Opens a found place's details. */
  onOpen: (placeId: number) => void;
  /** The places listed so far, for the map. */
  onResults: (places: PlaceListItem[]) => void;
}

/**
 * Places within a corridor of the trip's route, with the Explorer's filters, ordered along the trip. Once searched,
 * the results follow the filters, the corridor and the trip's stops as they change.
 */
export function AlongTripSearch({ stops, onAdd, onOpen, onResults }: Props) {
  const field = useId();
  const { units } = useUnits();
  // The corridor in the traveler's units; a change of units starts it again at that unit's usual width.
  const [width, setWidth] = useState(String(CORRIDOR[units].initial));
  const [appliedWidth, setAppliedWidth] = useState(CORRIDOR[units].initial);
  const [widthUnits, setWidthUnits] = useState(units);
  if (widthUnits !== units) {
    setWidthUnits(units);
    setWidth(String(CORRIDOR[units].initial));
    setAppliedWidth(CORRIDOR[units].initial);
  }
  const [filters, setFilters] = useState<ExplorerState>(() => parseExplorerState(new URLSearchParams()));
  const [searched, setSearched] = useState(false);
  // Chosen filters fold away at the search, so the results are not below forty chips; the summary still counts them.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const account = useQuery(accountQuery()).data;
  const lists = useQuery({ ...listsQuery(account ?? ''), enabled: account !== undefined });

  const valid = validCorridor(width, units);

  const base = useMemo(() => alongSearchParams(stops, corridorKm(appliedWidth, units), filters).toString(), [stops, appliedWidth, units, filters]);
  const results = useInfiniteQuery({
    queryKey: ['places', account, 'along', base],
    queryFn: ({ pageParam, signal }) => {
      const p = new URLSearchParams(base);
      p.set('offset', String(pageParam));
      return fetchJson<ListSearchResponse>(`/api/places/search?${p}`, signal);
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.length * ALONG_PAGE_SIZE;
      return shown < last.meta.total ? shown : undefined;
    },
    enabled: searched && account !== undefined,
    staleTime: 5 * 60_000,
    // A stop added from the results asks again: the list stays meanwhile, so the place added is still there to return to.
    placeholderData: keepPreviousData,
  });
  const places = useMemo(() => results.data?.pages.flatMap((p) => p.data) ?? [], [results.data]);
  useEffect(() => onResults(places), [places, onResults]);

  return (
    <section aria-labelledby={`${field}-heading`} className="rounded-xl border border-slate-200 p-3 text-sm" data-testid="along-trip">
      <h2 id={`${field}-heading`} className="font-semibold text-ink">
        Find along this trip
      </h2>
      <form
        className="mt-2 flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!valid) return;
          setAppliedWidth(Number(width));
          setSearched(true);
          setFiltersOpen(false);
        }}
      >
        <label className="flex flex-col gap-1 text-slate-700">
          Within ({units} of the route)
          <input
            type="number"
            min={CORRIDOR[units].min}
            max={CORRIDOR[units].max}
            step={1}
            value={width}
            onChange={(e) => {
              setWidth(e.target.value);
              if (searched && validCorridor(e.target.value, units)) setAppliedWidth(Number(e.target.value));
            }}
            className="w-28 rounded-md border border-slate-300 px-2 py-1.5 text-ink"
          />
        </label>
        <button type="submit" disabled={!valid} className="rounded-md border border-slate-300 px-3 py-1.5 font-medium text-ink hover:bg-slate-100 disabled:opacity-50">
          Search along the route
        </button>
      </form>
      {!valid ? (
        <p className="mt-1 text-red-700">
          A corridor is {CORRIDOR[units].min} to {CORRIDOR[units].max} {units} wide.
        </p>
      ) : null}
      <FilterPanel
        state={filters}
        lists={lists.data}
        listsError={lists.error}
        update={(patch) => setFilters((f) => ({ ...f, ...patch }))}
        open={filtersOpen}
        onOpenChange={setFiltersOpen}
        className="mt-3 border-t border-slate-200 pt-3"
      />
      {searched ? <AlongResults stops={stops} width={appliedWidth} units={units} query={results} places={places} onAdd={onAdd} onOpen={onOpen} /> : null}
    </section>
  );
}
