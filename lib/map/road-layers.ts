import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';
import { FONT } from '@/lib/explorer/basemap-style';
import { SHIELD_IMAGE_PREFIX, SHIELD_TEXT_COLOR } from './shield-images';

/** Road classes as the OpenMapTiles `transportation` layer names them, widest first: [class, fill, casing, width at z6, width at z14]. */
const ROADS: [string, string, string, number, number][] = [
  ['motorway', '#e9a55c', '#b9773a', 1.2, 9],
  ['trunk', '#f1c27d', '#c29250', 1, 8],
  ['primary', '#f6d89b', '#c9a866', 0.8, 7],
  ['secondary', '#fbe8b8', '#cdb37c', 0.5, 6],
  ['tertiary', '#ffffff', '#cfc4ad', 0, 5],
  ['minor', '#ffffff', '#d6ccb8', 0, 3.5],
  ['service', '#ffffff', '#ddd4c2', 0, 2],
];

const zoomWidth = (z6: number, z14: number): ExpressionSpecification => ['interpolate', ['exponential', 1.5], ['zoom'], 6, z6, 14, z14];
export const classIs = (value: string): ExpressionSpecification => ['==', ['get', 'class'], value];

/**
 * The roads by class, casings under fills, from a vector source whose layer carries OpenMapTiles' `class` values: the
 * imported map's `transportation` layer, or the road network's own tiles when no map is imported.
 */
export function roadClassLayers(source: string, sourceLayer: string): LayerSpecification[] {
  const line = (id: string, cls: string, color: string, width: ExpressionSpecification) =>
    ({ id, source, 'source-layer': sourceLayer, type: 'line', filter: classIs(cls), layout: { 'line-cap': 'round', 'line-join': 'round' }, paint: { 'line-color': color, 'line-width': width } }) as LayerSpecification;
  const casings = ROADS.map(([cls, , casing, z6, z14]) => line(`road-${cls}-casing`, cls, casing, zoomWidth(z6 + 0.8, z14 + 2)));
  const fills = ROADS.map(([cls, fill, , z6, z14]) => line(`road-${cls}`, cls, fill, zoomWidth(z6, z14)));
  return [...casings.reverse(), ...fills.reverse()];
}

const SHIELD_ORDER: ExpressionSpecification = ['match', ['get', 'network'], 'us-interstate', 0, 'us-highway', 1, 'us-state', 2, 3];

/**
 * Route numbers in their shields along the roads (an Interstate's blue and red, a US highway's white, a state
 * route's oval), from features that carry `network` and `route` (lib/map/route-shields.ts). The images are drawn
 * in the browser (lib/map/shield-images.ts, components/map/use-map-images.ts). Interstates win where shields meet.
 */
export function routeShieldLayer(source: string, sourceLayer: string, minzoom: number): LayerSpecification {
  return {
    id: 'road-shield',
    type: 'symbol',
    source,
    'source-layer': sourceLayer,
    minzoom,
    filter: ['has', 'route'],
    layout: {
      'symbol-placement': 'line',
      'symbol-spacing': 400,
      'symbol-sort-key': SHIELD_ORDER,
      'icon-image': ['concat', SHIELD_IMAGE_PREFIX, ['get', 'network']],
      'icon-text-fit': 'both',
      'icon-text-fit-padding': [1, 3, 1, 3],
      'icon-rotation-alignment': 'viewport',
      'text-rotation-alignment': 'viewport',
      'text-field': ['get', 'route'],
      'text-font': FONT,
      'text-size': 10,
    },
    paint: { 'text-color': ['match', ['get', 'network'], ...Object.entries(SHIELD_TEXT_COLOR).flat(), '#1f1d1a'] as unknown as ExpressionSpecification },
  };
}
