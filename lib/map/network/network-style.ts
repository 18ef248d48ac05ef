import type { ExpressionSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { FONT } from '@/lib/explorer/basemap-style';
import { escapeHtml } from '@/lib/identity/html';
import type { RoadNetwork } from '@/lib/roads/store/types';
import { splitOfflineBasemap } from '../basemap-layers';
import { AVERAGE_TILE_BYTES } from '../imported-style';
import { NETWORK_TILE_PREFIX } from '../paths';
import { roadClassLayers, routeShieldLayer } from '../road-layers';
import { NETWORK_SOURCE } from '../sources';
import { NETWORK_LAYER, NETWORK_ZOOMS, type NetworkTileSet } from './network-tiles';
import { roadsCredit } from './roads-credit';

const OSM_ATTRIBUTION = 'Roads: <a href="https://www.openstreetmap.org/copyright">© OpenStreetMap contributors</a>';

/** Says where the roads come from under the map; generated roads say so, as everywhere they appear. */
export function networkAttribution(network: RoadNetwork): string {
  const credit = roadsCredit(network);
  if (credit === 'generated') return 'Roads: generated for the demo, not real roads';
  return credit === 'openstreetmap' ? OSM_ATTRIBUTION : `Roads: ${escapeHtml(credit.source)}`;
}

/** Route numbers in their shields along the roads from zoom 5 (a trip across states shows its Interstates), street names along every road from zoom 12. */
function roadLabels(): LayerSpecification[] {
  const label = (id: string, [minzoom, maxzoom]: [number, number], filter: ExpressionSpecification, field: ExpressionSpecification): LayerSpecification => ({
    id,
    type: 'symbol',
    source: NETWORK_SOURCE,
    'source-layer': NETWORK_LAYER,
    minzoom,
    maxzoom,
    filter,
    layout: { 'symbol-placement': 'line', 'text-field': field, 'text-font': FONT, 'text-size': 11, 'text-max-angle': 30, 'symbol-spacing': 500 },
    paint: { 'text-color': '#5b5446', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
  });
  return [
    routeShieldLayer(NETWORK_SOURCE, NETWORK_LAYER, 5),
    // A ref too long for a shield is said as a name.
    label('road-name', [12, 24], ['any', ['has', 'name'], ['all', ['has', 'ref'], ['!', ['has', 'route']]]], ['coalesce', ['get', 'name'], ['get', 'ref']]),
  ];
}

/**
 * The Explorer's map when no map has been imported: the offline basemap with the road network of the road store
 * drawn on it by class (the demo's generated roads, labelled as generated), so that a trip follows visible roads.
 */
export function networkMapStyle(set: NetworkTileSet): StyleSpecification {
  const { base, under, over } = splitOfflineBasemap();
  return {
    ...base,
    name: `Trip Explorer: ${set.network.name}`,
    metadata: { 'trip-explorer:map-version': `roads-${set.version}`, 'trip-explorer:source': set.network.source, [AVERAGE_TILE_BYTES]: set.averageTileBytes },
    sources: {
      ...base.sources,
      [NETWORK_SOURCE]: {
        type: 'vector',
        tiles: [`${NETWORK_TILE_PREFIX}{z}/{x}/{y}.pbf?v=${encodeURIComponent(set.version)}`],
        minzoom: NETWORK_ZOOMS.min,
        maxzoom: NETWORK_ZOOMS.max,
        bounds: set.bounds,
        attribution: networkAttribution(set.network),
      },
    },
    layers: [...under, ...roadClassLayers(NETWORK_SOURCE, NETWORK_LAYER), ...over, ...roadLabels()],
  };
}
