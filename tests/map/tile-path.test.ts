import { describe, expect, it } from 'vitest';
import { parseTilePath, tileAt, tmsRow } from '@/lib/map/tile-path';

describe('a tile path', () => {
  it('reads /tiles/{z}/{x}/{y}.pbf inside the zoom’s grid', () => {
    expect(parseTilePath('/tiles/0/0/0.pbf')).toEqual({ ok: true, tile: { z: 0, x: 0, y: 0 } });
    expect(parseTilePath('/tiles/14/2625/6332.pbf')).toEqual({ ok: true, tile: { z: 14, x: 2625, y: 6332 } });
    expect(parseTilePath('/tiles/22/4194303/4194303.pbf')).toEqual({ ok: true, tile: { z: 22, x: 4194303, y: 4194303 } });
  });

  it.each([
    ['/tiles/1/2/0.pbf', 'at zoom 1, x and y run from 0 to 1'],
    ['/tiles/3/0/8.pbf', 'at zoom 3, x and y run from 0 to 7'],
    ['/tiles/23/0/0.pbf', 'zoom 23 is past the deepest zoom a tile can have (22)'],
  ])('refuses %s outside the grid: %s', (path, reason) => {
    expect(parseTilePath(path)).toEqual({ ok: false, reason });
  });

  it.each(['/tiles/1/0/0', '/tiles/1/0/0.png', '/tiles/01/0/0.pbf', '/tiles/-1/0/0.pbf', '/tiles/1/0/0.5.pbf', '/tiles/1/0.pbf', '/tiles/a/b/c.pbf', '/tiles/1/0/0/0.pbf', '/tiles/1/%30/0.pbf', '/tiles/999/0/0.pbf'])(
    'refuses the malformed %s with one sentence',
    (path) => {
      const parsed = parseTilePath(path);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.reason).toMatch(/^(a tile path is \/tiles\/\{z\}\/\{x\}\/\{y\}\.pbf|zoom \d+ is past)/);
    },
  );

  it('numbers MBTiles rows from the south', () => {
    expect(tmsRow(0, 0)).toBe(0);
    expect(tmsRow(3, 0)).toBe(7);
    expect(tmsRow(14, 6332)).toBe(2 ** 14 - 1 - 6332);
  });

  it('finds the tile that holds a point', () => {
    expect(tileAt(0, 0, 1)).toEqual({ z: 1, x: 1, y: 1 });
    expect(tileAt(-180, 85.0511, 4)).toEqual({ z: 4, x: 0, y: 0 });
    expect(tileAt(180, -90, 4)).toEqual({ z: 4, x: 15, y: 15 });
    // Vancouver's downtown: x 2588.64, y 5606.96 by the OpenStreetMap wiki's formula (Slippy map tilenames).
    expect(tileAt(-123.1207, 49.2827, 14)).toEqual({ z: 14, x: 2588, y: 5606 });
  });
});
