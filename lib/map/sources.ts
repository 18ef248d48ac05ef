/** The style's source of the road network's own tiles (lib/offline/kept-map.ts keeps them along a trip, as the imported map's). */
export const NETWORK_SOURCE = 'roads';
