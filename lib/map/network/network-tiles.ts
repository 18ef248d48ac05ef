import zlib from 'node:zlib';
import { geoJSONToTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { logger } from '@/lib/core/logger';
import type { RoadEdge } from '@/lib/roads/edge';
import type { RoadNetwork, RoadStore } from '@/lib/roads/store/types';
import { tileAt } from '../tile-path';
import { classesAt } from './road-features';
import { RoadLines } from './road-lines';

/** The zooms the network's tiles are made at; the map draws deeper zooms from the zoom 12 tiles. */
export const NETWORK_ZOOMS = { min: 4, max: 12 } as const;
/** The vector layer of the network's tiles. */
export const NETWORK_LAYER = 'roads';
/**
 * The largest network drawn from the road store (its lines are held in memory, packed: about 20 MiB for the demo's
 * 149,000 edges). A larger one is an imported extract, whose map `npm run map:import` makes from the same file.
 */
export const MAX_DRAWN_EDGES = 400_000;
/** Tiles asked for at each zoom to tell how large the network's tiles are (what keeping a trip offline takes). */
const SAMPLED_TILES = 40;
/** The encoded tiles kept between requests, the least recently asked dropped first: zooms 4 to 7 of the US are ~3 MiB. */
const ENCODED_KEPT_BYTES = 32 * 1024 * 1024;
const EXTENT = 4096;
const BUFFER = 64;
/** How long the answer to "which network is current" is reused: a map's burst of tile requests asks the store once. */
const CURRENT_REUSED_MS = 1000;

export interface NetworkTileSet {
  network: RoadNetwork;
  /** Names this network in tile URLs and ETags: a browser never draws a tile of the network before. */
  version: string;
  /** Where the network's lines lie: [west, south, east, north]. */
  bounds: [number, number, number, number];
  /** The average unpacked tile size at each zoom, in bytes, over tiles that hold a road. */
  averageTileBytes: Record<string, number>;
  /** The tile, gzip-compressed, or null where no road crosses it. */
  tile(z: number, x: number, y: number): Buffer | null;
}

const lonOf = (x: number, z: number) => (x / 2 ** z) * 360 - 180;
const latOf = (y: number, z: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** z))) * 180) / Math.PI;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The tile's box in degrees, with the buffer a line is drawn into beyond the tile's edge. */
function tileBox(z: number, x: number, y: number): [number, number, number, number] {
  const b = BUFFER / EXTENT;
  return [lonOf(x - b, z), latOf(y + 1 + b, z), lonOf(x + 1 + b, z), latOf(y - b, z)];
}

/** Encoded tiles, the least recently asked dropped first once they pass `maxBytes`. */
class EncodedTiles {
  private readonly tiles = new Map<string, Buffer | null>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string, make: () => Buffer | null): Buffer | null {
    if (this.tiles.has(key)) {
      const kept = this.tiles.get(key)!;
      this.tiles.delete(key);
      this.tiles.set(key, kept);
      return kept;
    }
    const made = make();
    this.tiles.set(key, made);
    this.bytes += made?.length ?? 0;
    for (const [oldest, tile] of this.tiles) {
      if (this.bytes <= this.maxBytes) break;
      this.tiles.delete(oldest);
      this.bytes -= tile?.length ?? 0;
    }
    return made;
  }
}

/**
 * Cuts each tile when first asked, from the lines whose box meets it (of the classes its zoom draws), simplified for
 * its zoom by geojson-vt (maplibre's) and encoded by vt-pbf. Turns the event loop between its steps.
 */
async function makeTileSet(network: RoadNetwork, edges: readonly RoadEdge[]): Promise<NetworkTileSet> {
  const lines = new RoadLines(edges);
  await nextTurn();
  const raw = (z: number, x: number, y: number): Uint8Array | null => {
    const inside = lines.within(tileBox(z, x, y), classesAt(z));
    if (!inside.features.length) return null;
    const tile = geoJSONToTile(inside, z, x, y, { maxZoom: NETWORK_ZOOMS.max, extent: EXTENT, buffer: BUFFER, clip: true });
    return tile.features.length ? fromGeojsonVt({ [NETWORK_LAYER]: tile }, { version: 2, extent: EXTENT }) : null;
  };
  const encoded = new EncodedTiles(ENCODED_KEPT_BYTES);
  const tile = (z: number, x: number, y: number) =>
    encoded.get(`${z}/${x}/${y}`, () => {
      const bytes = raw(z, x, y);
      return bytes ? zlib.gzipSync(bytes) : null;
    });
  return {
    network,
    version: `${network.id}-${Date.parse(network.importedAt).toString(36)}`,
    bounds: lines.bounds,
    averageTileBytes: await sampleTileBytes(lines, raw),
    tile,
  };
}

/** The tiles under the middle points of lines spread through the network (of each zoom's classes), measured. */
async function sampleTileBytes(lines: RoadLines, raw: (z: number, x: number, y: number) => Uint8Array | null) {
  const average: Record<string, number> = {};
  for (let z = NETWORK_ZOOMS.min; z <= NETWORK_ZOOMS.max; z++) {
    const seen = new Set<string>();
    let bytes = 0;
    for (const [lon, lat] of lines.middles(SAMPLED_TILES, classesAt(z))) {
      const t = tileAt(lon, lat, z);
      const key = `${t.x}/${t.y}`;
      if (seen.has(key)) continue;
      seen.add(key);
      bytes += raw(z, t.x, t.y)?.length ?? 0;
    }
    average[String(z)] = seen.size ? Math.round(bytes / seen.size) : 0;
    await nextTurn();
  }
  return average;
}

/**
 * The road network of the road store as map tiles, for a map with no imported basemap (the demo's generated roads,
 * or an imported network too small to need its own map import). Cut once per network, when first asked, and again
 * when another network is imported; every instance cuts the same tiles from the same store.
 */
export class NetworkTiles {
  private building: { id: number; importedAt: string; set: Promise<NetworkTileSet> } | null = null;
  private tooLargeLogged = -1;
  private lastAsked: { at: number; network: Promise<RoadNetwork | null> } | null = null;

  constructor(
    private readonly roadStore: () => RoadStore | undefined,
    private readonly options: { maxEdges?: number; now?: () => number } = {},
  ) {}

  private get maxEdges() {
    return this.options.maxEdges ?? MAX_DRAWN_EDGES;
  }

  private currentNetwork(store: RoadStore): Promise<RoadNetwork | null> {
    const now = (this.options.now ?? Date.now)();
    if (!this.lastAsked || now - this.lastAsked.at >= CURRENT_REUSED_MS) this.lastAsked = { at: now, network: store.current() };
    const asked = this.lastAsked;
    asked.network.catch(() => {
      if (this.lastAsked === asked) this.lastAsked = null;
    });
    return asked.network;
  }

  /** The network to draw, if there is one, without cutting it. */
  async drawableNetwork(): Promise<RoadNetwork | null> {
    const store = this.roadStore();
    const network = store ? await this.currentNetwork(store) : null;
    return network && network.edgeCount <= this.maxEdges ? network : null;
  }

  /** The current network's tiles, or null when there is no network, or one too large to draw this way. */
  async current(): Promise<NetworkTileSet | null> {
    const store = this.roadStore();
    const network = store ? await this.currentNetwork(store) : null;
    if (!store || !network || network.edgeCount > this.maxEdges) {
      // The lines of a network no longer drawn are let go.
      this.building = null;
      if (network && this.tooLargeLogged !== network.id) {
        logger.info('road network not drawn on the map', { edges: network.edgeCount, limit: this.maxEdges, hint: 'npm run map:import -- extract.osm.pbf' });
        this.tooLargeLogged = network.id;
      }
      return null;
    }
    if (this.building?.id !== network.id || this.building.importedAt !== network.importedAt) {
      const set = this.build(store, network);
      this.building = { id: network.id, importedAt: network.importedAt, set };
      // A failed cut is tried again at the next request rather than remembered.
      set.catch(() => {
        if (this.building?.set === set) this.building = null;
      });
    }
    return this.building.set;
  }

  private async build(store: RoadStore, network: RoadNetwork): Promise<NetworkTileSet> {
    const started = Date.now();
    const loaded = await store.load();
    // Another network became current during the load: the next request cuts that one.
    if (!loaded || loaded.network.id !== network.id) throw new Error(`road network ${network.id} is no longer the current one`);
    const set = await makeTileSet(loaded.network, loaded.edges.toArray());
    logger.info('road network cut into map tiles', { network: loaded.network.name, edges: loaded.edges.length, ms: Date.now() - started });
    return set;
  }
}
