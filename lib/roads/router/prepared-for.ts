import type { RoadNetwork } from '../store/types';

type NetworkNamed = Pick<RoadNetwork, 'id' | 'importedAt' | 'edgeCount'>;

/** What a kept hierarchy says it was prepared for: the network, by its id, import time and size. */
export const preparedForNetwork = (network: NetworkNamed) => `road network ${network.id} imported ${network.importedAt} (${network.edgeCount} edges)`;

/** What a prepared graph says it was prepared for: the network, and how many landmarks the router wants. */
export const preparedGraphFor = (network: NetworkNamed, landmarkCount: number) => `${preparedForNetwork(network)}, ${landmarkCount} landmarks`;
