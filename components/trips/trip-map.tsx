'use client';

import 'maplibre-gl/dist/maplibre-gl.css';
import { setWorkerUrl, type Map as MaplibreMap } from 'maplibre-gl';
import { useEffect, useMemo, useState } from 'react';
import Map, { AttributionControl, Layer, Marker, NavigationControl, ScaleControl, Source, type MapLayerMouseEvent } from 'react-map-gl/maplibre';
import { offlineBasemapStyle } from '@/lib/explorer/basemap-style';
import type { PlaceListItem } from '@/lib/explorer/types';
import type { Leg } from '@/lib/trips/legs/types';
import type { TripStop } from '@/lib/trips/model';
import { spreadPins, type ScreenPoint } from '@/lib/trips/pin-spread';
import { FLAT_MAP_PROPS } from '@/components/map/flat-map-props';

// maplibre-gl 6 cannot find its worker through the bundlers; prepare-assets copies it to public/.
setWorkerUrl('/maplibre-gl-worker.mjs');

export interface TripMapProps {
  styleUrl: string | null;
  stops: TripStop[];
  legs: Leg[];
  /** A click on the map proposes a custom stop there (editors only). */
  onPick?: (lon: number, lat: number) => void;
  picked: [number, number] | null;
  /** Places found along the trip, shown as small markers under the stops; a click on one opens it. */
  found?: PlaceListItem[];
  onOpenPlace?: (placeId: number) => void;
  /** Where the overnight plan's days end on the way, labelled by day. */
  overnights?: { day: number; lon: number; lat: number }[];
  /** An area to show (a region named in an open place's details); a new object each time it is asked for. */
  fit?: { bounds: [[number, number], [number, number]] } | null;
}

function boundsOf(stops: TripStop[]): [[number, number], [number, number]] | null {
  if (!stops.length) return null;
  const lons = stops.map((s) => s.lon);
  const lats = stops.map((s) => s.lat);
  return [
    [Math.min(...lons), Math.min(...lats)],
    [Math.max(...lons), Math.max(...lats)],
  ];
}

function viewOf(map: MaplibreMap): string {
  const { lng, lat } = map.getCenter();
  return `${map.getZoom()}/${lat}/${lng}`;
}

// On a phone the expanded attribution covers the map's foot: keep the stops above it.
const padding = () => (window.innerWidth < 768 ? { top: 40, bottom: 100, left: 40, right: 70 } : 70);

/** The trip on the map: the route line through the stops, each stop numbered in trip order. */
export default function TripMap({ styleUrl, stops, legs, onPick, picked, found = [], onOpenPlace, fit, overnights = [] }: TripMapProps) {
  const [map, setMap] = useState<MaplibreMap | null>(null);
  const [view, setView] = useState('');
  const [pinOffsets, setPinOffsets] = useState<ScreenPoint[]>([]);
  const style = useMemo(() => styleUrl ?? offlineBasemapStyle(window.location.origin), [styleUrl]);
  const [initialViewState] = useState(() => {
    const bounds = boundsOf(stops);
    if (!bounds) return { longitude: -98, latitude: 39, zoom: 3 };
    if (stops.length === 1) return { longitude: stops[0].lon, latitude: stops[0].lat, zoom: 9 };
    return { bounds, fitBoundsOptions: { padding: padding(), maxZoom: 12 } };
  });

  const route = useMemo(
    () => ({ type: 'Feature' as const, properties: {}, geometry: { type: 'MultiLineString' as const, coordinates: legs.map((l) => l.geometry) } }),
    [legs],
  );
  const pickedPoint = useMemo(
    () => ({ type: 'FeatureCollection' as const, features: picked ? [{ type: 'Feature' as const, properties: {}, geometry: { type: 'Point' as const, coordinates: picked } }] : [] }),
    [picked],
  );

  const foundPoints = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: found.flatMap((p) => {
        const l = p.locations?.[0];
        return l ? [{ type: 'Feature' as const, properties: { id: p.id, name: p.name }, geometry: { type: 'Point' as const, coordinates: [l.longitude, l.latitude] } }] : [];
      }),
    }),
    [found],
  );

  const overnightPoints = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: overnights.map((o) => ({ type: 'Feature' as const, properties: { label: `Day ${o.day}` }, geometry: { type: 'Point' as const, coordinates: [o.lon, o.lat] } })),
    }),
    [overnights],
  );

  // A stop added or removed reframes the trip; a reorder or an edit leaves the view where the traveler put it.
  const count = stops.length;
  useEffect(() => {
    const bounds = boundsOf(stops);
    if (!map || !bounds) return;
    // One stop: at least the zoom the page opens a one-stop trip at, so the first stop is not a dot on a continent.
    if (count === 1) map.easeTo({ center: [stops[0].lon, stops[0].lat], zoom: Math.max(map.getZoom(), 9), duration: 400 });
    else map.fitBounds(bounds, { padding: padding(), maxZoom: 12, duration: 400 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the number of stops reframes
  }, [map, count]);

  // The pins' offsets follow the view: stops that overlap at this zoom stand side by side.
  useEffect(() => {
    if (!map) return;
    const spread = () => setPinOffsets(spreadPins(stops.map((s) => map.project([s.lon, s.lat]))));
    spread();
    map.on('zoomend', spread);
    return () => {
      map.off('zoomend', spread);
    };
  }, [map, stops]);

  useEffect(() => {
    if (map && fit) map.fitBounds(fit.bounds, { padding: padding(), duration: 400 });
  }, [map, fit]);

  const onClick = (e: MapLayerMouseEvent) => {
    const place = e.features?.find((f) => f.layer.id === 'trip-found-points');
    if (place && onOpenPlace) onOpenPlace(Number(place.properties.id));
    else onPick?.(Number(e.lngLat.lng.toFixed(5)), Number(e.lngLat.lat.toFixed(5)));
  };

  return (
    // data-view (zoom/lat/lon, as the Explorer's map) lets the browser tests find a point on the screen.
    <div
      className="absolute inset-0"
      data-testid="trip-map"
      data-ready={map ? 'true' : 'false'}
      data-stops={count}
      data-found={foundPoints.features.length}
      data-overnights={overnightPoints.features.length}
      data-view={view}
    >
      <Map
        initialViewState={initialViewState}
        mapStyle={style}
        {...FLAT_MAP_PROPS}
        cursor={onPick ? 'crosshair' : undefined}
        interactiveLayerIds={onOpenPlace ? ['trip-found-points'] : undefined}
        onLoad={(e) => {
          setMap(e.target);
          setView(viewOf(e.target));
        }}
        onMoveEnd={(e) => setView(viewOf(e.target))}
        onClick={onClick}
      >
        <AttributionControl position="bottom-right" compact />
        <NavigationControl position="bottom-right" showCompass={false} />
        {/* Top left: on a phone the attribution, open at first, spans the map's foot and would cover a scale there. */}
        <ScaleControl position="top-left" unit="metric" />
        <Source id="trip-route" type="geojson" data={route}>
          <Layer id="trip-route-casing" type="line" layout={{ 'line-cap': 'round', 'line-join': 'round' }} paint={{ 'line-color': '#ffffff', 'line-width': 7 }} />
          <Layer
            id="trip-route-line"
            type="line"
            layout={{ 'line-cap': 'round', 'line-join': 'round' }}
            paint={{ 'line-color': '#17705b', 'line-width': 4, 'line-dasharray': [2, 1.2] }}
          />
        </Source>
        <Source id="trip-found" type="geojson" data={foundPoints}>
          <Layer id="trip-found-points" type="circle" paint={{ 'circle-color': '#125a49', 'circle-radius': 6, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 }} />
        </Source>
        <Source id="trip-overnights" type="geojson" data={overnightPoints}>
          <Layer id="trip-overnight-points" type="circle" paint={{ 'circle-color': '#312e81', 'circle-radius': 6, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 }} />
          <Layer
            id="trip-overnight-labels"
            type="symbol"
            layout={{ 'text-field': ['get', 'label'], 'text-font': ['Noto Sans Bold', 'Arial Unicode MS Bold'], 'text-size': 11, 'text-offset': [0, 1.3], 'text-anchor': 'top' }}
            paint={{ 'text-color': '#312e81', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 }}
          />
        </Source>
        <Source id="trip-picked" type="geojson" data={pickedPoint}>
          <Layer id="trip-picked-point" type="circle" paint={{ 'circle-color': '#fbbf24', 'circle-radius': 8, 'circle-stroke-color': '#1d2433', 'circle-stroke-width': 2 }} />
        </Source>
        {stops.map((s, i) => (
          // Pins are the page's own elements (not map symbols), each number on its own circle, later stops above
          // earlier ones; pins that would overlap stand side by side. The stop list is what assistive technology reads.
          <Marker key={s.id} longitude={s.lon} latitude={s.lat} anchor="center" offset={[pinOffsets[i]?.x ?? 0, pinOffsets[i]?.y ?? 0]}>
            <div
              aria-hidden="true"
              data-testid="trip-pin"
              className="flex h-6 w-6 items-center justify-center rounded-full bg-[#e8603c] text-xs font-bold text-white shadow ring-2 ring-white"
            >
              {i + 1}
            </div>
          </Marker>
        ))}
      </Map>
    </div>
  );
}
