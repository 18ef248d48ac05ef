import type { LoadedNetwork, RoadNetwork } from './types';

/**
 * The current network's rows, read by `read`, whole: an import that switches networks during the read deletes the
 * rest of the old one's rows, so the new current one is read instead (three tries, the last one returned as it is).
 */
export async function loadWhole(current: () => Promise<RoadNetwork | null>, read: (network: RoadNetwork) => Promise<LoadedNetwork>): Promise<LoadedNetwork | null> {
  for (let attempt = 1; ; attempt++) {
    const network = await current();
    if (!network) return null;
    const loaded = await read(network);
    const whole = loaded.nodes.length === network.nodeCount && loaded.edges.length === network.edgeCount;
    if (whole || attempt === 3) return loaded;
  }
}
