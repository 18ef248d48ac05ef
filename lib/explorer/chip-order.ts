/**
 * Which chips a collapsed chip list shows, in the vocabulary's own order: the first `limit`, plus any chip that is
 * in use or was pressed while the list was open. A chip never moves when it is pressed, so a second press at the
 * same spot presses the same chip (include, then exclude, then clear).
 */
export function visibleChips<T extends { public_id: string }>(options: T[], limit: number, kept: ReadonlySet<string>): T[] {
  return options.filter((o, index) => index < limit || kept.has(o.public_id));
}

export type ChipState = 'off' | 'include' | 'exclude';

/** A chip's state in a list of selected public ids, where a leading `!` excludes. */
export function chipState(value: string[], id: string): ChipState {
  return value.includes(id) ? 'include' : value.includes(`!${id}`) ? 'exclude' : 'off';
}

/** The selection after pressing a chip: off → include → exclude → off, the chip keeping its place in the list. */
export function pressChip(value: string[], id: string): string[] {
  const state = chipState(value, id);
  if (state === 'off') return [...value, id];
  if (state === 'include') return value.map((v) => (v === id ? `!${id}` : v));
  return value.filter((v) => v !== `!${id}`);
}
