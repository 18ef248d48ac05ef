export const TILE_PREFIX = '/tiles/';
export const STYLE_PATH = '/map/style.json';
