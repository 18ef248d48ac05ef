import { openStreetMapSource, parkingShown } from '@/lib/explorer/place-facts';
import type { Place } from '@/lib/explorer/types';

/** `absent`: how the place says it has not got it ("Not wheelchair accessible", not "No wheelchair accessible"). */
type Feature = { label: string; absent: string; value: boolean | undefined };

/** `onlyYes`: a "no" is not known (a fact mappers did not record), so only what the place has is listed. */
function FeatureList({ title, items, onlyYes }: { title: string; items: Feature[]; onlyYes: boolean }) {
  const known = items.filter((i) => i.value !== undefined && (i.value || !onlyYes));
  if (known.length === 0) return null;
  return (
    <div>
      <h4 className="text-sm font-medium text-ink">{title}</h4>
      <ul className="mt-1 grid grid-cols-2 gap-x-3 gap-y-0.5 text-sm">
        {known.map((i) => (
          <li key={i.label} className={i.value ? 'text-ink' : 'text-slate-500'}>
            <span aria-hidden="true" className={i.value ? 'text-emerald-700' : 'text-slate-400'}>
              {i.value ? '✓' : '✕'}
            </span>{' '}
            {i.value ? i.label : i.absent}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PlaceFeatures({ place }: { place: Place }) {
  const d = place.details ?? {};
  const p = parkingShown(place.parking_details ?? {});
  const price = d.price_rating;
  const onlyYes = openStreetMapSource(place) !== null;
  const amenities: Feature[] = [
    { label: 'Credit cards accepted', absent: 'No credit cards', value: d.credit_cards },
    { label: 'Wheelchair accessible', absent: 'Not wheelchair accessible', value: d.accessible },
    { label: 'Restrooms', absent: 'No restrooms', value: d.restrooms },
    { label: 'Outdoor seating', absent: 'No outdoor seating', value: place.restaurant_details?.outdoor_seating },
  ];
  const parking: Feature[] = [
    { label: 'Parking available', absent: 'No parking', value: p.available },
    { label: 'Free parking', absent: 'Paid parking', value: p.free },
    { label: 'RV parking', absent: 'No RV parking', value: p.rv },
    { label: 'Street parking', absent: 'No street parking', value: p.street },
    { label: 'Garage', absent: 'No garage', value: p.garage },
    { label: 'Private lot', absent: 'No private lot', value: p.private },
    { label: 'Valet', absent: 'No valet', value: p.valet },
  ];
  const shown = (items: Feature[]) => items.some((i) => i.value !== undefined && (i.value || !onlyYes));
  if (!(price && price > 0) && !shown(amenities) && !shown(parking)) return <p className="text-sm text-slate-500">No features recorded.</p>;
  return (
    <div className="space-y-3" data-testid="place-features">
      {price !== undefined && price !== null && price > 0 && (
        <p className="text-sm">
          <span className="font-medium text-ink">Price: </span>
          <span aria-label={`${price} out of 4`}>{'$'.repeat(price)}</span>
          <span aria-hidden="true" className="text-slate-300">{'$'.repeat(Math.max(0, 4 - price))}</span>
        </p>
      )}
      <FeatureList onlyYes={onlyYes} title="Amenities" items={amenities} />
      <FeatureList onlyYes={onlyYes} title="Parking" items={parking} />
    </div>
  );
}
