'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { PlacesAccount } from '@/lib/explorer/queries/account-query';
import { placeQuery } from '@/lib/explorer/queries/place-query';

/** The result the pointer is on, in the list or on the map, shared by both. */
export function useHoveredPlace(account: PlacesAccount) {
  const [hoveredId, setHoveredId] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const hover = useCallback(
    (id: number | null) => {
      setHoveredId(id);
      // Someone pointing at a result is likely to open it: fetch its details early.
      if (id !== null) void queryClient.prefetchQuery(placeQuery(id, account));
    },
    [queryClient, account],
  );
  return { hoveredId, hover };
}
