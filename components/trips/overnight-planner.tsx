'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useUnits } from '@/components/units/units-context';
import { fetchJson } from '@/lib/explorer/fetch-json';
import { fromMeters } from '@/lib/explorer/geo';
import type { ListSearchResponse } from '@/lib/explorer/types';
import { formatDistance, formatDuration } from '@/lib/trips/format';
import { planTrip, type DayPlan, type RestDays } from '@/lib/trips/overnights';
import { usePlannedHours } from './use-planned-hours';
import { dayLabel, mismatchText, planSummary } from '@/lib/trips/overnight-words';
import type { TripView } from '@/lib/trips/view';

const SEARCH_RADIUS_M = 50_000;

/**
 * The trip as days, given a daily driving limit: where each driving day ends, the days at stops with nights planned,
 * the stops' dates, and campgrounds and RV parks near each day's end on the way to stay at.
 */
export interface OvernightPoint {
  day: number;
  lon: number;
  lat: number;
}

interface Props {
  view: TripView;
  /** Makes a proposed place a stop on the day's date; absent where the trip is read-only (the proposals are shown without it). */
  onAdd?: (placeId: number, atIndex: number, date: string | null) => void;
  /** Where the days planned end on the way (not at a stop), for the map. */
  onPlanned?: (points: OvernightPoint[]) => void;
}

export function OvernightPlanner({ view, onAdd, onPlanned }: Props) {
  // The plan made last on this device stays across a reload; the field shows its hours until typed in.
  const [planned, setPlanned] = usePlannedHours(view.trip.id);
  const [typed, setHours] = useState<string | null>(null);
  const hours = typed ?? String(planned ?? 6);
  const field = useId();
  const plan = planned ? planTrip(view.trip.stops, view.legs, planned * 3600) : null;
  const ends = (plan?.entries ?? []).flatMap((e) => (e.kind === 'drive' && e.endStopIndex === null ? [{ day: e.day, lon: e.endsAt[0], lat: e.endsAt[1] }] : []));
  const endsKey = JSON.stringify(ends);
  useEffect(() => {
    onPlanned?.(JSON.parse(endsKey) as OvernightPoint[]);
  }, [endsKey, onPlanned]);
  useEffect(() => () => onPlanned?.([]), [onPlanned]);
  const valid = Number(hours) >= 1 && Number(hours) <= 16;

  return (
    <section aria-labelledby={`${field}-heading`} className="rounded-xl border border-slate-200 p-3 text-sm" data-testid="overnight-planner">
      <h2 id={`${field}-heading`} className="font-semibold text-ink">
        Plan overnights
      </h2>
      <form
        className="mt-2 flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) setPlanned(Number(hours));
        }}
      >
        <label className="flex flex-col gap-1 text-slate-700">
          Driving per day (hours)
          <input type="number" min={1} max={16} step={0.5} value={hours} onChange={(e) => setHours(e.target.value)} className="w-28 rounded-md border border-slate-300 px-2 py-1.5 text-ink" />
        </label>
        <button type="submit" disabled={!valid} className="rounded-md border border-slate-300 px-3 py-1.5 font-medium text-ink hover:bg-slate-100 disabled:opacity-50">
          Plan days
        </button>
      </form>
      {planned && plan ? (
        <>
          <p className="mt-3 text-slate-600" role="status" data-testid="overnight-limit">
            {plan.entries.length ? planSummary(plan, formatDuration(planned * 3600)) : 'Measuring the legs…'}
            {Number(hours) !== planned ? ' (Press Plan days for the new limit.)' : ''}
          </p>
          <ol className="mt-2 flex flex-col gap-2" data-testid="overnight-days">
            {plan.entries.map((entry) =>
              entry.kind === 'drive' ? (
                <DayRow key={`drive-${entry.day}-${entry.endsAt.join(',')}`} day={entry} view={view} onAdd={onAdd} />
              ) : (
                <RestRow key={`rest-${entry.stopIndex}-${entry.firstDay}`} rest={entry} view={view} />
              ),
            )}
          </ol>
        </>
      ) : null}
    </section>
  );
}

function RestRow({ rest, view }: { rest: RestDays; view: TripView }) {
  const name = view.trip.stops[rest.stopIndex].name;
  return (
    <li className="rounded-lg border border-dashed border-slate-200 px-2 py-1.5 text-slate-700" data-testid="overnight-rest">
      <span className="font-medium text-ink">{dayLabel(rest.firstDay, rest.firstDate, rest.lastDay, rest.lastDate)}:</span> at {name}, no driving
    </li>
  );
}

function DayRow({ day, view, onAdd }: { day: DayPlan; view: TripView; onAdd?: Props['onAdd'] }) {
  const { units } = useUnits();
  const center = `${day.endsAt[0].toFixed(5)},${day.endsAt[1].toFixed(5)}`;
  const nearby = useQuery({
    queryKey: ['trip-overnight', center],
    queryFn: ({ signal }) => fetchJson<ListSearchResponse>(`/api/places/search?center=${center}&radius=${SEARCH_RADIUS_M}&tags=campgrounds,rv-parks&sort=distance&limit=3`, signal),
    enabled: day.endStopIndex === null,
    staleTime: 10 * 60_000,
  });
  const stops = view.trip.stops;
  const end = day.endStopIndex !== null ? stops[day.endStopIndex] : null;
  return (
    <li className="rounded-lg bg-slate-50 p-2" data-testid="overnight-day">
      <p className="font-medium text-ink">
        {dayLabel(day.day, day.date)}: {formatDuration(day.drivingSeconds)} driving
      </p>
      {end ? (
        <p className="text-slate-600">
          Ends at {end.name}
          {end.nights ? ` (${end.nights} night${end.nights === 1 ? '' : 's'})` : ''}.
        </p>
      ) : (
        <>
          <p className="text-slate-600">
            Ends between {stops[day.afterStopIndex].name} and {stops[day.afterStopIndex + 1].name}. Places to stay nearby:
          </p>
          {nearby.isError ? <p className="text-red-700">{(nearby.error as Error).message}</p> : null}
          {nearby.data && nearby.data.data.length === 0 ? <p className="text-slate-600">No campground or RV park within {Math.round(fromMeters(SEARCH_RADIUS_M, units))} {units}.</p> : null}
          <ul className="mt-1 flex flex-col gap-1">
            {nearby.data?.data.map((p) => (
              <li key={p.id} className="flex items-center gap-2">
                {/* A long name is cut, never the distance after it. */}
                <span className="flex min-w-0 flex-1 items-baseline gap-1">
                  <span className="min-w-0 truncate" title={p.name}>
                    {p.name}
                  </span>
                  {p.distance !== undefined ? <span className="shrink-0 text-slate-600">· {formatDistance(p.distance, units)} away</span> : null}
                </span>
                {onAdd ? (
                  <button type="button" onClick={() => onAdd(p.id, day.afterStopIndex + 1, day.date)} className="shrink-0 rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-brand-50">
                    Stay here<span className="sr-only">: {p.name}</span>
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
      {day.mismatches.map((m) => (
        <p key={m.stopIndex} role="note" className="mt-1 rounded-md bg-amber-50 px-2 py-1 text-amber-900" data-testid="overnight-date-note">
          {mismatchText(m, stops[m.stopIndex].name)}
        </p>
      ))}
    </li>
  );
}
