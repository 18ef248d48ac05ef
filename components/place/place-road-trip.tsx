'use client';

import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useBrowserValue } from '@/components/ui/use-browser-value';
import { openStreetMapSource } from '@/lib/explorer/place-facts';
import type { Place } from '@/lib/explorer/types';

/** The illustration comes from the dataset: keep the SVG drawing, drop scripts, event handlers and foreign content. */
function sanitizeSvg(svg: string): string {
  return DOMPurify.sanitize(svg, { USE_PROFILES: { svg: true, svgFilters: true }, FORBID_TAGS: ['foreignObject', 'script', 'style'] });
}

function Links({ title, urls }: { title: string; urls: string[] | undefined }) {
  if (!urls?.length) return null;
  return (
    <div>
      <h4 className="text-sm font-medium text-ink">{title}</h4>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
        {urls.map((url) => (
          <li key={url}>
            <a href={url} target="_blank" rel="noopener noreferrer" className="break-all text-brand-700 underline">
              {url.replace(/^https?:\/\//, '')}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Whether the record tells a road-trip story; an imported place's only entry, its OpenStreetMap page, is its source. */
export function hasRoadTripStory(place: Place): boolean {
  const trip = place.road_trip_details;
  if (!trip) return false;
  const contributor = trip.contributor && !openStreetMapSource(place);
  return !!(trip.map_illustration || trip.editorial || trip.map_markers?.length || trip.magazine_articles?.length || trip.trip_guides?.length || contributor);
}

export function PlaceRoadTrip({ place }: { place: Place }) {
  const trip = place.road_trip_details;
  // DOMPurify needs a DOM: the illustration is sanitized and drawn in the browser only.
  const inBrowser = useBrowserValue(() => true, false);
  const illustration = inBrowser ? trip?.map_illustration : undefined;
  const svg = useMemo(() => (illustration ? sanitizeSvg(illustration) : ''), [illustration]);
  if (!trip) return null;
  return (
    <div className="space-y-3" data-testid="place-road-trip">
      {svg && (
        <div
          role="img"
          aria-label={`Road trip illustration for ${place.name}`}
          className="overflow-hidden rounded-lg bg-slate-50 [&>svg]:h-auto [&>svg]:w-full"
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      )}
      {trip.editorial && <p className="text-sm whitespace-pre-line text-ink">{trip.editorial}</p>}
      {trip.map_markers && trip.map_markers.length > 0 && (
        <p className="text-sm text-slate-700">
          <span className="font-medium text-ink">On the map: </span>
          {trip.map_markers.join(' · ')}
        </p>
      )}
      <Links title="Magazine articles" urls={trip.magazine_articles} />
      <Links title="Trip guides" urls={trip.trip_guides} />
      {trip.contributor && !openStreetMapSource(place) && (
        <p className="text-sm">
          <span className="font-medium text-ink">Contributor: </span>
          <a href={trip.contributor} target="_blank" rel="noopener noreferrer" className="break-all text-brand-700 underline">
            {trip.contributor.replace(/^https?:\/\//, '')}
          </a>
        </p>
      )}
    </div>
  );
}
