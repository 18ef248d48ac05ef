import { Marker } from 'react-map-gl/maplibre';
import type { TripStop } from '@/lib/trips/model';
import type { ScreenPoint } from '@/lib/trips/pin-spread';
import { placeOpener } from './place-opener';

/**
 * The stops on the map. Pins are the page's own elements (not map symbols), each number on its own circle, later
 * stops above earlier ones; pins that would overlap stand side by side. The stop list is what assistive technology
 * reads and the keyboard uses; a click or tap on a place stop's pin opens its details, as its name in the list does.
 */
export function StopPins({ stops, pinOffsets, onOpen }: { stops: TripStop[]; pinOffsets: ScreenPoint[]; onOpen?: (placeId: number) => void }) {
  return stops.map((s, i) => {
    const open = placeOpener(s, onOpen);
    // Not a click on the map too, which would propose a new stop there.
    const onClick = open
      ? (e: { originalEvent: MouseEvent }) => {
          e.originalEvent.stopPropagation();
          open();
        }
      : undefined;
    return (
      <Marker key={s.id} longitude={s.lon} latitude={s.lat} anchor="center" offset={[pinOffsets[i]?.x ?? 0, pinOffsets[i]?.y ?? 0]} onClick={onClick}>
        <div
          aria-hidden="true"
          data-testid="trip-pin"
          data-opens={open ? 'place' : undefined}
          className={`flex h-6 w-6 items-center justify-center rounded-full bg-[#e8603c] text-xs font-bold text-white shadow ring-2 ring-white ${open ? 'cursor-pointer' : ''}`}
        >
          {i + 1}
        </div>
      </Marker>
    );
  });
}
