import type { Map as MaplibreMap } from 'maplibre-gl';
import { useState } from 'react';
import { CLUSTER_LAYER, MATCH_LAYER } from './cluster-layers';
import { POINT_LAYER } from './place-layers';
import { renderedMarks, type RenderedMarks } from './rendered-marks';

/**
 * What the map had drawn when it last went idle: how many of the page's places (tests and the benchmark wait on it),
 * and the marks in view by kind. `onIdle` is the map's idle handler.
 */
export function useRenderedMarks(placeCount: number) {
  const [drawn, setDrawn] = useState(0);
  const [marks, setMarks] = useState<RenderedMarks | null>(null);
  const onIdle = (event: { target: MaplibreMap }) => {
    setDrawn(placeCount);
    const next = renderedMarks(event.target, { page: POINT_LAYER, single: MATCH_LAYER, clusters: CLUSTER_LAYER });
    setMarks((m) => (m && JSON.stringify(m) === JSON.stringify(next) ? m : next));
  };
  return { drawn, marks, onIdle };
}
