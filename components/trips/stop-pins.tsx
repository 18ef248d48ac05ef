import { Marker } from 'react-map-gl/maplibre';
import type { TripStop } from '@/lib/trips/model';
import type { ScreenPoint } from '@/lib/trips/pin-spread';

/**
 * The stops on the map. Pins are the page's own elements (not map symbols), each number on its own circle, later
 * stops above earlier ones; pins that would overlap stand side by side. The stop list is what assistive technology reads.
 */
export function StopPins({ stops, pinOffsets }: { stops: TripStop[]; pinOffsets: ScreenPoint[] }) {
  return stops.map((s, i) => (
    <Marker key={s.id} longitude={s.lon} latitude={s.lat} anchor="center" offset={[pinOffsets[i]?.x ?? 0, pinOffsets[i]?.y ?? 0]}>
      <div
        aria-hidden="true"
        data-testid="trip-pin"
        className="flex h-6 w-6 items-center justify-center rounded-full bg-[#e8603c] text-xs font-bold text-white shadow ring-2 ring-white"
      >
        {i + 1}
      </div>
    </Marker>
  ));
}
