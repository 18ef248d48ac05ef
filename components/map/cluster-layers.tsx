import { Layer, Source } from 'react-map-gl/maplibre';

export const CLUSTER_LAYER = 'match-clusters';
export const MATCH_LAYER = 'match-places';

/**
 * Every match of the search in the view, as the Place API grouped them: teal count bubbles whose area grows with the
 * count, and small teal dots for single places. The page's own markers are drawn above them by the map.
 */
export function ClusterLayers({ data }: { data: GeoJSON.FeatureCollection }) {
  return (
    <Source id="matches" type="geojson" data={data}>
      <Layer
        id={CLUSTER_LAYER}
        type="circle"
        filter={['==', ['get', 'kind'], 'cluster']}
        paint={{
          'circle-color': '#17705b',
          'circle-opacity': 0.85,
          // A cluster of one (a cell counted, not read) is a dot like a single place; a click still zooms to it.
          'circle-radius': ['interpolate', ['linear'], ['sqrt', ['get', 'count']], 1, 5, 1.5, 11, 10, 20, 100, 34, 1000, 48],
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': ['case', ['>', ['get', 'count'], 1], 2, 1.5],
        }}
      />
      <Layer
        id="match-cluster-count"
        type="symbol"
        filter={['all', ['==', ['get', 'kind'], 'cluster'], ['>', ['get', 'count'], 1]]}
        layout={{ 'text-field': ['get', 'label'], 'text-font': ['Noto Sans Bold', 'Arial Unicode MS Bold'], 'text-size': 12, 'text-allow-overlap': true }}
        paint={{ 'text-color': '#ffffff' }}
      />
      <Layer
        id={MATCH_LAYER}
        type="circle"
        filter={['==', ['get', 'kind'], 'place']}
        paint={{ 'circle-color': '#17705b', 'circle-radius': 5, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1.5 }}
      />
    </Source>
  );
}
