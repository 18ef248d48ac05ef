import type { SymbolLayerSpecification } from 'maplibre-gl';
import { Layer, Source } from 'react-map-gl/maplibre';
import { useMapImages } from '@/components/map/use-map-images';
import { STOP_FOOTPRINT_IMAGE, TRIP_MAP_IMAGES } from './trip-map-images';
import type { TripMapFeatures } from './use-trip-map-features';

/**
 * A point's label from its `label` property: under it, or above, left or right of it where a stop's pin or another
 * label would cover it there (issue 49: "Low clearance" under Moab's pin).
 */
const LABEL_LAYOUT: SymbolLayerSpecification['layout'] = {
  'text-field': ['get', 'label'],
  'text-font': ['Noto Sans Bold', 'Arial Unicode MS Bold'],
  'text-size': 11,
  'text-variable-anchor': ['top', 'bottom', 'left', 'right'],
  'text-radial-offset': 0.9,
};
const labelPaint = (color: string) => ({ 'text-color': color, 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 });

/** The trip map's drawn layers, bottom to top: the route, its road limits, places found along it, overnights, the picked point, the pins' footprints. */
export function TripMapLayers({ route, restrictionPoints, foundPoints, overnightPoints, pickedPoint, stopFootprints }: TripMapFeatures) {
  useMapImages(TRIP_MAP_IMAGES);
  return (
    <>
      <Source id="trip-route" type="geojson" data={route}>
        <Layer id="trip-route-casing" type="line" layout={{ 'line-cap': 'round', 'line-join': 'round' }} paint={{ 'line-color': '#ffffff', 'line-width': 7 }} />
        <Layer
          id="trip-route-line"
          type="line"
          layout={{ 'line-cap': 'round', 'line-join': 'round' }}
          filter={['!', ['get', 'guess']]}
          paint={{ 'line-color': '#17705b', 'line-width': 4, 'line-dasharray': [2, 1.2] }}
        />
        {/* A straight-line guess where no road joins: grey dots, not the road's green dashes. */}
        <Layer
          id="trip-route-guess"
          type="line"
          filter={['get', 'guess']}
          layout={{ 'line-cap': 'round', 'line-join': 'round' }}
          paint={{ 'line-color': '#64748b', 'line-width': 3, 'line-dasharray': [0.1, 2] }}
        />
      </Source>
      {/* A limit the route goes around (amber ring) or, with no legal route, breaks (red). */}
      <Source id="trip-restrictions" type="geojson" data={restrictionPoints}>
        <Layer
          id="trip-restriction-points"
          type="circle"
          paint={{ 'circle-color': ['case', ['get', 'broken'], '#b91c1c', '#ffffff'], 'circle-radius': 6, 'circle-stroke-color': ['case', ['get', 'broken'], '#ffffff', '#b45309'], 'circle-stroke-width': 3 }}
        />
        <Layer id="trip-restriction-labels" type="symbol" layout={LABEL_LAYOUT} paint={labelPaint('#92400e')} />
      </Source>
      <Source id="trip-found" type="geojson" data={foundPoints}>
        <Layer id="trip-found-points" type="circle" paint={{ 'circle-color': '#125a49', 'circle-radius': 6, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 }} />
      </Source>
      <Source id="trip-overnights" type="geojson" data={overnightPoints}>
        <Layer id="trip-overnight-points" type="circle" paint={{ 'circle-color': '#312e81', 'circle-radius': 6, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 }} />
        <Layer id="trip-overnight-labels" type="symbol" layout={LABEL_LAYOUT} paint={labelPaint('#312e81')} />
      </Source>
      <Source id="trip-picked" type="geojson" data={pickedPoint}>
        <Layer id="trip-picked-point" type="circle" paint={{ 'circle-color': '#fbbf24', 'circle-radius': 8, 'circle-stroke-color': '#1d2433', 'circle-stroke-width': 2 }} />
      </Source>
      {/* Unseen, and placed first (symbols are placed from the top layer down): the labels below keep clear of the pins. */}
      <Source id="trip-stop-footprints" type="geojson" data={stopFootprints}>
        <Layer
          id="trip-stop-footprints"
          type="symbol"
          layout={{ 'icon-image': STOP_FOOTPRINT_IMAGE, 'icon-allow-overlap': true }}
          paint={{ 'icon-opacity': 0 }}
        />
      </Source>
    </>
  );
}
