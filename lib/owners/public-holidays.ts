import Holidays from 'date-holidays';
import { addDays } from '@/lib/places/status';

/** A public holiday of a place's state (or country) ahead, as a day the owner may mark closed. */
export interface PublicHoliday {
  date: string;
  name: string;
}

export interface PublicHolidays {
  /** "Utah, United States of America": where the holidays are from. */
  region: string;
  holidays: PublicHoliday[];
}

/** How far ahead the holidays are offered: a year, as far as closures are kept back. */
export const HOLIDAY_DAYS_AHEAD = 365;

/**
 * The public holidays (date-holidays' `public` type: days most businesses close, with the substitute days it names)
 * of a place's state, or of its country where the state is unknown to date-holidays, from `today` through a year
 * ahead. Null where neither is known. Two holidays on one day are one, with both names.
 */
export function publicHolidays(location: { country: string; state: string }, today: string): PublicHolidays | null {
  const countries = new Holidays().getCountries('en') as Record<string, string> | undefined;
  const country = location.country.toUpperCase();
  if (!countries?.[country]) return null;
  const states = (new Holidays().getStates(country, 'en') ?? {}) as Record<string, string>;
  const state = states[location.state.toUpperCase()] ? location.state.toUpperCase() : null;
  const calendar = state ? new Holidays(country, state) : new Holidays(country);
  const last = addDays(today, HOLIDAY_DAYS_AHEAD);
  const years = [Number(today.slice(0, 4)), Number(last.slice(0, 4))];
  const byDate = new Map<string, string[]>();
  for (const year of new Set(years)) {
    for (const h of calendar.getHolidays(year)) {
      const date = h.date.slice(0, 10);
      if (h.type !== 'public' || date < today || date > last) continue;
      byDate.set(date, [...(byDate.get(date) ?? []), h.name]);
    }
  }
  const holidays = [...byDate].sort(([a], [b]) => a.localeCompare(b)).map(([date, names]) => ({ date, name: [...new Set(names)].join(', ') }));
  return { region: state ? `${states[state]}, ${countries[country]}` : countries[country], holidays };
}
