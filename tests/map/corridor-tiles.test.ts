import { describe, expect, it } from 'vitest';
import { corridorTiles } from '@/lib/map/corridor-tiles';
import { tileAt, type TileAddress } from '@/lib/map/tile-path';

const key = (t: TileAddress) => `${t.z}/${t.x}/${t.y}`;

/** Every tile the line passes through, found by walking it a metre at a time. */
function tilesUnder(line: [number, number][], z: number): Set<string> {
  const found = new Set<string>();
  for (let i = 0; i + 1 < line.length; i++) {
    const [[lon0, lat0], [lon1, lat1]] = [line[i], line[i + 1]];
    const steps = Math.ceil((Math.hypot(lon1 - lon0, lat1 - lat0) * 111_320) / 1);
    for (let k = 0; k <= steps; k++) found.add(key(tileAt(lon0 + ((lon1 - lon0) * k) / steps, lat0 + ((lat1 - lat0) * k) / steps, z)));
  }
  return found;
}

describe('the map tiles along a route', () => {
  const acrossVancouver: [number, number][] = [
    [-123.1116, 49.2888],
    [-123.115, 49.283],
    [-123.1036, 49.2734],
  ];

  it('holds every tile the route passes through, at every zoom asked, once each, in order', () => {
    const tiles = corridorTiles([acrossVancouver], { minZoom: 10, maxZoom: 16, bufferMeters: 0 });
    const keys = tiles.map(key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...tiles].sort((a, b) => a.z - b.z || a.x - b.x || a.y - b.y)).toEqual(tiles);
    for (let z = 10; z <= 16; z++) {
      for (const under of tilesUnder(acrossVancouver, z)) expect(keys, `zoom ${z}`).toContain(under);
    }
    expect(new Set(tiles.map((t) => t.z))).toEqual(new Set([10, 11, 12, 13, 14, 15, 16]));
  });

  it('widens with the buffer, and keeps to the map’s bounds', () => {
    const narrow = corridorTiles([acrossVancouver], { minZoom: 14, maxZoom: 14, bufferMeters: 0 });
    const wide = corridorTiles([acrossVancouver], { minZoom: 14, maxZoom: 14, bufferMeters: 3000 });
    expect(wide.length).toBeGreaterThan(narrow.length);
    // 3 km either side at zoom 14 (tiles of about 1.6 km here) is at least three tiles either side of the start.
    const start = tileAt(-123.1116, 49.2888, 14);
    expect(wide.map(key)).toEqual(expect.arrayContaining([key({ z: 14, x: start.x - 2, y: start.y }), key({ z: 14, x: start.x + 2, y: start.y })]));

    // A route that leaves the map: nothing kept beyond its bounds.
    const toSeattle: [number, number][] = [
      [-123.1116, 49.2888],
      [-122.3321, 47.6062],
    ];
    const bounds: [number, number, number, number] = [-123.29, 49.195, -123.02, 49.32];
    const kept = corridorTiles([toSeattle], { minZoom: 12, maxZoom: 12, bufferMeters: 500, bounds });
    const all = corridorTiles([toSeattle], { minZoom: 12, maxZoom: 12, bufferMeters: 500 });
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(all.length / 10);
    const southmost = tileAt(-123, 49.1, 12).y;
    expect(kept.every((t) => t.y <= southmost)).toBe(true);
  });

  it('keeps a long drive to a size a phone holds: Denver to Moab at the road zooms', () => {
    const denverToMoab: [number, number][] = [
      [-104.9903, 39.7392],
      [-106.8317, 39.6403],
      [-108.5506, 39.0639],
      [-109.5498, 38.5733],
    ];
    const tiles = corridorTiles([denverToMoab], { minZoom: 6, maxZoom: 14, bufferMeters: 1000 });
    const byZoom = Object.fromEntries([6, 10, 14].map((z) => [z, tiles.filter((t) => t.z === z).length]));
    // About 560 km: a handful of tiles at zoom 6, a few hundred at zoom 14 (1.8 km tiles, a corridor two or three wide).
    expect(byZoom[6]).toBeLessThanOrEqual(4);
    expect(byZoom[14]).toBeGreaterThan(300);
    expect(byZoom[14]).toBeLessThan(1500);
  });
});
