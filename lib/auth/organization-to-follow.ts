/**
 * The organization the header's switcher moves to on a members page, so that the header names one the page manages:
 * none when it names one already, else the first the page shows (on `/admin`, the first administered one; on
 * `/admin/<id>`, that one).
 */
export function organizationToFollow(shownIds: readonly string[], activeId: string | null | undefined): string | undefined {
  if (shownIds.length === 0 || (activeId && shownIds.includes(activeId))) return undefined;
  return shownIds[0];
}
