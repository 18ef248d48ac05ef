'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { formatDate } from '@/lib/explorer/closures';
import { claimPlace } from '@/lib/explorer/listing-api';
import { placeListingQuery, refreshPlaceListing } from '@/lib/explorer/queries/listing-query';
import type { Place } from '@/lib/explorer/types';
import { ClaimByCode } from './claim-by-code';
import { Section } from './section';

/**
 * Who keeps the place's listing and when they last confirmed it; for a member who keeps their organization's
 * places, the way to edit it, or to claim a place nobody keeps.
 */
export function PlaceOwner({ place }: { place: Place }) {
  const queryClient = useQueryClient();
  const listing = useQuery(placeListingQuery(place.id));
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const view = listing.data;
  const owner = view?.owner;
  if (!owner && !view?.mayClaim && !view?.pendingClaim && !place.owner_updated_on) return null;
  const placeEmail = view?.listing.contact_info?.email || null;

  const claim = async () => {
    setSending(true);
    setError(null);
    try {
      await claimPlace(place.id);
      refreshPlaceListing(queryClient, place.id);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Section title="Listing">
      <div className="space-y-2 text-sm text-ink" data-testid="place-owner">
        {owner && <p>Kept by {owner.organizationName}.</p>}
        {place.owner_updated_on && <p className="text-slate-600">Updated by the owner on {formatDate(place.owner_updated_on)}.</p>}
        {view?.mayEdit && (
          <Link href={`/places/${place.id}/listing`} className="inline-block rounded px-2 py-1 text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50">
            Edit this listing
          </Link>
        )}
        {view?.pendingClaim && <p className="text-slate-600">Your organization has asked to keep this place: a platform administrator will answer.</p>}
        {view?.mayClaim && (
          <div>
            <p className="mb-1 text-slate-600">Does your organization run this place? Claim it to keep its hours, closures and services current.</p>
            <button
              type="button"
              onClick={() => void claim()}
              disabled={sending}
              className="rounded bg-brand-600 px-3 py-1.5 text-white hover:bg-brand-700 disabled:opacity-60"
            >
              Claim this place
            </button>
          </div>
        )}
        {(view?.mayClaim || view?.pendingClaim) && placeEmail && (
          <ClaimByCode placeId={place.id} email={placeEmail} codeSentTo={view.codeSentTo} onChanged={() => refreshPlaceListing(queryClient, place.id)} />
        )}
        {error && (
          <p role="alert" className="text-xs text-red-700">
            {error}
          </p>
        )}
      </div>
    </Section>
  );
}
