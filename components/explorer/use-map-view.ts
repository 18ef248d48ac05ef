'use client';

import { useCallback, useRef, useState } from 'react';
import { viewportOf, type Viewport } from '@/lib/explorer/cluster-request';
import { wrapLon, type Box } from '@/lib/explorer/geo';
import type { MapView } from '@/lib/explorer/url-state';
import type { UpdateExplorer } from './use-explorer-url';

/**
 * The map's view: written to the URL at every move (replacing the history entry), kept as the viewport the clusters
 * are asked for; its part no panel covers, measured at the click, is what "Search this area" searches, as a box.
 */
export function useMapView(update: UpdateExplorer) {
  const measureClear = useRef<(() => Box) | null>(null);
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const onViewChange = useCallback(
    (view: MapView, bounds: Box, measureClearBounds: () => Box) => {
      measureClear.current = measureClearBounds;
      const next = viewportOf(bounds, view.zoom);
      setViewport((v) => (v && JSON.stringify(v) === JSON.stringify(next) ? v : next));
      update({ view }, { replace: true });
    },
    [update],
  );
  const searchThisArea = useCallback(() => {
    const b = measureClear.current?.();
    if (!b) return;
    const spansWorld = b.east - b.west >= 360;
    const box: Box = {
      west: spansWorld ? -180 : wrapLon(b.west),
      east: spansWorld ? 180 : wrapLon(b.east),
      south: Math.max(-85, b.south),
      north: Math.min(85, b.north),
    };
    update({ box, circle: null, page: 1 });
  }, [update]);
  return { viewport, onViewChange, searchThisArea };
}
