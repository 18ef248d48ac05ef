import type { Units } from '@/lib/explorer/geo';
import type { PlacedRestriction } from '@/lib/roads/router/types';
import type { LegMeasure } from '@/lib/trips/legs/types';
import { detourWords } from '@/lib/trips/format';
import { restrictionWords } from '@/lib/trips/rig-units';

const where = (r: PlacedRestriction) => (r.edge.name ? ` (${r.edge.name})` : '');

/** What a road-routed leg says beyond its numbers: why it is a straight line, which limits it goes around or breaks. */
export function LegNotes({ measure, units }: { measure: LegMeasure; units: Units }) {
  if (measure.by === 'straight-line') return <p data-testid="leg-note">No road data here: {measure.why.toLowerCase()}.</p>;
  if (measure.by === 'road') {
    if (!measure.restrictionsAvoided.length) return null;
    return (
      <ul data-testid="leg-note" aria-label="Limits this route goes around">
        {measure.restrictionsAvoided.map((r) => (
          <li key={`${r.edge.id}-${r.kind}`}>
            Goes around: {restrictionWords(r, units)}
            {where(r)}
          </li>
        ))}
        {measure.detour ? <li data-testid="leg-detour">{detourWords(measure.detour, units)}</li> : null}
      </ul>
    );
  }
  return (
    <div data-testid="leg-note" className="mt-0.5 rounded-md bg-amber-50 px-2 py-1 text-amber-900">
      <p className="font-medium">No legal route for this vehicle. This route breaks:</p>
      <ul className="list-disc pl-4">
        {measure.refused.map((r) => (
          <li key={`${r.edge.id}-${r.kind}`}>
            {restrictionWords(r, units)}
            {where(r)}
          </li>
        ))}
      </ul>
    </div>
  );
}
