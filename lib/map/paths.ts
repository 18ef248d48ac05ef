export const TILE_PREFIX = '/tiles/';
export const STYLE_PATH = '/map/style.json';
/** The road network's own tiles, drawn when no map has been imported. */
export const NETWORK_TILE_PREFIX = '/map/roads/';
