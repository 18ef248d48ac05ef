'use client';

interface Props {
  label: string;
  options: string[];
  value: string[];
  onChange: (value: string[]) => void;
  hint: string;
}

export function MultiChips({ label, options, value, onChange, hint }: Props) {
  return (
    <fieldset className="mt-3">
      <legend className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</legend>
      <p className="text-xs text-slate-500">{hint}</p>
      <div className="mt-1.5 flex flex-wrap gap-1.5">
        {options.map((o) => {
          const on = value.includes(o);
          return (
            <button
              key={o}
              type="button"
              aria-pressed={on}
              onClick={() => onChange(on ? value.filter((v) => v !== o) : [...value, o])}
              className={`rounded-full border px-2.5 py-1 text-xs ${on ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400'}`}
            >
              {on ? '✓ ' : ''}
              {o}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
