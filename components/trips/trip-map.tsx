'use client';

import 'maplibre-gl/dist/maplibre-gl.css';
import { setWorkerUrl, type Map as MaplibreMap } from 'maplibre-gl';
import { useMemo, useState } from 'react';
import Map, { AttributionControl, NavigationControl, ScaleControl, type MapLayerMouseEvent } from 'react-map-gl/maplibre';
import { offlineBasemapStyle } from '@/lib/explorer/basemap-style';
import type { PlaceListItem } from '@/lib/explorer/types';
import type { Leg } from '@/lib/trips/legs/types';
import type { TripStop } from '@/lib/trips/model';
import { FLAT_MAP_PROPS } from '@/components/map/flat-map-props';
import { useCompactAttribution } from '@/components/map/use-compact-attribution';
import { useUnits } from '@/components/units/units-context';
import { scaleUnit } from '@/components/map/scale-unit';
import { StopPins } from './stop-pins';
import { initialTripView, useFitRequest, useReframeOnStopCount } from './trip-map-camera';
import { TripMapLayers } from './trip-map-layers';
import { usePinPlacement } from './use-pin-placement';
import { useTripMapFeatures } from './use-trip-map-features';

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

function viewOf(map: MaplibreMap): string {
  const { lng, lat } = map.getCenter();
  return `${map.getZoom()}/${lat}/${lng}`;
}

/** The trip on the map: the route line through the stops, each stop numbered in trip order. */
export default function TripMap({ styleUrl, stops, legs, onPick, picked, found = [], onOpenPlace, fit, overnights = [] }: TripMapProps) {
  const [map, setMap] = useState<MaplibreMap | null>(null);
  const [view, setView] = useState('');
  const style = useMemo(() => styleUrl ?? offlineBasemapStyle(window.location.origin), [styleUrl]);
  const [initialViewState] = useState(() => initialTripView(stops, legs));
  useReframeOnStopCount(map, stops, legs);
  const pins = usePinPlacement(map, stops);
  const features = useTripMapFeatures(legs, picked, found, overnights, pins.positions);
  useFitRequest(map, fit);
  useCompactAttribution(map, true);
  const { units } = useUnits();

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
      data-stops={stops.length}
      data-found={features.foundPoints.features.length}
      data-overnights={features.overnightPoints.features.length}
      data-restrictions={features.restrictionPoints.features.length}
      data-guesses={features.route.features.filter((f) => f.properties.guess).length}
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
        <ScaleControl position="top-left" unit={scaleUnit(units)} />
        <TripMapLayers {...features} />
        <StopPins stops={stops} pinOffsets={pins.offsets} onOpen={onOpenPlace} />
      </Map>
    </div>
  );
}
