import { describe, expect, it } from 'vitest';
import { NO_LIMITS, type RoadLimits } from '@/lib/roads/edge';
import { mayUse, restrictionsFor } from '@/lib/roads/restrictions';
import { readRoadTags } from '@/lib/roads/road-tags';
import { customVehicle, PRESET_VEHICLES, type Vehicle } from '@/lib/roads/vehicle';

const rig = (changes: Partial<Vehicle>): Vehicle => ({ ...PRESET_VEHICLES['class-a'], ...changes });
const sentences = (limits: Partial<RoadLimits>, vehicle: Vehicle) => restrictionsFor({ ...NO_LIMITS, ...limits }, vehicle).map((r) => r.sentence);

describe('restrictionsFor', () => {
  it('says each size limit the rig breaks, with both figures', () => {
    expect(sentences({ maxheightM: 3.6 }, rig({ heightM: 3.9 }))).toEqual(['Clearance 3.6 m, your rig is 3.9 m high']);
    expect(sentences({ maxwidthM: 2.5 }, rig({ widthM: 2.6 }))).toEqual(['Width limit 2.5 m, your rig is 2.6 m wide']);
    expect(sentences({ maxlengthM: 12 }, rig({ lengthM: 13.5 }))).toEqual(['Length limit 12 m, your rig is 13.5 m long']);
    expect(sentences({ maxweightT: 7.5 }, rig({ weightT: 13 }))).toEqual(['Weight limit 7.5 t, your rig weighs 13 t']);
  });

  it('lets a rig pass a limit equal to its size, and refuses one just above', () => {
    for (const [limit, key] of [
      ['maxheightM', 'heightM'],
      ['maxwidthM', 'widthM'],
      ['maxlengthM', 'lengthM'],
      ['maxweightT', 'weightT'],
    ] as const) {
      const at = rig({});
      expect(mayUse({ ...NO_LIMITS, [limit]: at[key] }, at)).toBe(true);
      expect(mayUse({ ...NO_LIMITS, [limit]: at[key] - 0.01 }, at)).toBe(false);
      expect(mayUse({ ...NO_LIMITS, [limit]: at[key] + 0.01 }, at)).toBe(true);
    }
  });

  it('reads feet as the wiki writes them: 11\'6" stops a 3.9 m rig and lets a 3.5 m one through', () => {
    const road = readRoadTags({ highway: 'primary', maxheight: '11\'6"' })!.attributes;
    expect(sentences(road, rig({ heightM: 3.9 }))).toEqual(['Clearance 3.51 m, your rig is 3.9 m high']);
    expect(mayUse(road, rig({ heightM: 3.5 }))).toBe(true);
  });

  it('keeps vehicles over 3.5 t off hgv=no, and lets lighter ones through', () => {
    expect(sentences({ hgv: 'no' }, rig({ weightT: 3.6 }))).toEqual(['No vehicles over 3.5 t (hgv=no), your rig weighs 3.6 t']);
    expect(sentences({ hgv: 'no' }, PRESET_VEHICLES.van)).toEqual([]);
    expect(sentences({ hgv: 'no' }, PRESET_VEHICLES.car)).toEqual([]);
  });

  it('follows the most specific access tag for the vehicle', () => {
    expect(sentences({ access: 'no' }, PRESET_VEHICLES.car)).toEqual(['No motor vehicles (access=no)']);
    expect(sentences({ access: 'private' }, PRESET_VEHICLES.car)).toEqual(['Private road (access=private)']);
    expect(sentences({ access: 'no', hgv: 'yes' }, PRESET_VEHICLES['class-a'])).toEqual([]);
    expect(sentences({ access: 'no', motorcar: 'yes' }, PRESET_VEHICLES.car)).toEqual([]);
    expect(sentences({ motorcar: 'no' }, PRESET_VEHICLES.car)).toEqual(['No motor vehicles (motorcar=no)']);
    expect(sentences({ motorcar: 'no' }, PRESET_VEHICLES['class-a'])).toEqual([]);
    for (const value of ['destination', 'delivery', 'designated', 'yes', 'permissive', 'customers'] as const) {
      expect(sentences({ access: value }, PRESET_VEHICLES['class-a'])).toEqual([]);
    }
  });

  it('keeps a rig carrying propane off hazmat=no roads and tunnels of category D and E only', () => {
    const propane = rig({ carryingPropane: true });
    const none = rig({ carryingPropane: false });
    expect(sentences({ hazmat: 'no' }, propane)).toEqual(['No hazardous goods (hazmat=no), your rig carries propane']);
    expect(sentences({ hazmat: 'no' }, none)).toEqual([]);
    expect(sentences({ tunnel: true, tunnelCategory: 'E' }, propane)).toEqual(['Tunnel category E closed to propane, your rig carries propane']);
    expect(sentences({ tunnel: true, tunnelCategory: 'D' }, propane)).toHaveLength(1);
    expect(sentences({ tunnel: true, tunnelCategory: 'C' }, propane)).toEqual([]);
    expect(sentences({ tunnel: true, tunnelCategory: 'E' }, none)).toEqual([]);
  });

  it('lists every limit broken at once', () => {
    const road = { maxheightM: 3, maxweightT: 3, hgv: 'no' as const, hazmat: 'no' as const };
    expect(restrictionsFor({ ...NO_LIMITS, ...road }, PRESET_VEHICLES['class-a']).map((r) => r.kind)).toEqual(['height', 'weight', 'hgv', 'hazmat']);
  });
});

describe('readRoadTags', () => {
  it('keeps the classes a vehicle drives, and no footway, path, steps, cycleway, track or area', () => {
    for (const highway of ['motorway', 'trunk_link', 'residential', 'service', 'living_street', 'unclassified']) {
      expect(readRoadTags({ highway })).not.toBeNull();
    }
    for (const highway of ['footway', 'cycleway', 'path', 'steps', 'track', 'pedestrian', 'construction', 'platform', undefined]) {
      expect(readRoadTags({ highway })).toBeNull();
    }
    expect(readRoadTags({ highway: 'service', area: 'yes' })).toBeNull();
  });

  it('takes the speed from maxspeed, else from the class', () => {
    expect(readRoadTags({ highway: 'primary', maxspeed: '50 mph' })!.attributes).toMatchObject({ speedKmh: 50 * 1.609344, speedFrom: 'maxspeed' });
    expect(readRoadTags({ highway: 'primary' })!.attributes).toMatchObject({ speedKmh: 80, speedFrom: 'class' });
    expect(readRoadTags({ highway: 'motorway', maxspeed: 'none' })!.attributes).toMatchObject({ speedKmh: 110, speedFrom: 'class' });
    expect(readRoadTags({ highway: 'residential', maxspeed: 'RU:urban' })!.attributes).toMatchObject({ speedKmh: 30, speedFrom: 'class' });
  });

  it('reads oneway, and implies it on roundabouts and motorways', () => {
    expect(readRoadTags({ highway: 'primary', oneway: 'yes' })!.attributes.oneway).toBe('forward');
    expect(readRoadTags({ highway: 'primary', oneway: '-1' })!.attributes.oneway).toBe('backward');
    expect(readRoadTags({ highway: 'primary' })!.attributes.oneway).toBe('both');
    expect(readRoadTags({ highway: 'primary', junction: 'roundabout' })!.attributes.oneway).toBe('forward');
    expect(readRoadTags({ highway: 'motorway' })!.attributes.oneway).toBe('forward');
    expect(readRoadTags({ highway: 'motorway', oneway: 'no' })!.attributes.oneway).toBe('both');
  });

  it('reports unreadable values by tag and keeps the road without them', () => {
    const read = readRoadTags({ highway: 'secondary', maxheight: '3,5', maxweight: '10 cwt', maxspeed: '50;30', oneway: 'sometimes' })!;
    expect([...read.unreadable].sort((a, b) => a.tag.localeCompare(b.tag))).toEqual([
      { tag: 'maxheight', raw: '3,5' },
      { tag: 'maxspeed', raw: '50;30' },
      { tag: 'maxweight', raw: '10 cwt' },
      { tag: 'oneway', raw: 'sometimes' },
    ]);
    expect(read.attributes).toMatchObject({ maxheightM: null, maxweightT: null, oneway: 'both', speedKmh: 70 });
  });

  it('takes the lower of maxheight and maxheight:physical, and no limit from default', () => {
    expect(readRoadTags({ highway: 'primary', maxheight: '4', 'maxheight:physical': '3.8' })!.attributes.maxheightM).toBe(3.8);
    expect(readRoadTags({ highway: 'primary', maxheight: 'default' })!.attributes.maxheightM).toBeNull();
  });

  it('follows the access hierarchy: motor_vehicle, then vehicle, then access', () => {
    expect(readRoadTags({ highway: 'service', access: 'no', motor_vehicle: 'yes' })!.attributes.access).toBe('yes');
    expect(readRoadTags({ highway: 'service', access: 'yes', vehicle: 'private' })!.attributes.access).toBe('private');
    expect(readRoadTags({ highway: 'service', access: 'no' })!.attributes.access).toBe('no');
  });

  it('reads ADR tunnel categories on tunnels only', () => {
    expect(readRoadTags({ highway: 'trunk', tunnel: 'yes', 'hazmat:adr_tunnel_cat': 'E' })!.attributes.tunnelCategory).toBe('E');
    expect(readRoadTags({ highway: 'trunk', tunnel: 'yes', 'hazmat:tunnel_cat': 'c' })!.attributes.tunnelCategory).toBe('C');
    expect(readRoadTags({ highway: 'trunk', tunnel: 'yes', 'hazmat:D': 'no', 'hazmat:B': 'no' })!.attributes.tunnelCategory).toBe('D');
    expect(readRoadTags({ highway: 'trunk', 'hazmat:B': 'no' })!.attributes.tunnelCategory).toBeNull();
    expect(readRoadTags({ highway: 'trunk', tunnel: 'no', 'hazmat:adr_tunnel_cat': 'E' })!.attributes.tunnelCategory).toBeNull();
  });
});

describe('vehicles', () => {
  it('has the six presets with plain labels and sizes a road allows', () => {
    expect(Object.keys(PRESET_VEHICLES)).toEqual(['car', 'van', 'class-c', 'class-a', 'truck-camper', 'car-trailer']);
    for (const vehicle of Object.values(PRESET_VEHICLES)) {
      expect(vehicle.label).toMatch(/^[A-Z][a-z]/);
      expect(customVehicle(vehicle)).toEqual({ ...vehicle, preset: 'custom' });
    }
  });

  it('refuses impossible sizes with a sentence naming the problem', () => {
    const base = { heightM: 3, widthM: 2.4, lengthM: 8, weightT: 5 };
    expect(() => customVehicle({ ...base, heightM: 0 })).toThrow('Height must be at least 1 m');
    expect(() => customVehicle({ ...base, heightM: -2 })).toThrow('Height must be at least 1 m');
    expect(() => customVehicle({ ...base, heightM: 30 })).toThrow('Height must be at most 4.9 m');
    expect(() => customVehicle({ ...base, widthM: 'wide' })).toThrow('Width must be a number');
    expect(() => customVehicle({ ...base, lengthM: 45 })).toThrow('Length must be at most 30 m');
    expect(() => customVehicle({ ...base, weightT: 0 })).toThrow('Weight must be at least 0.5 t');
    expect(customVehicle(base)).toMatchObject({ preset: 'custom', label: 'My vehicle', carryingPropane: false });
  });
});
