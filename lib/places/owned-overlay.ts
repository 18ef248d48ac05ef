import type { PlaceRecord } from './place-schema';

/**
 * What owners set, kept over imports (issue 53): an import's record of an owned place gets the owner's fields in
 * place of its own, and says which of them the import would have changed.
 */
export interface OwnedOverlay {
  /** Null for a place without an owner. */
  apply(place: PlaceRecord): { place: PlaceRecord; differing: string[] } | null;
}

/** Owned places an import wrote, and how many of them it would have changed by field. */
export interface OwnedKept {
  places: number;
  differing: Record<string, number>;
}

/** Applies the overlay to an import's records as they stream, counting into `kept`. */
export function* keepOwned<T extends { place: PlaceRecord }>(items: Iterable<T>, overlay: OwnedOverlay | undefined, kept: OwnedKept): Generator<T> {
  for (const item of items) {
    const owned = overlay?.apply(item.place);
    if (!owned) {
      yield item;
      continue;
    }
    kept.places++;
    for (const field of owned.differing) kept.differing[field] = (kept.differing[field] ?? 0) + 1;
    yield { ...item, place: owned.place };
  }
}

export const noneKept = (): OwnedKept => ({ places: 0, differing: {} });

/** "kept what owners set on 3 places (the file differs in hours on 2, description on 1)", for an import's report. */
export function ownedLine(kept: OwnedKept): string {
  if (!kept.places) return 'no place written has an owner';
  const fields = Object.entries(kept.differing).map(([field, n]) => `${field} on ${n}`);
  return `kept what owners set on ${kept.places} place${kept.places === 1 ? '' : 's'}${fields.length ? ` (the file differs in ${fields.join(', ')})` : ''}`;
}
