'use client';

import { useCallback, useState } from 'react';
import type { FitTarget } from '@/components/map/explorer-map';
import { boxBounds } from '@/lib/explorer/box-edges';
import { circleBounds, type Box, type Circle } from '@/lib/explorer/geo';
import { goToTarget, type Destination } from '@/lib/gazetteer/destination';
import type { UpdateExplorer } from './use-explorer-url';

/**
 * An area set from the panels (a circle, a box's edges, a place to go to) becomes the search area, and the map fits
 * it. `circle` is the current one: going to a place may keep its radius.
 */
export function useAreaFit(update: UpdateExplorer, circle: Circle | null) {
  const [fitTarget, setFitTarget] = useState<FitTarget | null>(null);
  const fitTo = useCallback((bounds: FitTarget['bounds']) => setFitTarget((t) => ({ bounds, seq: (t?.seq ?? 0) + 1 })), []);
  const setCircle = useCallback(
    (next: Circle) => {
      update({ circle: next, page: 1 });
      fitTo(circleBounds(next));
    },
    [update, fitTo],
  );
  const setBox = useCallback(
    (box: Box) => {
      update({ box, page: 1 });
      fitTo(boxBounds(box));
    },
    [update, fitTo],
  );
  const goTo = useCallback(
    (entry: Destination) => {
      const target = goToTarget(entry, circle);
      // A place of the dataset also opens its drawer.
      update({ circle: target.circle, box: null, page: 1, ...(entry.placeId !== undefined ? { place: entry.placeId } : {}) });
      fitTo(target.bounds);
    },
    [update, fitTo, circle],
  );
  return { fitTarget, fitTo, setCircle, setBox, goTo };
}
