import type { Map as MaplibreMap } from 'maplibre-gl';
import type { Box, Circle } from '@/lib/explorer/geo';
import { CLUSTER_LAYER } from './cluster-layers';
import { useAreaDrawing, type DrawMode } from './use-area-drawing';
import { useShapeKeys } from './use-shape-keys';

interface Options {
  map: MaplibreMap | null;
  circle: Circle | null;
  box: Box | null;
  mode: DrawMode;
  onAreaChange: (circle: Circle | null, box: Box | null) => void;
  onModeChange: (mode: DrawMode) => void;
}

/** The search area's shapes on the map, below the clusters: drawn and moved by the pointer, moved by the arrow keys. */
export function useMapArea({ map, circle, box, mode, onAreaChange, onModeChange }: Options) {
  const { selectedKind } = useAreaDrawing({ map, circle, box, mode, onAreaChange, onModeChange, beforeLayerId: CLUSTER_LAYER });
  useShapeKeys({ map, mode, circle, box, selectedKind, onAreaChange, onModeChange });
}
