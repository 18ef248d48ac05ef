import { describe, expect, it } from 'vitest';
import { spreadPins } from '@/lib/trips/pin-spread';

describe('trip pins that overlap', () => {
  it('leaves pins apart where they are', () => {
    expect(spreadPins([{ x: 0, y: 0 }, { x: 100, y: 0 }])).toEqual([{ x: 0, y: 0 }, { x: 0, y: 0 }]);
  });

  it('sets overlapping pins side by side in trip order, centred on their middle, none closer than the spacing', () => {
    const points = [{ x: 100, y: 100 }, { x: 104, y: 98 }, { x: 300, y: 300 }, { x: 110, y: 102 }];
    const offsets = spreadPins(points, 26);
    const at = points.map((p, i) => ({ x: p.x + offsets[i].x, y: p.y + offsets[i].y }));
    expect(offsets[2]).toEqual({ x: 0, y: 0 });
    expect([at[0].x, at[1].x, at[3].x]).toEqual([at[0].x, at[0].x + 26, at[0].x + 52]);
    expect(at[1].x).toBeCloseTo((100 + 104 + 110) / 3, 6);
    expect(new Set([at[0].y, at[1].y, at[3].y]).size).toBe(1);
  });

  it('groups through a chain: 1 near 2, 2 near 3', () => {
    const offsets = spreadPins([{ x: 0, y: 0 }, { x: 20, y: 0 }, { x: 40, y: 0 }], 26);
    const xs = [0 + offsets[0].x, 20 + offsets[1].x, 40 + offsets[2].x];
    expect(xs).toEqual([-6, 20, 46]);
  });
});
