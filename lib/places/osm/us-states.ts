import { createRequire } from 'node:module';
import Flatbush from 'flatbush';
import type { MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { US_STATES } from '../dataset/cities';

type Ring = number[][];

const CODE_BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [name, code]));

/** Even-odd ray casting over a polygon's rings (its holes included). */
function inside(rings: Ring[], lon: number, lat: number): boolean {
  let odd = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) odd = !odd;
    }
  }
  return odd;
}

/**
 * The US state a point is in, from the Census Bureau's state shapes at 1:10 million (npm `us-atlas`, which the
 * offline basemap draws too), or null outside them (at sea, in another country). A town near a state line is often
 * across it: the nearest town alone put a place south of Utah's line with St. George.
 */
export class UsStateShapes {
  private readonly polygons: { code: string; rings: Ring[] }[] = [];
  private readonly index: Flatbush;

  constructor() {
    const topology = createRequire(import.meta.url)('us-atlas/states-10m.json') as Topology<{ states: GeometryCollection<{ name: string }> }>;
    for (const state of feature(topology, topology.objects.states).features) {
      const code = CODE_BY_NAME.get(state.properties.name);
      const geometry = state.geometry as Polygon | MultiPolygon | null;
      if (!code || !geometry) continue;
      const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
      for (const rings of polygons) this.polygons.push({ code, rings });
    }
    this.index = new Flatbush(this.polygons.length);
    for (const { rings } of this.polygons) {
      const lons = rings[0].map((p) => p[0]);
      const lats = rings[0].map((p) => p[1]);
      this.index.add(Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats));
    }
    this.index.finish();
  }

  stateAt(lon: number, lat: number): string | null {
    for (const i of this.index.search(lon, lat, lon, lat)) {
      if (inside(this.polygons[i].rings, lon, lat)) return this.polygons[i].code;
    }
    return null;
  }
}
