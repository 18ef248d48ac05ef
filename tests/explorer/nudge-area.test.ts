import { describe, expect, it } from 'vitest';
import { nudgeBox, nudgeCircle, nudgeOfKey, type Projection } from '@/lib/explorer/nudge-area';

// Web Mercator at zoom 6 around Denver, 512-pixel tiles: enough to check directions and sizes.
const scale = (512 * 2 ** 6) / 360;
const rad = Math.PI / 180;
const mercator: Projection = {
  project: ([lon, lat]) => ({ x: lon * scale, y: -Math.log(Math.tan(Math.PI / 4 + (lat * rad) / 2)) * (scale / rad) }),
  unproject: ([x, y]) => ({ lng: x / scale, lat: (2 * Math.atan(Math.exp((-y * rad) / scale)) - Math.PI / 2) / rad }),
};

describe('moving a selected shape with the arrow keys', () => {
  it('reads the arrow keys only', () => {
    expect(nudgeOfKey('ArrowUp')).toBe('up');
    expect(nudgeOfKey('ArrowLeft')).toBe('left');
    expect(nudgeOfKey('a')).toBeNull();
  });

  it('moves a circle north, south, east and west and keeps its radius', () => {
    const circle = { lon: -104.99, lat: 39.74, radius: 50_000 };
    const up = nudgeCircle(circle, 'up', 50, mercator);
    expect(up.lat).toBeGreaterThan(circle.lat);
    expect(up.lon).toBeCloseTo(circle.lon, 6);
    expect(up.radius).toBe(50_000);
    expect(nudgeCircle(circle, 'down', 50, mercator).lat).toBeLessThan(circle.lat);
    expect(nudgeCircle(circle, 'right', 50, mercator).lon).toBeCloseTo(circle.lon + 50 / scale, 5);
    expect(nudgeCircle(circle, 'left', 50, mercator).lon).toBeCloseTo(circle.lon - 50 / scale, 5);
  });

  it('moves a box as a whole', () => {
    const box = { west: -106, south: 39, east: -104, north: 40.5 };
    const right = nudgeBox(box, 'right', 100, mercator);
    expect(right.west).toBeCloseTo(box.west + 100 / scale, 5);
    expect(right.east).toBeCloseTo(box.east + 100 / scale, 5);
    expect(right.north).toBeCloseTo(box.north, 6);
    const up = nudgeBox(box, 'up', 100, mercator);
    expect(up.north).toBeGreaterThan(box.north);
    expect(up.south).toBeGreaterThan(box.south);
  });

  it('crosses the antimeridian without flipping the box inside out', () => {
    const box = { west: 178, south: -20, east: 179.5, north: -15 };
    const moved = nudgeBox(box, 'right', 100, mercator);
    expect(moved.west).toBeCloseTo(178 + 100 / scale, 5);
    expect(moved.east).toBeCloseTo(179.5 + 100 / scale - 360, 5);
  });
});
