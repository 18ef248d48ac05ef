import type { Units } from '@/lib/explorer/geo';

/** `3 h 25 min`, `40 min`, `2 d 4 h` for long drives; `under 1 min` for a short hop (not `0 min`). */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return seconds > 0 ? 'under 1 min' : '0 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours >= 48) return `${Math.floor(hours / 24)} d ${hours % 24} h`;
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

const METERS_PER_MILE = 1609.344;
const FEET_PER_METER = 3.28084;

/** A trip's distance in the traveler's units: `850 m`, `12.4 km`, `1,240 km`; `500 ft`, `12.4 mi`, `771 mi`. */
export function formatDistance(meters: number, units: Units): string {
  if (units === 'mi') {
    const miles = meters / METERS_PER_MILE;
    if (miles < 0.1) return `${Math.round(meters * FEET_PER_METER).toLocaleString('en-US')} ft`;
    return miles < 100 ? `${miles.toFixed(1)} mi` : `${Math.round(miles).toLocaleString('en-US')} mi`;
  }
  if (meters < 1000) return `${Math.round(meters)} m`;
  const km = meters / 1000;
  return km < 100 ? `${km.toFixed(1)} km` : `${Math.round(km).toLocaleString('en-US')} km`;
}

/** What going around a rig's limits costs over the fastest road: "The way around adds 12.4 mi and 18 min." */
export function detourWords(detour: { extraMeters: number; extraSeconds: number }, units: Units): string {
  const parts = [detour.extraMeters >= 1 ? formatDistance(detour.extraMeters, units) : null, detour.extraSeconds >= 30 ? formatDuration(detour.extraSeconds) : null].filter(Boolean);
  return parts.length ? `The way around adds ${parts.join(' and ')}.` : 'The way around costs nothing more.';
}
