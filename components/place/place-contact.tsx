import type { Place } from '@/lib/explorer/types';
import { Section } from './section';

function address(place: Place): string | null {
  const l = place.locations?.[0];
  if (!l) return null;
  const cityLine = [l.city, [l.state, l.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [l.address1, cityLine, l.country].filter(Boolean).join('\n') || null;
}

/** The postal address, and the phone, email and website as links; nothing when the place has none of them. */
export function PlaceContact({ place }: { place: Place }) {
  const contact = place.contact_info ?? {};
  const where = address(place);
  return (
    (where || contact.phone || contact.email || contact.website) && (
      <Section title="Address and contact">
        {where && <p className="text-sm whitespace-pre-line text-ink">{where}</p>}
        <ul className="mt-2 space-y-1 text-sm">
          {contact.phone && (
            <li>
              <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className="text-brand-700 underline">
                {contact.phone}
              </a>
            </li>
          )}
          {contact.email && (
            <li>
              <a href={`mailto:${contact.email}`} className="text-brand-700 underline">
                {contact.email}
              </a>
            </li>
          )}
          {contact.website && (
            <li>
              <a href={contact.website} target="_blank" rel="noopener noreferrer" className="break-all text-brand-700 underline">
                {contact.website.replace(/^https?:\/\//, '')}
              </a>
            </li>
          )}
        </ul>
      </Section>
    )
  );
}
