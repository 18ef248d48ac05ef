import { STANDARD_TAGS } from '../catalog';
import type { PlaceRecord } from '../place-schema';
import type { Kind } from './kinds';
import { int, type Rng, sample } from './prng';

type Tags = PlaceRecord['tags'];

const tagName = new Map(STANDARD_TAGS.map((t) => [t.public_id, t.name]));

/** The kind's own tags and up to two of its extra ones, each once. */
export function tagsFor(rng: Rng, kind: Kind): Tags {
  const tagIds = [...kind.tags, ...sample(rng, kind.extraTags, int(rng, 0, Math.min(2, kind.extraTags.length)))];
  return [...new Set(tagIds)].map((t) => ({ public_id: t, name: tagName.get(t)! }));
}

/** Adds a standard tag at the end unless the place has it already. */
export function addTag(tags: Tags, publicId: string): void {
  if (!tags.some((t) => t.public_id === publicId)) tags.push({ public_id: publicId, name: tagName.get(publicId)! });
}
