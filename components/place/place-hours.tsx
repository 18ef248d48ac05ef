import { OpenBadge } from '@/components/results/status-badges';
import { closureBadge, formatDate, localDate } from '@/lib/explorer/closures';
import { DAY_NAMES, DAYS, formatIntervals, localClock, orderedSchedules, scheduleTitle, todaysHours } from '@/lib/explorer/hours';
import type { Place } from '@/lib/explorer/types';

/** Today first (in the place's own time zone, or the temporary closure that overrides it), then each week. */
export function PlaceHours({ place, now }: { place: Place; now: Date }) {
  const schedules = orderedSchedules(place.hours);
  if (schedules.length === 0) return <p className="text-sm text-slate-500">No opening hours listed.</p>;
  const today = localClock(now, place.time_zone ?? 'UTC').day;
  const closure = closureBadge(place.temporary_closures, localDate(now, place.time_zone));
  const [firstName, first] = schedules[0];
  const todays = todaysHours(first, place.time_zone, now);
  return (
    <div className="space-y-4" data-testid="place-hours">
      <p className="flex flex-wrap items-center gap-2 rounded-md bg-brand-50 px-3 py-2 text-sm text-ink" data-testid="hours-today">
        {closure?.phase === 'current' ? (
          <span className="font-medium">Temporarily closed until {formatDate(closure.closure.end_date)}</span>
        ) : (
          <>
            <span>
              <span className="font-medium">Today, {DAY_NAMES[todays.day]}:</span> {todays.text ?? 'not open'}
            </span>
            <OpenBadge place={place} now={now} schedule={firstName} />
          </>
        )}
      </p>
      {schedules.map(([name, schedule]) => (
        <table key={name} className="w-full text-sm">
          <caption className="mb-1 text-left font-medium text-ink">
            {scheduleTitle(name)}
            {name !== firstName && (
              <span className="ml-2">
                <OpenBadge place={place} now={now} schedule={name} />
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
                  <td className="py-0.5">{formatIntervals(intervals) ?? <span className="text-slate-600">Not open</span>}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ))}
      {place.time_zone && <p className="text-xs text-slate-600">Times are local to the place ({place.time_zone}).</p>}
    </div>
  );
}
