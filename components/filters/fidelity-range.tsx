'use client';

import { useId } from 'react';
import { chooseFidelity, type ExplorerState } from '@/lib/explorer/url-state';

type Fidelity = Pick<ExplorerState, 'minFidelity' | 'maxFidelity'>;

const select = 'rounded-md border border-slate-300 bg-white px-2 py-1 text-sm';

/** The lowest and highest fidelity a place may have ("any" for no bound), and what fidelity means. */
export function FidelityRange({ value, onChange }: { value: Fidelity; onChange: (patch: Partial<Fidelity>) => void }) {
  const hint = useId();
  const bound = (key: keyof Fidelity) => (
    <select
      aria-label={key === 'minFidelity' ? 'Lowest fidelity' : 'Highest fidelity'}
      aria-describedby={hint}
      value={value[key] ?? ''}
      onChange={(e) => onChange(chooseFidelity(value, key, e.target.value ? Number(e.target.value) : null))}
      className={select}
    >
      <option value="">any</option>
      {[1, 2, 3, 4, 5].map((n) => (
        <option key={n} value={n}>
          {n}
        </option>
      ))}
    </select>
  );

  return (
    <div className="mt-3 text-sm text-slate-700">
      <div className="flex items-center gap-2">
        <span className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Fidelity</span>
        {bound('minFidelity')}
        <span aria-hidden="true">to</span>
        {bound('maxFidelity')}
      </div>
      <p id={hint} className="mt-1 text-xs text-slate-500">
        How complete and checked a place’s record is, from 1 to 5.
      </p>
    </div>
  );
}
