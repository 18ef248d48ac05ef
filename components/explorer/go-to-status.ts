const KIND_NEAR = /^(.+?)\s+(?:near|in|around|by|at)\s+(.+)$/i;

/**
 * What Go to's status line says: how many suggestions are on show (`shown`: none while the list is closed), that
 * nothing matches, or what was done with the one chosen (`done`: the map went there, by default).
 */
export function goToStatus({
  shown,
  noMatch,
  text,
  wentTo,
  done = (where) => `The map shows ${where}.`,
}: {
  shown: number;
  noMatch: boolean;
  text: string;
  wentTo: string | null;
  done?: (where: string) => string;
}): string {
  if (shown > 0) return `${shown} suggestion${shown === 1 ? '' : 's'}: use the up and down arrows, then Enter.`;
  if (noMatch) {
    // "RV parks near Moab": a kind of place and a place. Go to finds places by name; the kind is a filter.
    const kindNear = KIND_NEAR.exec(text.trim());
    if (kindNear) return `No place called “${text.trim()}”. Go to “${kindNear[2]}”, then choose “${kindNear[1]}” under Filters, in Tags.`;
    return `No place called “${text.trim()}”. Try a city, a state or a park’s name.`;
  }
  if (wentTo) return done(wentTo);
  return '';
}
