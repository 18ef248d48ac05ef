import type { Units } from '@/lib/explorer/geo';
import type { Vehicle } from '@/lib/roads/vehicle';
import { formatRigFigure } from './rig-units';

/** A rig in one line: "Class A motorhome: 3.9 m high, 2.6 m wide, 12 m long, 13 t, carrying propane" (feet and pounds with miles). */
export function describeVehicle(v: Vehicle, units: Units = 'km'): string {
  const say = (field: 'heightM' | 'widthM' | 'lengthM' | 'weightT') => formatRigFigure(field, v[field], units);
  const sizes = `${say('heightM')} high, ${say('widthM')} wide, ${say('lengthM')} long, ${say('weightT')}`;
  return `${v.label}: ${sizes}${v.carryingPropane ? ', carrying propane' : ''}`;
}
