import { ROUTE_SHIELD_IMAGES, useMapImages } from './use-map-images';

/** Inside a `<Map>`: gives it the route shields its style's roads draw their numbers in. */
export function RouteShieldImages() {
  useMapImages(ROUTE_SHIELD_IMAGES);
  return null;
}
