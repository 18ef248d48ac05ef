import { describe, expect, it } from 'vitest';
import { areaKey, boxFeature, boxFromFeature, circleFeature, circleFromFeature, ringRadiusMeters } from '@/lib/explorer/draw-features';
import { distanceMeters, formatDistance, fromMeters, toMeters } from '@/lib/explorer/geo';

describe('drawn shapes', () => {
  it('reads back the circle it drew', () => {
    const circle = { lon: -105, lat: 39.7, radius: 25_000 };
    const read = circleFromFeature(circleFeature(circle))!;
    expect(read.radius).toBe(25_000);
    expect(distanceMeters(read.lon, read.lat, circle.lon, circle.lat)).toBeLessThan(200);
  });

  it('every vertex of a drawn circle is at its radius', () => {
    const ring = circleFeature({ lon: 170, lat: 60, radius: 300_000 }).geometry.coordinates as number[][][];
    for (const [lon, lat] of ring[0]) expect(Math.abs(distanceMeters(170, 60, lon, lat) - 300_000)).toBeLessThan(5);
  });

  it('measures a resized ring, whose radiusKilometers terra-draw leaves as drawn', () => {
    const circle = { lon: -105, lat: 39.7, radius: 25_000 };
    expect(Math.abs(ringRadiusMeters(circleFeature(circle))! - 25_000)).toBeLessThan(50);
    // A resize scales the ring about its center in Web Mercator; the ring then measures the new radius.
    const feature = circleFeature(circle);
    const ring = (feature.geometry.coordinates as number[][][])[0];
    const y = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
    const lat = (v: number) => (2 * Math.atan(Math.exp(v)) - Math.PI / 2) * (180 / Math.PI);
    feature.geometry.coordinates = [ring.map(([lo, la]) => [circle.lon + (lo - circle.lon) * 1.5, lat(y(circle.lat) + (y(la) - y(circle.lat)) * 1.5)])];
    expect(Math.abs(ringRadiusMeters(feature)! - 37_500)).toBeLessThan(200);
    expect(circleFromFeature(feature)!.radius).toBe(25_000); // the stale property, which the map component replaces
  });

  it('reads a box, also across the antimeridian', () => {
    expect(boxFromFeature(boxFeature({ west: -106, south: 39, east: -104, north: 41 }))).toEqual({ west: -106, south: 39, east: -104, north: 41 });
    expect(boxFromFeature(boxFeature({ west: 170, south: -20, east: -170, north: -10 }))).toEqual({ west: 170, south: -20, east: -170, north: -10 });
  });

  it('compares areas by value', () => {
    expect(areaKey({ lon: 1, lat: 2, radius: 1000 }, null)).toBe(areaKey({ lon: 1.00001, lat: 2, radius: 1001 }, null));
    expect(areaKey(null, null)).not.toBe(areaKey({ lon: 1, lat: 2, radius: 1000 }, null));
  });
});

describe('units', () => {
  it('converts miles and kilometers to meters and shows them', () => {
    expect(toMeters(10, 'mi')).toBe(16093);
    expect(toMeters(2.5, 'km')).toBe(2500);
    expect(fromMeters(1609.344, 'mi')).toBe(1);
    expect(formatDistance(12_345, 'km')).toBe('12 km');
    expect(formatDistance(1_500, 'mi')).toBe('0.9 mi');
    expect(formatDistance(400, 'km')).toBe('400 m');
  });
});
