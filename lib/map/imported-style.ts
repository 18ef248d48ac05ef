import type { ExpressionSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { FONT } from '@/lib/explorer/basemap-style';
import { splitOfflineBasemap } from './basemap-layers';
import { classIs, roadClassLayers, routeShieldLayer } from './road-layers';
import type { TileSetInfo } from './store/types';

export const MAP_ATTRIBUTION =
  '<a href="https://openmaptiles.org/">© OpenMapTiles</a> <a href="https://www.openstreetmap.org/copyright">© OpenStreetMap contributors</a>';

const NAME: ExpressionSpecification = ['coalesce', ['get', 'name:latin'], ['get', 'name']];
export const MAP_SOURCE = 'openmaptiles';
const SOURCE = MAP_SOURCE;
/** The style's metadata key for the tiles' average size at each zoom (lib/offline/kept-map.ts reads it). */
export const AVERAGE_TILE_BYTES = 'trip-explorer:average-tile-bytes';

const layer = (spec: Record<string, unknown>) => ({ source: SOURCE, 'source-layer': spec.id, ...spec }) as LayerSpecification;

/** Fills under the roads: land cover, land use, parks and protected lands, water, buildings. */
function areaLayers(): LayerSpecification[] {
  return [
    layer({ id: 'landcover', type: 'fill', paint: { 'fill-color': ['match', ['get', 'class'], 'wood', '#d7e6c4', 'grass', '#e3edcf', 'farmland', '#ede9d2', 'wetland', '#d6e8df', 'sand', '#f1e6c6', 'ice', '#f2f7f9', '#e5ecd6'], 'fill-opacity': 0.8 } }),
    layer({ id: 'landuse', type: 'fill', minzoom: 9, paint: { 'fill-color': ['match', ['get', 'class'], 'residential', '#ece6da', 'commercial', '#eadfd6', 'industrial', '#e3ddd6', 'cemetery', '#dde6d2', '#ebe5d9'], 'fill-opacity': 0.7 } }),
    layer({ id: 'park', type: 'fill', paint: { 'fill-color': '#d3e5c1', 'fill-opacity': 0.6, 'fill-outline-color': '#a8c594' } }),
    layer({ id: 'water', type: 'fill', paint: { 'fill-color': '#c9dfe9' } }),
    layer({ id: 'waterway', type: 'line', paint: { 'line-color': '#b3d0de', 'line-width': ['interpolate', ['linear'], ['zoom'], 8, 0.5, 14, 2.5] } }),
    layer({ id: 'building', type: 'fill', minzoom: 13, paint: { 'fill-color': '#e2dacd', 'fill-outline-color': '#d3c9b9' } }),
  ];
}

/** The roads by class, tracks and paths dashed, railways grey, and the state lines. */
function roadLayers(): LayerSpecification[] {
  return [
    layer({ id: 'road-track', 'source-layer': 'transportation', type: 'line', minzoom: 12, filter: ['in', ['get', 'class'], ['literal', ['track', 'path']]], paint: { 'line-color': '#b5a98f', 'line-width': 1, 'line-dasharray': [2, 2] } }),
    layer({ id: 'railway', 'source-layer': 'transportation', type: 'line', filter: classIs('rail'), paint: { 'line-color': '#a8a29a', 'line-width': 1.2, 'line-dasharray': [3, 2] } }),
    ...roadClassLayers(SOURCE, 'transportation'),
    layer({ id: 'boundary', type: 'line', filter: ['<=', ['get', 'admin_level'], 4], paint: { 'line-color': '#a79f8e', 'line-width': 1, 'line-dasharray': [3, 2] } }),
  ];
}

/** Names: water, streets along their line, route numbers in their shields, then settlements by size. */
function labelLayers(): LayerSpecification[] {
  return [
    layer({ id: 'water_name', type: 'symbol', layout: { 'text-field': NAME, 'text-font': FONT, 'text-size': 11 }, paint: { 'text-color': '#4f7a91', 'text-halo-color': '#ffffff', 'text-halo-width': 1 } }),
    layer({
      id: 'transportation_name',
      type: 'symbol',
      minzoom: 11,
      layout: { 'symbol-placement': 'line', 'text-field': NAME, 'text-font': FONT, 'text-size': ['interpolate', ['linear'], ['zoom'], 11, 9, 16, 12], 'text-max-angle': 30 },
      paint: { 'text-color': '#5b5446', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
    }),
    routeShieldLayer(SOURCE, 'transportation_name', 8),
    layer({
      id: 'place',
      type: 'symbol',
      filter: ['in', ['get', 'class'], ['literal', ['city', 'town', 'village', 'suburb', 'neighbourhood', 'hamlet']]],
      layout: {
        'text-field': NAME,
        'text-font': FONT,
        'text-size': ['match', ['get', 'class'], 'city', 15, 'town', 13, 'village', 12, 11],
        'symbol-sort-key': ['coalesce', ['get', 'rank'], 99],
      },
      paint: { 'text-color': '#3e3a31', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
    }),
  ];
}

/**
 * The Explorer's map over an imported map: the offline basemap (countries, states and their labels) for the world
 * around the extract, the extract's OpenMapTiles layers above it in the product's colours, and their names on top.
 * Text is drawn with the browser's own fonts (no glyph server), as the offline basemap's is.
 *
 * Its URLs are paths: maplibre's worker (served from this origin) fetches them from the origin the page came from,
 * whatever name the server was reached by, and a kept trip's tiles are found under the same URLs offline.
 */
export function importedMapStyle(info: TileSetInfo): StyleSpecification {
  const { base, under, over } = splitOfflineBasemap();
  return {
    ...base,
    name: `Trip Explorer: ${info.name}`,
    metadata: { 'trip-explorer:map-version': info.version, 'trip-explorer:source': info.source, [AVERAGE_TILE_BYTES]: info.averageTileBytes },
    sources: {
      ...base.sources,
      [SOURCE]: {
        type: 'vector',
        // The import's version in the URL: a browser's cached tile of the map before is never drawn beside the new.
        tiles: [`/tiles/{z}/{x}/{y}.pbf?v=${encodeURIComponent(info.version)}`],
        minzoom: info.minzoom,
        maxzoom: info.maxzoom,
        bounds: info.bounds,
        attribution: MAP_ATTRIBUTION,
      },
    },
    layers: [...under, ...areaLayers(), ...roadLayers(), ...over, ...labelLayers()],
  };
}
