import { CLUSTER_LAYER } from './cluster-layers';
import { type AreaDrawingOptions, useAreaDrawing } from './use-area-drawing';
import { useShapeKeys } from './use-shape-keys';

/** Drawn below the clusters: the layer is this hook's to choose. */
type Options = Omit<AreaDrawingOptions, 'beforeLayerId'>;

/** The search area's shapes on the map, below the clusters: drawn and moved by the pointer, moved by the arrow keys. */
export function useMapArea({ map, circle, box, mode, onAreaChange, onModeChange }: Options) {
  const { selectedKind } = useAreaDrawing({ map, circle, box, mode, onAreaChange, onModeChange, beforeLayerId: CLUSTER_LAYER });
  useShapeKeys({ map, mode, circle, box, selectedKind, onAreaChange, onModeChange });
}
