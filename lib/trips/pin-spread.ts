export interface ScreenPoint {
  x: number;
  y: number;
}

/** Pins closer than this on the screen overlap (a pin is 24 px across, with its white ring). */
export const PIN_SPACING_PX = 26;

/**
 * Offsets that set overlapping pins side by side, so each number stays readable ("2" no longer under "3"): pins
 * within PIN_SPACING_PX of one another (directly or through a chain) form a group, drawn in a row centred on the
 * group's middle, in trip order. A pin alone keeps its place.
 */
export function spreadPins(points: ScreenPoint[], spacing = PIN_SPACING_PX): ScreenPoint[] {
  const group = points.map((_, i) => i);
  const root = (i: number): number => (group[i] === i ? i : (group[i] = root(group[i])));
  for (let i = 0; i < points.length; i++) {
    for (let j = 0; j < i; j++) {
      if (Math.hypot(points[i].x - points[j].x, points[i].y - points[j].y) < spacing) group[root(i)] = root(j);
    }
  }
  const members = new Map<number, number[]>();
  points.forEach((_, i) => {
    const r = root(i);
    members.set(r, [...(members.get(r) ?? []), i]);
  });
  const offsets = points.map(() => ({ x: 0, y: 0 }));
  for (const indices of members.values()) {
    if (indices.length < 2) continue;
    const cx = indices.reduce((sum, i) => sum + points[i].x, 0) / indices.length;
    const cy = indices.reduce((sum, i) => sum + points[i].y, 0) / indices.length;
    indices.forEach((i, k) => {
      offsets[i] = { x: cx + (k - (indices.length - 1) / 2) * spacing - points[i].x, y: cy - points[i].y };
    });
  }
  return offsets;
}
