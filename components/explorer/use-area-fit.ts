'use client';

import { useCallback, useState } from 'react';
import type { FitTarget } from '@/components/map/explorer-map';
import { boxBounds } from '@/lib/explorer/box-edges';
import { circleBounds, type Box, type Circle } from '@/lib/explorer/geo';
import { goToTarget, type Destination } from '@/lib/gazetteer/destination';
import { destinationLabel } from '@/lib/gazetteer/nearby';
import type { UpdateExplorer } from './use-explorer-url';

/**
 * An area set from the panels (a circle, a box's edges, a place to go to) becomes the search area, and the map fits
 * it. `circle` is the current one: going to a place may keep its radius.
 */
export interface NamedPoint {
  label: string;
  lon: number;
  lat: number;
}

export function useAreaFit(update: UpdateExplorer, circle: Circle | null) {
  const [fitTarget, setFitTarget] = useState<FitTarget | null>(null);
  // The place last gone to names the area while the circle stays on it ("Moab, UT", a town too small for the names
  // the area is otherwise called by, not "a point near Arches National Park").
  const [named, setNamed] = useState<NamedPoint | null>(null);
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
      setNamed({ label: entry.kind === 'place' ? entry.name : destinationLabel(entry), lon: target.circle.lon, lat: target.circle.lat });
      // A place of the dataset also opens its drawer.
      update({ circle: target.circle, box: null, page: 1, ...(entry.placeId !== undefined ? { place: entry.placeId } : {}) });
      fitTo(target.bounds);
    },
    [update, fitTo, circle],
  );
  return { fitTarget, fitTo, setCircle, setBox, goTo, named };
}
