import { RV_SERVICED_MAKES } from '@/lib/places/catalog';
import type { ListingForm } from '@/lib/explorer/listing-draft';
import { FieldError, inputClass } from './field-error';

type Rv = NonNullable<ListingForm['rv']>;

/** What an RV dealer keeps of its service: the makes it services, its amenities, whether it rents. */
export function RvFields({ rv, errors, onChange }: { rv: Rv; errors: Record<string, string>; onChange: (rv: Rv) => void }) {
  const makesError = errors['rv_service.serviced_makes'] ?? Object.entries(errors).find(([k]) => k.startsWith('rv_service.serviced_makes.'))?.[1];
  const amenitiesError = errors['rv_service.dealer_amenities'] ?? Object.entries(errors).find(([k]) => k.startsWith('rv_service.dealer_amenities.'))?.[1];
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold text-ink">RV service</legend>
      <fieldset aria-describedby={makesError ? 'rv-makes-error' : undefined}>
        <legend className="text-sm font-medium text-ink">Makes you service</legend>
        <div className="mt-1 grid grid-cols-2 gap-1 sm:grid-cols-3">
          {RV_SERVICED_MAKES.map((make, i) => (
            <label key={make} className="flex items-center gap-2 text-sm text-ink">
              <input
                type="checkbox"
                aria-invalid={makesError && i === 0 ? true : undefined}
                checked={rv.makes.includes(make)}
                onChange={(e) => onChange({ ...rv, makes: e.target.checked ? [...rv.makes, make] : rv.makes.filter((m) => m !== make) })}
              />
              {make}
            </label>
          ))}
        </div>
        <FieldError id="rv-makes-error" message={makesError} />
      </fieldset>
      <div>
        <label htmlFor="rv-amenities" className="block text-sm font-medium text-ink">
          Amenities <span className="font-normal text-slate-600">(separated by commas)</span>
        </label>
        <input
          id="rv-amenities"
          className={inputClass}
          value={rv.amenities}
          aria-invalid={amenitiesError ? true : undefined}
          aria-describedby={amenitiesError ? 'rv-amenities-error' : undefined}
          onChange={(e) => onChange({ ...rv, amenities: e.target.value })}
        />
        <FieldError id="rv-amenities-error" message={amenitiesError} />
      </div>
      <label className="flex items-center gap-2 text-sm text-ink">
        <input type="checkbox" checked={rv.rental} onChange={(e) => onChange({ ...rv, rental: e.target.checked })} />
        RVs for rent here
      </label>
    </fieldset>
  );
}
