'use client';

import { useMemo } from 'react';
import { ClosureBadge, OpenBadge, Rating } from '@/components/results/status-badges';
import { PlaceIcon } from '@/components/ui/place-icon';
import { formatDistance, type Units } from '@/lib/explorer/geo';
import { localDate, statusLine } from '@/lib/explorer/closures';
import { alsoKnownAs } from '@/lib/explorer/place-facts';
import type { Place } from '@/lib/explorer/types';
import { PlaceClosures } from './place-closures';
import { PlaceFeatures } from './place-features';
import { PlaceGallery } from './place-gallery';
import { PlaceHours } from './place-hours';
import { PlaceReviews } from './place-reviews';
import { PlaceRoadTrip } from './place-road-trip';
import { RegionBreadcrumb } from './region-breadcrumb';
import { Section } from './section';

interface Props {
  place: Place;
  units: Units;
  onFit: (bounds: [[number, number], [number, number]]) => void;
}

function address(place: Place): string | null {
  const l = place.locations?.[0];
  if (!l) return null;
  const cityLine = [l.city, [l.state, l.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [l.address1, cityLine, l.country].filter(Boolean).join('\n') || null;
}

export function PlaceDetails({ place, units, onFit }: Props) {
  const otherNames = alsoKnownAs(place);
  const now = useMemo(() => new Date(), []);
  const contact = place.contact_info ?? {};
  const status = place.status;
  const where = address(place);
  const engagement = place.engagement;
  const rv = place.rv_service;

  return (
    <article aria-labelledby="place-name">
      <header className="px-5 pt-5 pb-3 pr-14">
        <div className="flex items-start gap-3">
          <PlaceIcon icon={place.icon} size="lg" />
          <div className="min-w-0">
            <h2 id="place-name" className="text-xl leading-tight font-semibold text-ink">
              {place.name}
            </h2>
            {place.subtitle && <p className="text-sm text-slate-600">{place.subtitle}</p>}
          </div>
        </div>
        {otherNames.length > 0 && <p className="mt-2 text-sm text-slate-600">Also known as {otherNames.join(', ')}</p>}
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <Rating place={place} />
          <OpenBadge place={place} now={now} />
          <ClosureBadge place={place} now={now} />
          {place.distance !== undefined && <span className="text-xs text-slate-500">{formatDistance(place.distance, units)} away</span>}
        </div>
        {status && (
          <p className={`mt-2 rounded-md px-3 py-2 text-sm ${status.operating_normally === false ? 'bg-amber-50 text-amber-900' : 'bg-emerald-50 text-emerald-900'}`}>
            {statusLine(status, localDate(now, place.time_zone))}
          </p>
        )}
      </header>
      <RegionBreadcrumb regions={place.regions_hierarchy} onFit={onFit} />

      {(where || contact.phone || contact.email || contact.website) && (
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
      )}
      {place.description && (
        <Section title="About">
          <p className="text-sm whitespace-pre-line text-ink">{place.description}</p>
        </Section>
      )}
      <Section title="Opening hours">
        <PlaceHours place={place} now={now} />
      </Section>
      <Section title="Photos">
        <PlaceGallery place={place} />
      </Section>
      <Section title="Temporary closures">
        <PlaceClosures place={place} now={now} />
      </Section>
      <Section title="Features">
        <PlaceFeatures place={place} />
      </Section>
      <Section title="Reviews">
        <PlaceReviews place={place} />
      </Section>
      <Section title="Engagement">
        <dl className="grid grid-cols-3 gap-2 text-center text-sm">
          <div className="rounded-lg bg-slate-50 p-2">
            <dt className="text-xs text-slate-500">Average rating</dt>
            <dd className="font-semibold text-ink">{engagement?.avg_rating !== undefined ? engagement.avg_rating.toFixed(1) : '—'}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-2">
            <dt className="text-xs text-slate-500">Ratings</dt>
            <dd className="font-semibold text-ink">{engagement?.rating_count?.toLocaleString('en-US') ?? '—'}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-2">
            <dt className="text-xs text-slate-500">Visits</dt>
            <dd className="font-semibold text-ink">{engagement?.visits != null ? engagement.visits.toLocaleString('en-US') : '—'}</dd>
          </div>
        </dl>
      </Section>
      {(place.tags?.length || place.chain || place.fidelity) && (
        <Section title="Tags">
          <ul className="flex flex-wrap gap-1.5">
            {place.tags?.map((t) => (
              <li key={t.public_id} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700">
                {t.name}
              </li>
            ))}
          </ul>
          {place.chain && <p className="mt-2 text-sm text-slate-700">Part of {place.chain.name}</p>}
          {place.fidelity !== undefined && <p className="mt-1 text-xs text-slate-500">Data fidelity {place.fidelity} of 5</p>}
        </Section>
      )}
      {rv && (
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
      )}
      {place.road_trip_details && (
        <Section title="Road trip">
          <PlaceRoadTrip place={place} />
        </Section>
      )}
      <Section title="Identifiers">
        <p className="text-xs text-slate-600">
          Place id <span className="font-mono">{place.id}</span>
          {place.previous_ids && place.previous_ids.length > 0 && (
            <>
              {' '}· previously <span className="font-mono">{place.previous_ids.join(', ')}</span>
            </>
          )}
        </p>
      </Section>
    </article>
  );
}
