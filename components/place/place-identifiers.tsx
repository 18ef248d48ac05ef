import type { Place } from '@/lib/explorer/types';
import { Section } from './section';

/** The place's id, and the ids it had before. */
export function PlaceIdentifiers({ place }: { place: Place }) {
  return (
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
  );
}
