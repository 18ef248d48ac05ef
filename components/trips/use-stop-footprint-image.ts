import { useEffect } from 'react';
import { useMap } from 'react-map-gl/maplibre';

export const STOP_FOOTPRINT_IMAGE = 'trip-stop-footprint';
/** A pin (24 px), its white ring, and a pixel to spare on each side. */
const SIZE = 30;

/**
 * Registers an invisible image the size of a stop's pin. The pins are the page's own elements, which the map's label
 * placement does not see; a layer of these images where the pins stand lets it keep labels clear of them.
 *
 * The image is given through maplibre's missing-image resolver, which the map awaits before laying out the layer.
 * maplibre 6 fires `styleimagemissing` only after it has laid the layer out without the image: a footprint added
 * from that event stayed out of the label placement until the pins moved (a label under a pin at the first view).
 */
export function useStopFootprintImage() {
  const { current } = useMap();
  useEffect(() => {
    const map = current?.getMap();
    if (!map) return;
    const add = () => {
      if (!map.hasImage(STOP_FOOTPRINT_IMAGE)) map.addImage(STOP_FOOTPRINT_IMAGE, { width: SIZE, height: SIZE, data: new Uint8Array(SIZE * SIZE * 4) });
    };
    map.setMissingStyleImageResolver((id) => {
      if (id === STOP_FOOTPRINT_IMAGE) add();
    });
    if (map.isStyleLoaded()) add();
    return () => {
      map.setMissingStyleImageResolver(null);
    };
  }, [current]);
}
