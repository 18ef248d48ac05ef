import type { MapImages } from '@/components/map/use-map-images';
import { ROUTE_SHIELD_IMAGES } from '@/components/map/use-map-images';

export const STOP_FOOTPRINT_IMAGE = 'trip-stop-footprint';
/** A pin (24 px), its white ring, and a pixel to spare on each side. */
const SIZE = 30;

/**
 * The trip map's images: the route shields, and an invisible image the size of a stop's pin. The pins are the page's
 * own elements, which the map's label placement does not see; a layer of these images where the pins stand lets it
 * keep labels clear of them (issue 49: "Low clearance" under Moab's pin).
 */
export const TRIP_MAP_IMAGES: MapImages = {
  ...ROUTE_SHIELD_IMAGES,
  [STOP_FOOTPRINT_IMAGE]: () => ({ width: SIZE, height: SIZE, data: new Uint8Array(SIZE * SIZE * 4) }),
};
