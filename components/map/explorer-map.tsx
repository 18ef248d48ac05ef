'use client';

import 'maplibre-gl/dist/maplibre-gl.css';
import { setWorkerUrl, type Map as MaplibreMap } from 'maplibre-gl';
import { useMemo, useState } from 'react';
import Map, { AttributionControl, NavigationControl, ScaleControl } from 'react-map-gl/maplibre';
import { offlineBasemapStyle } from '@/lib/explorer/basemap-style';
import { RouteShieldImages } from './route-shield-images';
import type { Box, Circle } from '@/lib/explorer/geo';
import type { ClusterResponse, PlaceListItem } from '@/lib/explorer/types';
import type { MapView } from '@/lib/explorer/url-state';
import { MapLoading, mapLoadingMessage } from './map-loading';
import type { DrawMode } from './use-area-drawing';
import { FLAT_MAP_PROPS } from './flat-map-props';
import { CLUSTER_LAYER, ClusterLayers, MATCH_LAYER } from './cluster-layers';
import { PlaceLayers, POINT_LAYER } from './place-layers';
import { MapTotal } from './map-total';
import { MapLegend } from './map-legend';
import { initialViewOf } from './initial-view';
import { useCompactAttribution } from './use-compact-attribution';
import { useUnits } from '@/components/units/units-context';
import { scaleUnit } from './scale-unit';
import { useLiveView } from './use-live-view';
import { useMapArea } from './use-map-area';
import { useMapCamera } from './use-map-camera';
import { useMapPointer } from './use-map-pointer';
import { usePlaceFeatures } from './use-place-features';
import { useRenderedMarks } from './use-rendered-marks';

// maplibre-gl 6 cannot find its worker through the bundlers; prepare-assets copies it to public/.
setWorkerUrl('/maplibre-gl-worker.mjs');

export interface FitTarget {
  bounds: [[number, number], [number, number]];
  seq: number;
}

export interface ExplorerMapProps {
  styleUrl: string | null;
  /** The page credits the map's sources itself (our styles): maplibre's attribution control is left out. */
  creditedByPage: boolean;
  places: PlaceListItem[];
  /** Where every match of the search is in the view (the Place API's clusters), and the list's total. */
  clusters: ClusterResponse | undefined;
  total: number | null;
  highlightedId: number | null;
  selectedId: number | null;
  /** The open place, once its details are known: shown on the map even when it is not among the results. */
  selectedPlace: PlaceListItem | null;
  onHover: (id: number | null) => void;
  onSelect: (id: number) => void;
  circle: Circle | null;
  box: Box | null;
  onAreaChange: (circle: Circle | null, box: Box | null) => void;
  drawMode: DrawMode;
  onDrawModeChange: (mode: DrawMode) => void;
  initialView: MapView | null;
  /** After each move: the view, its bounds, and a way to measure the part no panel covers. */
  onViewChange: (view: MapView, bounds: Box, measureClear: () => Box) => void;
  fitTarget: FitTarget | null;
}

export default function ExplorerMap(props: ExplorerMapProps) {
  const { places, clusters, highlightedId, selectedId, selectedPlace, onHover, onSelect, onViewChange, fitTarget } = props;
  const [map, setMap] = useState<MaplibreMap | null>(null);
  const style = useMemo(() => props.styleUrl ?? offlineBasemapStyle(window.location.origin), [props.styleUrl]);
  const [initialViewState] = useState(() => initialViewOf(props.initialView, props.circle, props.box));
  useMapArea({ map, circle: props.circle, box: props.box, mode: props.drawMode, onAreaChange: props.onAreaChange, onModeChange: props.onDrawModeChange });

  const selected = selectedPlace?.id === selectedId && selectedPlace?.locations?.[0] ? selectedPlace : null;
  const { points, matches, highlighted } = usePlaceFeatures({ places, clusters, total: props.total, highlightedId, selected });
  const twoKinds = points.features.length > 0 && matches.features.length > 0;
  const { drawn, marks, onIdle } = useRenderedMarks(points.features.length);
  useCompactAttribution(map, !props.creditedByPage);
  const { units } = useUnits();
  const { liveView, reportView } = useLiveView(onViewChange);
  useMapCamera(map, fitTarget, selected);
  const { onClick, onMouseMove } = useMapPointer(map, onSelect, onHover);
  const loading = mapLoadingMessage(Boolean(map), drawn, points.features.length);

  return (
    <div id="map" className="absolute inset-0" data-testid="map" data-ready={map ? 'true' : 'false'} data-drawn-places={drawn} data-cluster-total={clusters?.meta.total ?? ''} data-clusters={clusters?.data.clusters.length ?? ''} data-view={liveView} data-selected-place={selected?.id ?? ''} data-draw-mode={props.drawMode} data-marks-page={marks?.page ?? ''} data-marks-single={marks?.single ?? ''} data-marks-grouped={marks?.grouped ?? ''}>
    <Map
      initialViewState={initialViewState}
      mapStyle={style}
      {...FLAT_MAP_PROPS}
      interactiveLayerIds={[CLUSTER_LAYER, MATCH_LAYER, POINT_LAYER]}
      onLoad={(e) => {
        setMap(e.target);
        reportView(e.target);
      }}
      onMoveEnd={(e) => reportView(e.target)}
      onIdle={onIdle}
      onClick={onClick}
      onMouseMove={onMouseMove}
      onMouseLeave={() => onHover(null)}
    >
      {/* Our maps are credited under the map in the server's HTML (basemap-attribution.tsx); an operator's style by its own. */}
      {!props.creditedByPage && <AttributionControl position="bottom-right" compact />}
      <NavigationControl position="bottom-right" showCompass={false} />
      <ScaleControl position="bottom-left" unit={scaleUnit(units)} />
      <RouteShieldImages />
      <ClusterLayers data={matches} />
      <PlaceLayers points={points} highlighted={highlighted} />
    </Map>
    <MapLoading message={loading} />
    <MapTotal inView={clusters?.meta.total ?? null} total={props.total}>
      {twoKinds && <MapLegend />}
    </MapTotal>
    </div>
  );
}
