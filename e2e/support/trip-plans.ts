import type { PlannedStop } from './trips-driver';

/** Denver, three nights in Moab, three in Springdale, two in Las Vegas: the road trip of issue 40. */
export const ROAD_TRIP: PlannedStop[] = [
  { name: 'Denver', lon: -104.9903, lat: 39.7392 },
  { name: 'Moab', lon: -109.5498, lat: 38.5733, nights: 3 },
  { name: 'Springdale', lon: -112.9988, lat: 37.1889, nights: 3 },
  { name: 'Las Vegas', lon: -115.1398, lat: 36.1699, nights: 2 },
];

export const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** `2026-12-03` as the overnight plan writes a day: `Thu, Dec 3`. */
export const shortDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

/** Where a US place is, as a stop shows it: `Moab, UT`. */
export function whereOf(place: { locations: { city: string; state: string; country: string }[] }): string {
  const { city, state } = place.locations[0];
  return [city, state].filter(Boolean).join(', ');
}
