import { describe, expect, it } from 'vitest';
import { boxBounds, parseBoxEdges } from '@/lib/explorer/box-edges';

const edges = (west: string, south: string, east: string, north: string) => parseBoxEdges({ west, south, east, north });

describe('box edges typed in a form', () => {
  it('gives the box', () => {
    expect(edges('-106', '39', '-104.5', '40.25')).toEqual({ ok: true, box: { west: -106, south: 39, east: -104.5, north: 40.25 } });
  });

  it('keeps a box crossing the antimeridian (west east of east)', () => {
    const result = edges('170', '-20', '-170', '-10');
    expect(result).toEqual({ ok: true, box: { west: 170, south: -20, east: -170, north: -10 } });
    if (result.ok) expect(boxBounds(result.box)).toEqual([[170, -20], [190, -10]]);
  });

  it.each([
    [['', '39', '-104', '40'], 'West is a longitude from -180 to 180.'],
    [['-106', '39', '181', '40'], 'East is a longitude from -180 to 180.'],
    [['-106', 'abc', '-104', '40'], 'South is a latitude from -90 to 90.'],
    [['-106', '39', '-104', '91'], 'North is a latitude from -90 to 90.'],
    [['-106', '40', '-104', '39'], 'South is below North.'],
    [['-106', '39', '-106', '40'], 'West and East are different longitudes.'],
  ])('refuses %j', (fields, error) => {
    expect(edges(...(fields as [string, string, string, string]))).toEqual({ ok: false, error });
  });
});
