import type { Place } from '@/lib/explorer/types';
import { Section } from './section';

/** What an RV service place serves and offers; nothing for other places. */
export function PlaceRvService({ place }: { place: Place }) {
  const rv = place.rv_service;
  return (
    rv && (
      <Section title="RV service">
        <dl className="space-y-1 text-sm">
          {(
            [
              ['Serviced makes', rv.serviced_makes],
              ['RV types', rv.serviced_rv_types],
              ['Services', rv.available_services],
              ['Dealer amenities', rv.dealer_amenities],
            ] as const
          ).map(([label, values]) => (
            <div key={label}>
              <dt className="inline font-medium text-ink">{label}: </dt>
              <dd className="inline text-slate-700">{values.length ? values.join(', ') : 'none listed'}</dd>
            </div>
          ))}
          <div>
            <dt className="inline font-medium text-ink">Programs: </dt>
            <dd className="inline text-slate-700">
              {[rv.rental_available && 'rentals available', rv.association_member && 'association member', rv.partner_dealer && 'partner dealer'].filter(Boolean).join(', ') || 'none'}
            </dd>
          </div>
        </dl>
      </Section>
    )
  );
}
