import { int, type Rng } from './prng';

/** A small route sketch for road_trip_details.map_illustration: well-formed, self-contained SVG. */
export function mapIllustration(rng: Rng): string {
  const points = Array.from({ length: 5 }, (_, i) => `${20 + i * 50},${int(rng, 25, 135)}`);
  const [endX, endY] = points[4].split(',');
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160" viewBox="0 0 240 160">' +
    '<rect width="240" height="160" rx="8" fill="#eef6ee"/>' +
    `<polyline points="${points.join(' ')}" fill="none" stroke="#c2410c" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<circle cx="20" cy="${points[0].split(',')[1]}" r="6" fill="#166534"/>` +
    `<circle cx="${endX}" cy="${endY}" r="7" fill="#b91c1c"/>` +
    '</svg>'
  );
}
