import type { PlaceRecord } from '../place-schema';
import type { HoursStyle, Kind } from './kinds';
import { chance, int, type Rng } from './prng';

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
type Schedule = Record<`${(typeof DAYS)[number]}_open_close`, string[]>;

function week(rng: Rng, style: HoursStyle, variant: number): Schedule {
  const out = {} as Schedule;
  const closedDay = style === 'meals' || style === 'day' ? int(rng, 0, 6) : -1;
  for (let d = 0; d < 7; d++) {
    const key = `${DAYS[d]}_open_close` as const;
    const weekend = d === 0 || d === 6;
    if (d === closedDay && variant === 0) out[key] = [];
    else if (style === 'always') out[key] = ['00:00-24:00'];
    else if (style === 'meals') out[key] = weekend ? ['08:00-14:30', '17:00-22:30'] : ['11:30-14:30', '17:00-21:30'];
    else if (style === 'evening') out[key] = weekend ? ['12:00-24:00'] : ['16:00-23:00'];
    else if (style === 'retail') out[key] = d === 0 ? ['10:00-17:00'] : ['08:00-12:00', '13:00-19:00'];
    else out[key] = weekend ? ['10:00-16:00'] : variant === 1 ? ['09:00-19:00'] : ['09:00-17:00'];
  }
  return out;
}

/** The default week in the kind's style, and sometimes (a showcase place always) summer, holiday and kitchen hours. */
export function hoursFor(rng: Rng, kind: Kind, showcase: boolean): PlaceRecord['hours'] {
  const hours: PlaceRecord['hours'] = { '<default>': week(rng, kind.hours, 0) };
  if (showcase || chance(rng, 0.25)) hours.summer = week(rng, kind.hours, 1);
  if (showcase || chance(rng, 0.1)) {
    const closed = week(rng, 'day', 2);
    for (const d of DAYS) closed[`${d}_open_close`] = d === 'sun' ? [] : ['10:00-14:00'];
    hours.holiday = closed;
  }
  if (kind.key === 'restaurant' && (showcase || chance(rng, 0.3))) hours.kitchen = week(rng, 'meals', 1);
  return hours;
}
