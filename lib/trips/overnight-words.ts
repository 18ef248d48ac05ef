import { dateTimeFormat } from '@/lib/explorer/intl-cache';
import type { DateMismatch, TripPlan } from './overnights';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const count = (n: number, word: string) => (n === 1 ? `a ${word}` : `${n} ${word}s`);

/** `Thu, Dec 3`: a day of the trip, with its weekday (the year is the trip's, and the plan's dates are close). */
export function shortDate(iso: string): string {
  return dateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));
}

/** `Day 2 (Wed, Dec 2)`, `Days 3–4 (Thu, Dec 3 – Fri, Dec 4)`, `Day 5` when the trip has no dates. */
export function dayLabel(firstDay: number, firstDate: string | null, lastDay = firstDay, lastDate: string | null = firstDate): string {
  const days = lastDay === firstDay ? `Day ${firstDay}` : `Days ${firstDay}–${lastDay}`;
  if (!firstDate) return days;
  return `${days} (${lastDate && lastDate !== firstDate ? `${shortDate(firstDate)} – ${shortDate(lastDate)}` : shortDate(firstDate)})`;
}

/** A stop reached before or after its own arrival date, said with what the traveler can do about it. */
export function mismatchText(m: DateMismatch, stopName: string): string {
  if (m.kind === 'early') {
    return `Reaches ${stopName} on ${shortDate(m.reached)}, ${count(m.days, 'day')} before its arrival date (${shortDate(m.arrival)}): ${m.days === 1 ? 'a spare day' : `${m.days} spare days`} on the way.`;
  }
  return `Reaches ${stopName} on ${shortDate(m.reached)} at this pace, ${count(m.days, 'day')} after its arrival date (${shortDate(m.arrival)}): drive longer days, or change the date.`;
}

/** `4 driving days at up to 6 h a day, and 5 days at stops without driving: 9 nights.` */
/**
 * Every night, and where they differ from the trip's total (the nights planned at stops), the nights on the way:
 * ": 11 nights (10 planned at stops, 1 on the way)".
 */
function nightsWords(plan: TripPlan): string {
  if (!plan.nights) return '';
  const atStops = plan.nights - plan.roadNights;
  if (!plan.roadNights) return `: ${plural(plan.nights, 'night')}`;
  if (!atStops) return `: ${plural(plan.nights, 'night')} on the way`;
  return `: ${plural(plan.nights, 'night')} (${atStops} planned at stops, ${plan.roadNights} on the way)`;
}

export function planSummary(plan: TripPlan, limit: string): string {
  const driving = `${plural(plan.drivingDays, 'driving day')} at up to ${limit} a day`;
  const rest = plan.restDays ? `, and ${plural(plan.restDays, 'day')} at stops without driving` : '';
  return `${driving}${rest}${nightsWords(plan)}.`;
}
