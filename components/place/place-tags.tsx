import type { Place } from '@/lib/explorer/types';
import { Section } from './section';

/** The place's tags and its chain; nothing when it has neither. */
export function PlaceTags({ place }: { place: Place }) {
  return (
    (place.tags?.length || place.chain) && (
      <Section title="Tags">
        <ul className="flex flex-wrap gap-1.5">
          {place.tags?.map((t) => (
            <li key={t.public_id} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700">
              {t.name}
            </li>
          ))}
        </ul>
        {place.chain && <p className="mt-2 text-sm text-slate-700">Part of {place.chain.name}</p>}
      </Section>
    )
  );
}
