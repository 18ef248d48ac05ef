import ical from 'ical-generator';
import { addDays } from '@/lib/places/status';
import type { Trip, TripStop } from './model';

const midnightUtc = (date: string) => new Date(`${date}T00:00:00Z`);

function description(stop: TripStop): string {
  const nights = stop.nights ? `${stop.nights} night${stop.nights === 1 ? '' : 's'}` : 'No night planned';
  return stop.note ? `${nights}. ${stop.note}` : `${nights}.`;
}

/**
 * iCalendar (RFC 5545): one all-day event per stop with an arrival date, from that day to the day the traveler leaves
 * (arrival plus nights; the arrival day alone when no night is planned), with the stop's town and position and, for
 * a place, its page in the Explorer. Stops without a date have no day to be on, so they are left out.
 */
export function tripToIcs(trip: Pick<Trip, 'id' | 'name' | 'stops'>, appUrl: string, now = new Date()): string {
  const calendar = ical({ name: trip.name, prodId: { company: 'Trip Explorer', product: 'Trips', language: 'EN' } });
  const host = new URL(appUrl).hostname;
  for (const stop of trip.stops) {
    if (!stop.arrivalDate) continue;
    calendar.createEvent({
      id: `${trip.id}-${stop.id}@${host}`,
      allDay: true,
      start: midnightUtc(stop.arrivalDate),
      end: midnightUtc(addDays(stop.arrivalDate, Math.max(1, stop.nights))),
      stamp: now,
      summary: stop.name,
      description: description(stop),
      location: { title: stop.locality ?? stop.name, geo: { lat: stop.lat, lon: stop.lon } },
      url: stop.kind === 'place' && stop.placeId ? `${appUrl}/?place=${stop.placeId}` : null,
    });
  }
  return calendar.toString();
}
