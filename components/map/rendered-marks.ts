import type { Map as MaplibreMap } from 'maplibre-gl';

/** What the map has drawn in its view, by kind of mark; set on the map element so tests read what is on screen. */
export interface RenderedMarks {
  /** Markers of the page's results. */
  page: number;
  /** Dots of one other match each (a single place, or a cell of one). */
  single: number;
  /** Matches the bubbles of several hold, summed. */
  grouped: number;
}

/**
 * Counts the marks drawn whose spot is inside the view (a circle straddling the edge is drawn, but not in the view
 * the clusters call counts). A feature near a tile's edge can come back once per tile: each is counted once, by id,
 * or for a bubble by the bounds of what it holds.
 */
export function renderedMarks(map: MaplibreMap, layers: { page: string; single: string; clusters: string }): RenderedMarks {
  const bounds = map.getBounds();
  const seen = new Set<string>();
  const marks: RenderedMarks = { page: 0, single: 0, grouped: 0 };
  for (const f of map.queryRenderedFeatures({ layers: [layers.page, layers.single, layers.clusters] })) {
    if (f.geometry.type !== 'Point' || !bounds.contains(f.geometry.coordinates as [number, number])) continue;
    const p = f.properties;
    const key = f.layer.id === layers.clusters ? `${f.layer.id}:${p.west},${p.south},${p.east},${p.north}` : `${f.layer.id}:${p.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (f.layer.id === layers.page) marks.page++;
    else if (f.layer.id === layers.single || Number(p.count) === 1) marks.single++;
    else marks.grouped += Number(p.count);
  }
  return marks;
}
