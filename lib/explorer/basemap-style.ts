import type { StyleSpecification } from 'maplibre-gl';

const ATTRIBUTION =
  'Boundaries: <a href="https://www.naturalearthdata.com/">Natural Earth</a>, US Census Bureau · Cities: <a href="https://www.geonames.org/">GeoNames</a> (CC BY 4.0)';

/** The text font of every style of ours: the browser's own (no glyph server), online or offline. */
export const FONT = ['Noto Sans Regular', 'Arial Unicode MS Regular'];

/** The offline basemap built by scripts/build-basemap.mjs: countries, US states, cities, and their labels. */
export function offlineBasemapStyle(origin: string): StyleSpecification {
  const source = (name: string, attribution?: string) => ({
    type: 'geojson' as const,
    data: `${origin}/basemap/${name}.geojson`,
    ...(attribution ? { attribution } : {}),
  });
  return {
    version: 8,
    name: 'Trip Explorer offline',
    sources: {
      countries: source('countries', ATTRIBUTION),
      states: source('states'),
      'country-labels': source('country-labels'),
      'state-labels': source('state-labels'),
      cities: source('cities'),
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': '#c9dfe9' } },
      { id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': '#f4f1e8', 'fill-antialias': true } },
      { id: 'states', type: 'line', source: 'states', minzoom: 2.5, paint: { 'line-color': '#c4bba8', 'line-width': 0.8, 'line-dasharray': [3, 2] } },
      { id: 'borders', type: 'line', source: 'countries', paint: { 'line-color': '#a79f8e', 'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 6, 1.4] } },
      {
        id: 'country-labels',
        type: 'symbol',
        source: 'country-labels',
        maxzoom: 7,
        filter: ['>', ['get', 'area'], 2],
        layout: {
          'text-field': ['get', 'name'],
          'text-font': FONT,
          'text-size': ['interpolate', ['linear'], ['zoom'], 1, 10, 5, 14],
          'text-transform': 'uppercase',
          'text-letter-spacing': 0.08,
          'symbol-sort-key': ['-', 0, ['get', 'area']],
        },
        paint: { 'text-color': '#6f6757', 'text-halo-color': '#f4f1e8', 'text-halo-width': 1.5 },
      },
      {
        id: 'state-labels',
        type: 'symbol',
        source: 'state-labels',
        minzoom: 3.5,
        maxzoom: 8,
        layout: { 'text-field': ['get', 'name'], 'text-font': FONT, 'text-size': 11, 'text-letter-spacing': 0.05 },
        paint: { 'text-color': '#8c8370', 'text-halo-color': '#f4f1e8', 'text-halo-width': 1.5 },
      },
      {
        id: 'city-dots',
        type: 'circle',
        source: 'cities',
        minzoom: 3,
        filter: ['>=', ['get', 'population'], 500_000],
        paint: { 'circle-radius': 2.5, 'circle-color': '#5b5446', 'circle-stroke-color': '#fff', 'circle-stroke-width': 1 },
      },
      {
        id: 'city-labels',
        type: 'symbol',
        source: 'cities',
        minzoom: 3,
        layout: {
          'text-field': ['get', 'name'],
          'text-font': FONT,
          'text-size': ['interpolate', ['linear'], ['get', 'population'], 100_000, 11, 5_000_000, 14],
          'text-offset': [0, 0.9],
          'text-anchor': 'top',
          'symbol-sort-key': ['-', 0, ['get', 'population']],
        },
        paint: { 'text-color': '#3e3a31', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
      },
    ],
  };
}
