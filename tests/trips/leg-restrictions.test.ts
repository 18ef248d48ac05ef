import { describe, expect, it } from 'vitest';
import type { PlacedRestriction } from '@/lib/roads/router/types';
import { legRestrictions } from '@/lib/trips/leg-restrictions';
import type { Leg } from '@/lib/trips/legs/types';

const bridge: PlacedRestriction = { kind: 'height', sentence: 'Clearance 3.6 m, your rig is 3.9 m high', where: [-109.15, 38.88], edge: { id: 7, wayId: null, name: 'Fruita–Moab Road (low bridge)', highway: 'tertiary' } };
const tunnel: PlacedRestriction = { kind: 'tunnel', sentence: 'Tunnel closed to propane', where: [-107.4, 39.56], edge: { id: 9, wayId: 12, name: null, highway: 'primary' } };
const leg = (measure: Leg['measure']): Leg => ({ distanceMeters: 1, durationSeconds: 1, geometry: [], measure });

describe('the limits marked on the trip map', () => {
  it('are those the legs go around and those they break, each once, labelled in a word or two', () => {
    const legs = [
      leg({ by: 'road', restrictionsAvoided: [bridge] }),
      leg({ by: 'road', restrictionsAvoided: [bridge] }),
      leg({ by: 'road-breaking-restrictions', refused: [tunnel] }),
      leg({ by: 'straight-line', why: 'The start is more than 5 km from any road of the network' }),
      leg(undefined),
    ];
    expect(legRestrictions(legs)).toEqual([
      { where: [-109.15, 38.88], label: 'Low clearance', broken: false },
      { where: [-107.4, 39.56], label: 'Tunnel: no propane', broken: true },
    ]);
  });
});
