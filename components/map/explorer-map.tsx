'use client';

import 'maplibre-gl/dist/maplibre-gl.css';
import { setWorkerUrl, type LngLatBoundsLike, type Map as MaplibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useState } from 'react';
import Map, { AttributionControl, Layer, NavigationControl, ScaleControl, Source, type MapLayerMouseEvent } from 'react-map-gl/maplibre';
import { offlineBasemapStyle } from '@/lib/explorer/basemap-style';
import { boxRing, circleBounds, type Box, type Circle } from '@/lib/explorer/geo';
import { clusterFeatures } from '@/lib/explorer/cluster-features';
import type { ClusterResponse, PlaceListItem } from '@/lib/explorer/types';
import type { MapView } from '@/lib/explorer/url-state';
import { MapLoading } from './map-loading';
import { useAreaDrawing, type DrawMode } from './use-area-drawing';
import { useShapeKeys } from './use-shape-keys';
import { FLAT_MAP_PROPS } from './flat-map-props';
import { CLUSTER_LAYER, ClusterLayers, MATCH_LAYER } from './cluster-layers';
import { MapTotal } from './map-total';
import { MapLegend } from './map-legend';
import { renderedMarks, type RenderedMarks } from './rendered-marks';
import { useCompactAttribution } from './use-compact-attribution';

// maplibre-gl 6 cannot find its worker through the bundlers; prepare-assets copies it to public/.
setWorkerUrl('/maplibre-gl-worker.mjs');

export interface FitTarget {
  bounds: [[number, number], [number, number]];
  seq: number;
}

export interface ExplorerMapProps {
  styleUrl: string | null;
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
  onViewChange: (view: MapView, bounds: Box) => void;
  fitTarget: FitTarget | null;
}

const POINT_LAYER = 'place-points';

function areaBounds(circle: Circle | null, box: Box | null): [[number, number], [number, number]] | null {
  if (box) {
    const ring = boxRing(box);
    return [ring[0] as [number, number], ring[2] as [number, number]];
  }
  return circle ? circleBounds(circle) : null;
}

/**
 * Room the panels take over the map, so what is fitted or brought into view stays visible: the tools on top, the side
 * panel on a laptop (a phone's sheet is below the map), and the open place's drawer (on the right, or a phone's sheet).
 */
function panelPadding(container?: HTMLElement) {
  const phone = window.innerWidth < 768;
  const padding = phone ? { top: 70, bottom: 20, left: 20, right: 20 } : { top: 70, bottom: 30, left: 420, right: 30 };
  const drawer = document.querySelector('[data-testid="place-drawer"]')?.getBoundingClientRect();
  const map = container?.getBoundingClientRect();
  if (drawer && map) {
    if (phone) padding.bottom = Math.max(padding.bottom, Math.round(map.bottom - drawer.top) + 20);
    else padding.right = Math.max(padding.right, Math.round(map.right - drawer.left) + 20);
  }
  return padding;
}

/** Whether a point shows in the part of the map no panel covers. */
function inClearView(map: MaplibreMap, lngLat: [number, number]): boolean {
  const { x, y } = map.project(lngLat);
  const { width, height } = map.getContainer().getBoundingClientRect();
  const pad = panelPadding(map.getContainer());
  return x >= pad.left && x <= width - pad.right && y >= pad.top && y <= height - pad.bottom;
}

function pointsOf(places: PlaceListItem[], only?: (p: PlaceListItem) => boolean) {
  return {
    type: 'FeatureCollection' as const,
    features: places
      .filter((p) => p.locations?.[0] && (!only || only(p)))
      .map((p) => ({
        type: 'Feature' as const,
        id: p.id,
        properties: { id: p.id, name: p.name },
        geometry: { type: 'Point' as const, coordinates: [p.locations![0].longitude, p.locations![0].latitude] },
      })),
  };
}

export default function ExplorerMap(props: ExplorerMapProps) {
  const { places, clusters, highlightedId, selectedId, selectedPlace, onHover, onSelect, onViewChange, fitTarget } = props;
  const [map, setMap] = useState<MaplibreMap | null>(null);
  // How many results the map had drawn when it last went idle: tests and the benchmark wait on it.
  const [drawn, setDrawn] = useState(0);
  const style = useMemo(() => props.styleUrl ?? offlineBasemapStyle(window.location.origin), [props.styleUrl]);

  const [initialViewState] = useState(() => {
    if (props.initialView) return { longitude: props.initialView.lon, latitude: props.initialView.lat, zoom: props.initialView.zoom };
    const bounds = areaBounds(props.circle, props.box);
    return bounds ? { bounds: bounds as LngLatBoundsLike, fitBoundsOptions: { padding: panelPadding() } } : { longitude: -98, latitude: 39, zoom: 3.5 };
  });

  const { selectedKind } = useAreaDrawing({
    map,
    circle: props.circle,
    box: props.box,
    mode: props.drawMode,
    onAreaChange: props.onAreaChange,
    onModeChange: props.onDrawModeChange,
    beforeLayerId: CLUSTER_LAYER,
  });
  useShapeKeys({
    map,
    mode: props.drawMode,
    circle: props.circle,
    box: props.box,
    selectedKind,
    onAreaChange: props.onAreaChange,
    onModeChange: props.onDrawModeChange,
  });

  const points = useMemo(() => pointsOf(places), [places]);
  // The page's markers take over from the clusters' dots of the same places: each place is drawn once.
  const total = props.total;
  const matches = useMemo(
    () =>
      clusterFeatures(
        clusters,
        points.features.map((f) => ({ id: f.id, longitude: f.geometry.coordinates[0], latitude: f.geometry.coordinates[1] })),
        total ?? undefined,
      ),
    [clusters, points, total],
  );
  const twoKinds = points.features.length > 0 && matches.features.length > 0;
  const [marks, setMarks] = useState<RenderedMarks | null>(null);
  useCompactAttribution(map, Boolean(props.styleUrl));
  const selected = selectedPlace?.id === selectedId && selectedPlace?.locations?.[0] ? selectedPlace : null;
  const highlighted = useMemo(
    () => pointsOf([...places.filter((p) => p.id === highlightedId && p.id !== selected?.id), ...(selected ? [selected] : [])]),
    [places, highlightedId, selected],
  );

  // The live view (zoom/lat/lon) on the map element, so tests can find a place on screen after the map framed an area.
  const [liveView, setLiveView] = useState('');
  const reportView = useCallback(
    (m: MaplibreMap) => {
      const c = m.getCenter();
      const b = m.getBounds();
      setLiveView(`${m.getZoom()}/${c.lat}/${c.lng}`);
      onViewChange({ lon: c.lng, lat: c.lat, zoom: m.getZoom() }, { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() });
    },
    [onViewChange],
  );

  useEffect(() => {
    if (!map || !fitTarget) return;
    map.fitBounds(fitTarget.bounds, { padding: panelPadding(map.getContainer()), maxZoom: 14, duration: 600 });
  }, [map, fitTarget]);

  // An opened place (picked, or from a link) comes into the clear part of the view at the same zoom; the search stays.
  const selectedAt = selected ? `${selected.locations![0].longitude},${selected.locations![0].latitude}` : null;
  useEffect(() => {
    if (!map || !selectedAt) return;
    const [lon, lat] = selectedAt.split(',').map(Number);
    if (inClearView(map, [lon, lat])) return;
    const e = 1e-5;
    map.fitBounds([[lon - e, lat - e], [lon + e, lat + e]], { padding: panelPadding(map.getContainer()), maxZoom: map.getZoom(), duration: 600 });
  }, [map, selectedAt]);

  const onClick = useCallback(
    async (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      if (!feature || !map) return;
      if (feature.layer.id === CLUSTER_LAYER) {
        // Zoom to what the cluster holds, and at least one level in (a cluster of whole cells may span its bin).
        const { west, south, east, north } = feature.properties as { west: number; south: number; east: number; north: number };
        const at = (feature.geometry as GeoJSON.Point).coordinates as [number, number];
        const camera = map.cameraForBounds([[west, south], [east, north]], { padding: panelPadding(map.getContainer()) });
        const zoom = Math.min(18, Math.max(camera?.zoom ?? 0, map.getZoom() + 1));
        map.easeTo({ center: camera && zoom === camera.zoom ? camera.center : at, zoom, duration: 500 });
      } else {
        onSelect(Number(feature.properties.id));
      }
    },
    [map, onSelect],
  );

  const onMouseMove = useCallback(
    (event: MapLayerMouseEvent) => {
      const feature = event.features?.find((f) => f.layer.id === POINT_LAYER || f.layer.id === MATCH_LAYER);
      onHover(feature ? Number(feature.properties.id) : null);
    },
    [onHover],
  );

  const loading = !map ? 'Loading the map…' : drawn !== points.features.length ? `Placing ${points.features.length.toLocaleString('en-US')} ${points.features.length === 1 ? 'place' : 'places'} on the map…` : null;

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
      onIdle={(e) => {
        setDrawn(points.features.length);
        const next = renderedMarks(e.target, { page: POINT_LAYER, single: MATCH_LAYER, clusters: CLUSTER_LAYER });
        setMarks((m) => (m && JSON.stringify(m) === JSON.stringify(next) ? m : next));
      }}
      onClick={onClick}
      onMouseMove={onMouseMove}
      onMouseLeave={() => onHover(null)}
    >
      {/* The offline basemap is credited under the map in the server's HTML (basemap-attribution.tsx); another style carries its own. */}
      {props.styleUrl && <AttributionControl position="bottom-right" compact />}
      <NavigationControl position="bottom-right" showCompass={false} />
      <ScaleControl position="bottom-left" unit="metric" />
      <ClusterLayers data={matches} />
      {/* The current page's places, over every match: the list and the map agree on which they are. */}
      <Source id="places" type="geojson" data={points}>
        <Layer
          id={POINT_LAYER}
          type="circle"
          paint={{ 'circle-color': '#e8603c', 'circle-radius': 7, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 }}
        />
      </Source>
      <Source id="places-highlight" type="geojson" data={highlighted}>
        <Layer
          id="place-highlight"
          type="circle"
          paint={{ 'circle-color': '#1d2433', 'circle-radius': 10, 'circle-stroke-color': '#fbbf24', 'circle-stroke-width': 4 }}
        />
      </Source>
    </Map>
    <MapLoading message={loading} />
    <MapTotal inView={clusters?.meta.total ?? null} total={props.total}>
      {twoKinds && <MapLegend />}
    </MapTotal>
    </div>
  );
}
