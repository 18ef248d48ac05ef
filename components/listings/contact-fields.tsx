import type { ListingForm } from '@/lib/explorer/listing-draft';
import { FieldError, inputClass } from './field-error';

type Contact = Pick<ListingForm, 'phone' | 'email' | 'website' | 'description'>;

const FIELDS: { name: keyof Contact; error: string; label: string; type: string; autoComplete: string }[] = [
  { name: 'phone', error: 'contact_info.phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'email', error: 'contact_info.email', label: 'E-mail', type: 'email', autoComplete: 'email' },
  { name: 'website', error: 'contact_info.website', label: 'Website', type: 'url', autoComplete: 'url' },
];

/** How travelers reach the place, and what it says about itself. */
export function ContactFields({ form, errors, onChange }: { form: Contact; errors: Record<string, string>; onChange: (change: Partial<Contact>) => void }) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold text-ink">Contact and description</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {FIELDS.map((f) => (
          <div key={f.name}>
            <label htmlFor={`contact-${f.name}`} className="block text-sm text-ink">
              {f.label}
            </label>
            <input
              id={`contact-${f.name}`}
              type={f.type}
              autoComplete={f.autoComplete}
              className={inputClass}
              value={form[f.name]}
              aria-invalid={errors[f.error] ? true : undefined}
              aria-describedby={errors[f.error] ? `contact-${f.name}-error` : undefined}
              onChange={(e) => onChange({ [f.name]: e.target.value })}
            />
            <FieldError id={`contact-${f.name}-error`} message={errors[f.error]} />
          </div>
        ))}
      </div>
      <div>
        <label htmlFor="listing-description" className="block text-sm text-ink">
          Description
        </label>
        <textarea
          id="listing-description"
          rows={5}
          maxLength={4000}
          className={inputClass}
          value={form.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? 'listing-description-error' : undefined}
          onChange={(e) => onChange({ description: e.target.value })}
        />
        <FieldError id="listing-description-error" message={errors.description} />
      </div>
    </fieldset>
  );
}
