import { Layer, Source } from 'react-map-gl/maplibre';

export const POINT_LAYER = 'place-points';

/** The current page's places, over every match (the list and the map agree on which they are), and the highlighted one. */
export function PlaceLayers({ points, highlighted }: { points: GeoJSON.FeatureCollection; highlighted: GeoJSON.FeatureCollection }) {
  return (
    <>
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
    </>
  );
}
