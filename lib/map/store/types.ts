/** What an imported map holds: read from its MBTiles metadata when it was made. */
export interface TileSetInfo {
  /** Changes with every import: in each tile's URL (the style's) and ETag, so a browser never keeps a tile of the map before. */
  version: string;
  name: string;
  /** The extract the map was made from (its file name). */
  source: string;
  minzoom: number;
  maxzoom: number;
  /** [west, south, east, north] in degrees. */
  bounds: [number, number, number, number];
  importedAt: string;
  tileCount: number;
  /** The MBTiles `json` metadata's vector layers (their ids): what a style can draw. */
  layers: string[];
  /**
   * The average size of a tile at each zoom, unpacked (as a browser's cache holds it, gzip undone), in bytes: what
   * keeping tiles offline will take.
   */
  averageTileBytes: Record<string, number>;
}

/** A tile as stored: gzip-compressed Mapbox Vector Tile bytes, as tilemaker wrote them. */
export interface StoredTile {
  data: Buffer;
  gzipped: boolean;
}

/** The imported map's vector tiles, on the engine chosen at start-up. */
export interface TileStore {
  describe(): string;
  /** The map that answers, or null when none has been imported. */
  info(): Promise<TileSetInfo | null>;
  /** A tile in XYZ numbering (y from the north), or null when the map has none there (an empty tile). */
  tile(z: number, x: number, y: number): Promise<StoredTile | null>;
  /** Makes the tiles of a finished MBTiles file the map that answers, all or nothing. */
  replace(mbtilesFile: string): Promise<TileSetInfo>;
  close(): Promise<void>;
}
