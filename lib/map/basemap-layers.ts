import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { offlineBasemapStyle } from '@/lib/explorer/basemap-style';

/**
 * The offline basemap split for a map drawn between its layers: its fills and lines (sea, land, state lines, borders)
 * go under the map's own layers, its labels and city dots over them.
 */
export function splitOfflineBasemap(): { base: StyleSpecification; under: LayerSpecification[]; over: LayerSpecification[] } {
  const base = offlineBasemapStyle('');
  const isOver = (l: LayerSpecification) => l.type === 'symbol' || l.id === 'city-dots';
  return { base, under: base.layers.filter((l) => !isOver(l)), over: base.layers.filter(isOver) };
}
