import { describe, expect, it } from 'vitest';
import { PRESET_VEHICLES, VEHICLE_PRESETS, type Vehicle } from '@/lib/roads/vehicle';
import type { LegRouter } from '@/lib/trips/legs/types';
import { createTripInput, patchTripInput } from '@/lib/trips/model';
import type { Trip } from '@/lib/trips/model';
import { resolveVehicle, tripVehicleInput, vehicleFromColumn, vehicleToColumn, type TripVehicle } from '@/lib/trips/vehicle';
import { tripView } from '@/lib/trips/view';

const rig = { preset: 'custom', heightM: 3.7, widthM: 2.5, lengthM: 10, weightT: 9 };

/** The first refusal, as the API's error body names it. */
function refusal(input: unknown): { path: string; message: string } {
  const result = tripVehicleInput.safeParse(input);
  if (result.success) throw new Error(`accepted ${JSON.stringify(input)}`);
  return { path: result.error.issues[0].path.join('.'), message: result.error.issues[0].message };
}

describe('a trip’s vehicle as the API takes it', () => {
  it.each(VEHICLE_PRESETS)('takes the preset %s by its name alone, and resolves it to the preset’s figures', (preset) => {
    const vehicle = tripVehicleInput.parse({ preset });
    expect(vehicle).toEqual({ preset });
    expect(resolveVehicle(vehicle)).toEqual(PRESET_VEHICLES[preset]);
  });

  it('takes a custom rig, filling its label, propane and fuel use when left out', () => {
    const vehicle = tripVehicleInput.parse(rig);
    expect(vehicle).toEqual({ ...rig, label: 'My vehicle', carryingPropane: false, fuelLPer100Km: 15 });
    expect(resolveVehicle(vehicle)).toEqual({ preset: 'custom', label: 'My vehicle', heightM: 3.7, widthM: 2.5, lengthM: 10, weightT: 9, carryingPropane: false, fuelLPer100Km: 15 });
    const named = tripVehicleInput.parse({ ...rig, label: '  Big Bertha ', carryingPropane: true, fuelLPer100Km: 28 });
    expect(resolveVehicle(named)).toMatchObject({ label: 'Big Bertha', carryingPropane: true, fuelLPer100Km: 28 });
  });

  it.each([
    ['0 m high', { heightM: 0 }, 'heightM', 'Height must be at least 1 m'],
    ['negative width', { widthM: -2 }, 'widthM', 'Width must be at least 1 m'],
    ['30 m high', { heightM: 30 }, 'heightM', 'Height must be at most 4.9 m'],
    ['0 m long', { lengthM: 0 }, 'lengthM', 'Length must be at least 2 m'],
    ['31 m long', { lengthM: 31 }, 'lengthM', 'Length must be at most 30 m'],
    ['a negative weight', { weightT: -1 }, 'weightT', 'Weight must be at least 0.5 t'],
    ['100 t', { weightT: 100 }, 'weightT', 'Weight must be at most 60 t'],
    ['a height in words', { heightM: 'tall' }, 'heightM', 'Height must be a number'],
    ['no fuel use', { fuelLPer100Km: 0 }, 'fuelLPer100Km', 'Fuel use must be at least 1 L/100 km'],
  ])('refuses a rig %s with its sentence', (_label, change, path, message) => {
    expect(refusal({ ...rig, ...change })).toEqual({ path, message });
  });

  it('refuses a rig missing a size, an unknown preset, a preset with figures, and an extra field', () => {
    const { heightM: _heightM, ...noHeight } = rig;
    expect(refusal(noHeight)).toEqual({ path: 'heightM', message: 'Height must be a number' });
    expect(refusal({ preset: 'boat' })).toEqual({ path: 'preset', message: 'a vehicle preset is one of car, van, class-c, class-a, truck-camper, car-trailer, custom' });
    expect(refusal({})).toMatchObject({ path: 'preset' });
    expect(refusal({ preset: 'class-a', heightM: 3 }).message).toMatch(/choose the preset "custom"/);
    expect(refusal({ ...rig, colour: 'red' }).message).toMatch(/colour/);
    expect(tripVehicleInput.safeParse('car').success).toBe(false);
  });

  it('is optional when a trip is created or changed, and refused there with the same sentences', () => {
    expect(createTripInput.parse({ name: 'Loop' }).vehicle).toBeUndefined();
    expect(createTripInput.parse({ name: 'Loop', vehicle: { preset: 'van' } }).vehicle).toEqual({ preset: 'van' });
    expect(patchTripInput.parse({ version: 2, vehicle: { preset: 'class-c' } })).toEqual({ version: 2, vehicle: { preset: 'class-c' } });
    const refused = patchTripInput.safeParse({ version: 2, vehicle: { ...rig, heightM: 30 } });
    expect(refused.success || refused.error.issues[0]).toMatchObject({ path: ['vehicle', 'heightM'], message: 'Height must be at most 4.9 m' });
  });
});

describe('a trip’s vehicle as the store keeps it', () => {
  it('keeps a preset by its name alone, so the preset’s figures can change later', () => {
    expect(vehicleToColumn({ preset: 'class-a' })).toBe('{"preset":"class-a"}');
    expect(vehicleToColumn(undefined)).toBeNull();
  });

  it('reads no vehicle as a car, and a preset it no longer knows as a car', () => {
    expect(vehicleFromColumn(null)).toEqual({ preset: 'car' });
    expect(resolveVehicle(vehicleFromColumn(null))).toEqual(PRESET_VEHICLES.car);
    expect(resolveVehicle(vehicleFromColumn('{"preset":"hovercraft"}'))).toEqual(PRESET_VEHICLES.car);
  });

  it('reads a custom rig back with all its figures', () => {
    const vehicle = tripVehicleInput.parse(rig);
    expect(vehicleFromColumn(vehicleToColumn(vehicle))).toEqual(vehicle);
  });
});

describe('a trip’s view', () => {
  const trip = (vehicle: TripVehicle): Trip => ({
    id: 't1',
    ownerId: 'ann',
    organizationId: null,
    name: 'Loop',
    stops: [
      { id: 'a', kind: 'custom', placeId: null, name: 'A', lon: -105, lat: 39.7, arrivalDate: null, nights: 1, note: '' },
      { id: 'b', kind: 'custom', placeId: null, name: 'B', lon: -109.5, lat: 38.6, arrivalDate: null, nights: 0, note: '' },
    ],
    vehicle,
    version: 1,
    shareToken: null,
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
  });
  const recording = () => {
    const asked: (Vehicle | undefined)[] = [];
    const router: LegRouter = {
      kind: 'road',
      describe: 'test roads',
      legs: async (points, vehicle) => {
        asked.push(vehicle);
        return points.slice(1).map(() => ({ distanceMeters: 1000, durationSeconds: 60, geometry: [] }));
      },
    };
    return { router, asked };
  };

  it('routes the legs for the trip’s vehicle and shows it with all its figures', async () => {
    const { router, asked } = recording();
    const view = await tripView(trip({ preset: 'class-a' }), router, { owner: true, edit: true });
    expect(asked).toEqual([PRESET_VEHICLES['class-a']]);
    expect(view.vehicle).toEqual(PRESET_VEHICLES['class-a']);
    expect(view.trip.vehicle).toEqual({ preset: 'class-a' });
  });

  it('routes a custom rig with its own figures', async () => {
    const { router, asked } = recording();
    const rigVehicle = tripVehicleInput.parse(rig);
    const view = await tripView(trip(rigVehicle), router, { owner: false, edit: false });
    expect(asked).toEqual([resolveVehicle(rigVehicle)]);
    expect(view.vehicle).toMatchObject({ preset: 'custom', heightM: 3.7, weightT: 9 });
  });
});
