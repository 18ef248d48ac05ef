// Issue 49, major 2: a stop added by name goes at its place on the way.
import { describe, expect, it } from 'vitest';
import { cheapestInsertion } from '@/lib/trips/insert-position';

const denver = { lon: -104.9903, lat: 39.7392 };
const moab = { lon: -109.5498, lat: 38.5733 };
const springdale = { lon: -112.9986, lat: 37.1889 };
const lasVegas = { lon: -115.1398, lat: 36.1699 };
const boulder = { lon: -105.2705, lat: 40.015 };

describe('where a stop added by name goes', () => {
  it('is the first stop of an empty trip', () => {
    expect(cheapestInsertion([], moab)).toBe(0);
  });

  it('goes between the two stops it lengthens the route least', () => {
    expect(cheapestInsertion([denver, lasVegas], moab)).toBe(1);
    expect(cheapestInsertion([denver, moab, lasVegas], springdale)).toBe(2);
    expect(cheapestInsertion([denver, springdale, lasVegas], moab)).toBe(1);
  });

  it('goes at either end when the route grows least there', () => {
    expect(cheapestInsertion([denver, moab], lasVegas)).toBe(2);
    expect(cheapestInsertion([moab, springdale], denver)).toBe(0);
    expect(cheapestInsertion([denver], boulder)).toBe(1);
  });
});
