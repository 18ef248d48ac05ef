'use client';

import type { PlaceLists } from '@/lib/explorer/types';
import type { RvFilters } from '@/lib/explorer/url-state';
import { MultiChips } from './multi-chips';
import { useDebouncedField } from './use-debounced-field';

interface Props {
  lists: NonNullable<PlaceLists['rv']>;
  value: RvFilters;
  onChange: (patch: Partial<RvFilters>) => void;
}

const FLAGS: { key: 'rental' | 'association' | 'partner'; label: string }[] = [
  { key: 'rental', label: 'Rental RVs available' },
  { key: 'association', label: 'Trade association member' },
  { key: 'partner', label: 'Partner program dealer' },
];

export function RvPanel({ lists, value, onChange }: Props) {
  const [amenities, setAmenities] = useDebouncedField(value.amenities, (v) => onChange({ amenities: v }));
  return (
    <section aria-labelledby="rv-heading" className="mt-4 rounded-lg bg-slate-50 p-3">
      <h3 id="rv-heading" className="text-sm font-semibold text-ink">RV service</h3>
      <MultiChips label="Serviced makes" hint="Any of them" options={lists.makes} value={value.makes} onChange={(makes) => onChange({ makes })} />
      <MultiChips label="RV types" hint="Any of them" options={lists.rvTypes} value={value.rvTypes} onChange={(rvTypes) => onChange({ rvTypes })} />
      <MultiChips label="Available services" hint="All of them" options={lists.services} value={value.services} onChange={(services) => onChange({ services })} />
      <label className="mt-3 block text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Dealer amenities
        <input
          type="search"
          value={amenities}
          onChange={(e) => setAmenities(e.target.value)}
          placeholder="e.g. wifi, dump station"
          className="mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm font-normal tracking-normal normal-case"
        />
      </label>
      <div className="mt-3 grid gap-2">
        {FLAGS.map(({ key, label }) => (
          <label key={key} className="flex items-center justify-between gap-2 text-sm text-slate-700">
            {label}
            <select
              value={value[key] === null ? '' : String(value[key])}
              onChange={(e) => onChange({ [key]: e.target.value === '' ? null : e.target.value === 'true' })}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
            >
              <option value="">Any</option>
              <option value="true">Yes</option>
              <option value="false">No</option>
            </select>
          </label>
        ))}
      </div>
    </section>
  );
}
