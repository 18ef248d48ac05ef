import { useEffect } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import { type ShieldImage, shieldImage, shieldImageId } from '@/lib/map/shield-images';
import { ROUTE_NETWORKS } from '@/lib/map/route-shields';

export type MapImage = Pick<ShieldImage, 'width' | 'height' | 'data'> & Partial<Omit<ShieldImage, 'width' | 'height' | 'data'>>;
export type MapImages = Readonly<Record<string, () => MapImage>>;

/** The route shields at the screen's pixel density (at most 3), made when the style first asks for one. */
export const ROUTE_SHIELD_IMAGES: MapImages = Object.fromEntries(
  ROUTE_NETWORKS.map((network) => [shieldImageId(network), () => shieldImage(network, Math.min(3, Math.ceil(window.devicePixelRatio || 1)))]),
);

/**
 * Gives the map images drawn in code (the route shields, the trip pins' footprints), through maplibre's missing-image
 * resolver, which the map awaits before laying out a layer that names one. maplibre 6 fires `styleimagemissing` only
 * after it has laid the layer out without the image, and does not lay out the tiles again when it comes: an image
 * added from that event stayed missing until the map moved. A map has one resolver, so every image goes through here.
 */
export function useMapImages(images: MapImages) {
  const { current } = useMap();
  useEffect(() => {
    const map = current?.getMap();
    if (!map) return;
    const add = (id: string) => {
      const make = images[id];
      if (!make || map.hasImage(id)) return;
      const { width, height, data, ...options } = make();
      map.addImage(id, { width, height, data }, options);
    };
    map.setMissingStyleImageResolver(add);
    if (map.isStyleLoaded()) Object.keys(images).forEach(add);
    return () => {
      map.setMissingStyleImageResolver(null);
    };
  }, [current, images]);
}
