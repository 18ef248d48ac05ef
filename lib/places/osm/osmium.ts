import type { OsmiumNeeds } from '@/lib/core/osmium-exit';
import { osmiumRunner } from '@/lib/core/osmium-runner';

export class OsmExtractError extends Error {}

const PLACES_IMPORT_NEEDS: OsmiumNeeds = {
  importName: 'the places import',
  memory: "it needs about 700 MiB free whatever the extract's size (it fetches the nodes of areas in slices of the id range; their locations go to disk)",
  disk: "it keeps the extract's tagged objects, their nodes' locations and its places there while it runs",
};

/**
 * osmium as the places import runs it: running out of memory (its own message, or killed by the kernel) or of disk
 * says what the extract needs, as measured with `npm run bench:import`.
 */
export const placesOsmium = osmiumRunner(PLACES_IMPORT_NEEDS, (message) => new OsmExtractError(message));
