'use client';

import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FilterPanel } from '@/components/filters/filter-panel';
import { accountQuery } from '@/lib/explorer/queries/account-query';
import { listsQuery } from '@/lib/explorer/queries/lists-query';
import type { PlaceListItem } from '@/lib/explorer/types';
import { parseExplorerState, type ExplorerState } from '@/lib/explorer/url-state';
import { useUnits } from '@/components/units/units-context';
import { validCorridor } from '@/lib/trips/corridor';
import type { TripStop } from '@/lib/trips/model';
import type { RouteLine } from '@/lib/trips/route-line';
import { AlongResults } from './along-results';
import { CorridorForm } from './corridor-form';
import { useAlongResults } from './use-along-results';
import { useCorridorWidth } from './use-corridor-width';

interface Props {
  stops: TripStop[];
  /** The trip's line, which the corridor follows. */
  line: RouteLine;
  /** Adds a found place between the stops it falls between; absent where the trip is read-only. */
  onAdd?: (placeId: number, atIndex: number) => void;
  /** Opens a found place's details. */
  onOpen: (placeId: number) => void;
  /** The places listed so far, for the map. */
  onResults: (places: PlaceListItem[]) => void;
}

/**
 * Places within a corridor of the trip's route, with the Explorer's filters, ordered along the trip. Once searched,
 * the results follow the filters, the corridor and the trip's stops as they change.
 */
export function AlongTripSearch({ stops, line, onAdd, onOpen, onResults }: Props) {
  const field = useId();
  const { units } = useUnits();
  const { width, setWidth, appliedWidth, setAppliedWidth } = useCorridorWidth(units);
  const [filters, setFilters] = useState<ExplorerState>(() => parseExplorerState(new URLSearchParams()));
  const [searched, setSearched] = useState(false);
  // Chosen filters fold away at the search, so the results are not below forty chips; the summary still counts them.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const account = useQuery(accountQuery()).data;
  const lists = useQuery({ ...listsQuery(account ?? ''), enabled: account !== undefined });

  const valid = validCorridor(width, units);
  const { results, places } = useAlongResults({ line, width: appliedWidth, units, filters, searched, account, onResults });

  const search = () => {
    setAppliedWidth(Number(width));
    setSearched(true);
    setFiltersOpen(false);
  };
  const changeWidth = (value: string) => {
    setWidth(value);
    if (searched && validCorridor(value, units)) setAppliedWidth(Number(value));
  };

  return (
    <section aria-labelledby={`${field}-heading`} className="rounded-xl border border-slate-200 p-3 text-sm" data-testid="along-trip">
      <h2 id={`${field}-heading`} className="font-semibold text-ink">
        Find along this trip
      </h2>
      <CorridorForm width={width} units={units} valid={valid} onWidth={changeWidth} onSearch={search} />
      <FilterPanel
        state={filters}
        lists={lists.data}
        listsError={lists.error}
        update={(patch) => setFilters((f) => ({ ...f, ...patch }))}
        open={filtersOpen}
        onOpenChange={setFiltersOpen}
        className="mt-3 border-t border-slate-200 pt-3"
      />
      {searched ? <AlongResults stops={stops} line={line} width={appliedWidth} units={units} query={results} places={places} onAdd={onAdd} onOpen={onOpen} /> : null}
    </section>
  );
}
