import { openStreetMapSource } from '@/lib/explorer/place-facts';
import type { Place } from '@/lib/explorer/types';
import { Section } from './section';

/** The credit the Open Database License asks for, on every place imported from OpenStreetMap. */
export function PlaceSource({ place }: { place: Place }) {
  const osm = openStreetMapSource(place);
  if (!osm) return null;
  return (
    <Section title="Source">
      <p className="text-sm text-ink" data-testid="place-osm-credit">
        From OpenStreetMap: ©{' '}
        <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
          OpenStreetMap contributors
        </a>
        , under the Open Database License.{' '}
        <a href={osm} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
          See or improve this place on OpenStreetMap
        </a>
        .
      </p>
    </Section>
  );
}
