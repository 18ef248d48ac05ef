'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { PlacesAccount } from '@/lib/explorer/queries/account-query';
import { gazetteerQuery } from '@/lib/explorer/queries/gazetteer-query';
import { canLookUpPlaces, PLACE_SUGGESTIONS, placeNamesQuery } from '@/lib/explorer/queries/place-names-query';
import { placeDestinations } from '@/lib/explorer/place-destinations';
import type { Destination } from '@/lib/gazetteer/destination';
import { shardOfQuery, suggest } from '@/lib/gazetteer/names';
import { useDebouncedValue } from './use-debounced-value';

const MAX_SUGGESTIONS = 8;

/**
 * Go to's suggestions for what is typed: cities, states and countries from the static gazetteer, then the dataset's
 * own places (asked of the Place API, as the account, after a pause in typing). `answered`: the names for this text
 * have arrived, so an empty list means that nothing matches.
 */
export function useGoToSuggestions(text: string, account: PlacesAccount, near: { lon: number; lat: number } | undefined) {
  const shard = shardOfQuery(text);
  const rows = useQuery({ ...gazetteerQuery(shard ?? ''), enabled: shard !== null, placeholderData: keepPreviousData });
  const settled = useDebouncedValue(text, 250);
  const places = useQuery({ ...placeNamesQuery(settled, account), enabled: canLookUpPlaces(settled) && canLookUpPlaces(text) });
  const suggestions = useMemo(() => {
    const names: Destination[] = shard && rows.data ? suggest(rows.data, text, MAX_SUGGESTIONS, near) : [];
    const found = canLookUpPlaces(text) && places.data ? placeDestinations(places.data) : [];
    // The dataset's places keep their rows when the gazetteer has many names: they are what only this app knows.
    return [...names.slice(0, MAX_SUGGESTIONS - Math.min(found.length, PLACE_SUGGESTIONS)), ...found].slice(0, MAX_SUGGESTIONS);
  }, [shard, rows.data, text, places.data, near]);
  const answered = shard !== null && !rows.isFetching && rows.data !== undefined && !places.isFetching;
  return { suggestions, answered };
}
