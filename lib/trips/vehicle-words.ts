import type { Vehicle } from '@/lib/roads/vehicle';

const metres = (n: number) => `${Number(n.toFixed(2))} m`;

/** A rig in one line: "Class A motorhome: 3.9 m high, 2.6 m wide, 12 m long, 13 t, carrying propane". */
export function describeVehicle(v: Vehicle): string {
  const sizes = `${metres(v.heightM)} high, ${metres(v.widthM)} wide, ${metres(v.lengthM)} long, ${Number(v.weightT.toFixed(2))} t`;
  return `${v.label}: ${sizes}${v.carryingPropane ? ', carrying propane' : ''}`;
}
