import { describe, expect, it } from 'vitest';
import { PRESET_VEHICLES } from '@/lib/roads/vehicle';
import { optimistic } from '@/lib/trips/optimistic-view';
import { describeVehicle } from '@/lib/trips/vehicle-words';
import type { TripView } from '@/lib/trips/view';

const view = {
  trip: { id: 't1', name: 'Canyons', version: 3, vehicle: { preset: 'car' }, stops: [{ id: 'a' }, { id: 'b' }] },
  legs: [{ distanceMeters: 1000, durationSeconds: 60, geometry: [] }],
  totals: { distanceMeters: 1000, durationSeconds: 60, nights: 2 },
  vehicle: PRESET_VEHICLES.car,
} as unknown as TripView;

describe('a change of vehicle on the page', () => {
  it('shows the new vehicle at once and leaves the legs to the server, which routes for it', () => {
    const shown = optimistic(view, { vehicle: { preset: 'class-a' } });
    expect(shown.trip.vehicle).toEqual({ preset: 'class-a' });
    expect(shown.legs).toEqual([]);
    expect(shown.totals).toEqual({ distanceMeters: 0, durationSeconds: 0, nights: 2 });
    expect(shown.trip.stops).toBe(view.trip.stops);
  });

  it('keeps the legs of a rename', () => {
    expect(optimistic(view, { name: 'Arches' }).legs).toBe(view.legs);
  });
});

describe('describeVehicle', () => {
  it('says a rig in one line, with the propane it carries', () => {
    expect(describeVehicle(PRESET_VEHICLES['class-a'])).toBe('Class A motorhome: 3.9 m high, 2.6 m wide, 12 m long, 13 t, carrying propane');
    expect(describeVehicle(PRESET_VEHICLES.car)).toBe('Car: 1.5 m high, 1.8 m wide, 4.6 m long, 1.6 t');
  });
});
