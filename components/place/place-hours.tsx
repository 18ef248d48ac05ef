import { closureBadge, localDate } from '@/lib/explorer/closures';
import { DAY_NAMES, DAYS, DEFAULT_SCHEDULE, isOpenNow, localClock, orderedSchedules } from '@/lib/explorer/hours';
import type { Place } from '@/lib/explorer/types';

function scheduleTitle(name: string) {
  return name === DEFAULT_SCHEDULE ? 'Regular hours' : name.replace(/[_-]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

export function PlaceHours({ place, now }: { place: Place; now: Date }) {
  const schedules = orderedSchedules(place.hours);
  if (schedules.length === 0) return <p className="text-sm text-slate-500">No opening hours listed.</p>;
  const today = localClock(now, place.time_zone ?? 'UTC').day;
  const closedNow = closureBadge(place.temporary_closures, localDate(now, place.time_zone))?.phase === 'current';
  return (
    <div className="space-y-4" data-testid="place-hours">
      {schedules.map(([name, schedule]) => {
        const open = closedNow ? null : isOpenNow(schedule, place.time_zone, now);
        return (
          <table key={name} className="w-full text-sm">
            <caption className="mb-1 text-left font-medium text-ink">
              {scheduleTitle(name)}
              {open !== null && (
                <span className={`ml-2 rounded-full px-2 py-0.5 text-[11px] font-semibold ${open ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-700'}`}>
                  {open ? 'Open now' : 'Closed now'}
                </span>
              )}
            </caption>
            <tbody>
              {DAYS.map((day) => {
                const intervals = schedule[`${day}_open_close`] ?? [];
                return (
                  <tr key={day} className={day === today ? 'bg-brand-50 font-medium' : ''}>
                    <th scope="row" className="w-28 py-0.5 pl-1 text-left font-normal text-slate-600">
                      {DAY_NAMES[day]}
                    </th>
                    <td className="py-0.5">{intervals.length ? intervals.map((i) => i.replace('-', '–')).join(', ') : <span className="text-slate-600">Closed</span>}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        );
      })}
      {place.time_zone && <p className="text-xs text-slate-500">Times are local to the place ({place.time_zone}).</p>}
    </div>
  );
}
