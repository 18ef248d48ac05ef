'use client';

import { useMemo } from 'react';
import type { Units } from '@/lib/explorer/geo';
import type { Place } from '@/lib/explorer/types';
import { AddPlacePhoto } from './add-place-photo';
import { PlaceClosures } from './place-closures';
import { PlaceContact } from './place-contact';
import { PlaceEngagement } from './place-engagement';
import { PlaceFeatures } from './place-features';
import { PlaceGallery } from './place-gallery';
import { PlaceHeader } from './place-header';
import { PlaceHours } from './place-hours';
import { PlaceIdentifiers } from './place-identifiers';
import { PlaceOwner } from './place-owner';
import { hasRoadTripStory, PlaceRoadTrip } from './place-road-trip';
import { PlaceSource } from './place-source';
import { PlaceRvService } from './place-rv-service';
import { PlaceTags } from './place-tags';
import { TravelerReviews } from './traveler-reviews';
import { RegionBreadcrumb } from './region-breadcrumb';
import { Section } from './section';

interface Props {
  place: Place;
  units: Units;
  onFit: (bounds: [[number, number], [number, number]]) => void;
}

export function PlaceDetails({ place, units, onFit }: Props) {
  const now = useMemo(() => new Date(), []);

  return (
    <article aria-labelledby="place-name">
      <PlaceHeader place={place} units={units} now={now} />
      <RegionBreadcrumb regions={place.regions_hierarchy} onFit={onFit} />
      <PlaceContact place={place} />
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
        <AddPlacePhoto place={place} />
      </Section>
      <Section title="Temporary closures">
        <PlaceClosures place={place} now={now} />
      </Section>
      <Section title="Features">
        <PlaceFeatures place={place} />
      </Section>
      <Section title="Reviews">
        <TravelerReviews place={place} />
      </Section>
      <PlaceEngagement place={place} />
      <PlaceTags place={place} />
      <PlaceRvService place={place} />
      {hasRoadTripStory(place) && (
        <Section title="Road trip">
          <PlaceRoadTrip place={place} />
        </Section>
      )}
      <PlaceOwner place={place} />
      <PlaceSource place={place} />
      <PlaceIdentifiers place={place} />
    </article>
  );
}
