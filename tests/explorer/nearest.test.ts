// Issue 40, item 4: an empty search says where its nearest match is and offers to widen the search to reach it.
import { describe, expect, it } from 'vitest';
import { nearestHint, nearestRequestParams } from '@/lib/explorer/nearest';

describe('the nearest match of an empty search', () => {
  it('is asked with the same filters around the same center, nearest first, one place, as far as the API reaches', () => {
    const search = new URLSearchParams('center=-109.55,38.57&radius=25000&tags=campgrounds,rv-parks&sort=rating&limit=20&offset=40');
    expect(Object.fromEntries(nearestRequestParams(search)!)).toEqual({ center: '-109.55,38.57', radius: '500000', tags: 'campgrounds,rv-parks', sort: 'distance', limit: '1' });
    const box = new URLSearchParams('center=-109.5,38.5&radius=30000&west=-109.7&south=38.3&east=-109.3&north=38.7&sort=distance&limit=20&offset=0');
    expect(nearestRequestParams(box)!.has('west')).toBe(false);
  });

  it('is not asked when the search already reached 500 km, or had no area', () => {
    expect(nearestRequestParams(new URLSearchParams('center=0,0&radius=500000'))).toBeNull();
    expect(nearestRequestParams(null)).toBeNull();
  });

  it('is named with its distance and direction, and the search widens to reach it with a tenth to spare', () => {
    // Moab to a point about 101 km to its north-east.
    const hint = nearestHint({ lon: -109.55, lat: 38.57 }, { name: 'Green River KOA', lon: -108.73, lat: 39.21 }, 'km');
    expect(hint.text).toMatch(/^Nearest match: Green River KOA, 10\d km north-east\.$/);
    expect(hint.radius % 1000).toBe(0);
    expect(hint.radius).toBeGreaterThan(110_000);
    expect(hint.radius).toBeLessThan(120_000);
    expect(hint.action).toBe(`Search within ${hint.radius / 1000} km`);
    expect(nearestHint({ lon: 0, lat: 0 }, { name: 'South', lon: 0, lat: -1 }, 'mi').text).toMatch(/, 69 mi south\.$/);
    expect(nearestHint({ lon: 0, lat: 0 }, { name: 'Far', lon: 0, lat: 4.6 }, 'km').radius).toBe(500_000);
  });
});
