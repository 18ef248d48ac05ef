import { SCHEDULE_NAMES, WEEK } from '@/lib/explorer/listing-draft';
import { FieldError, inputClass } from './field-error';

/** One text input a day for each schedule, typed as people type hours ("9am-5pm", "closed"). */
export function HoursFields({
  hours,
  errors,
  onChange,
}: {
  hours: Record<string, Record<string, string>>;
  errors: Record<string, string>;
  onChange: (hours: Record<string, Record<string, string>>) => void;
}) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-ink">Opening hours</legend>
      <p className="text-sm text-slate-600">
        Type hours as you would say them: <kbd>9am-5pm</kbd>, <kbd>8:30-12, 13-17</kbd>, <kbd>24 hours</kbd>, or <kbd>closed</kbd>.
      </p>
      {Object.entries(hours).map(([schedule, week]) => (
        <fieldset key={schedule} aria-describedby={errors[`hours.${schedule}`] ? `hours-${schedule.replace(/\W/g, '')}-error` : undefined}>
          <legend className="mb-2 text-sm font-medium text-ink">{SCHEDULE_NAMES[schedule] ?? schedule}</legend>
          {errors[`hours.${schedule}`] && (
            <p id={`hours-${schedule.replace(/\W/g, '')}-error`} className="mb-1 text-xs text-red-700">
              {errors[`hours.${schedule}`]}
            </p>
          )}
          <div className="grid gap-2 sm:grid-cols-2">
            {WEEK.map(([day, label]) => {
              const id = `hours-${schedule.replace(/\W/g, '')}-${day}`;
              const error = errors[`hours.${schedule}.${day}`];
              return (
                <div key={day}>
                  <label htmlFor={id} className="block text-xs text-slate-700">
                    {label}
                  </label>
                  <input
                    id={id}
                    className={inputClass}
                    value={week[day] ?? ''}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    onChange={(e) => onChange({ ...hours, [schedule]: { ...week, [day]: e.target.value } })}
                  />
                  <FieldError id={`${id}-error`} message={error} />
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
    </fieldset>
  );
}
