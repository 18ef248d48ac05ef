import { NO_LIMITS } from '../../edge';
import { ACCESS_VALUES, accessForbids, type TunnelCategory } from '../../osm-units';
import { mayUse } from '../../restrictions';
import { isHeavy, PRESET_VEHICLES, type Vehicle } from '../../vehicle';

/** The vehicle's figures the predicate reads, in the order of `vehicleValues`. */
export const VEHICLE_PARAMS = ['height', 'width', 'length', 'weight', 'heavy', 'propane'] as const;
export type VehicleParam = (typeof VEHICLE_PARAMS)[number];
export const VEHICLE_TYPES: Record<VehicleParam, string> = { height: 'float8', width: 'float8', length: 'float8', weight: 'float8', heavy: 'boolean', propane: 'boolean' };

/** The values bound to the predicate's parameters: "heavy" is decided here, by the same rule (`isHeavy`) as in TypeScript. */
export function vehicleValues(vehicle: Vehicle): unknown[] {
  return [vehicle.heightM, vehicle.widthM, vehicle.lengthM, vehicle.weightT, isHeavy(vehicle), vehicle.carryingPropane];
}

/** `$first::float8, ...`: the parameters of `vehicleValues` bound from `$first` on. */
export function vehiclePlaceholders(first: number): Record<VehicleParam, string> {
  return Object.fromEntries(VEHICLE_PARAMS.map((name, i) => [name, `$${first + i}::${VEHICLE_TYPES[name]}`])) as Record<VehicleParam, string>;
}

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

// The vocabularies are read off restrictions.ts rather than copied: the access values that close a road, and the
// tunnel categories closed to a rig carrying propane.
const CLOSED_ACCESS = quoted(ACCESS_VALUES.filter((value) => accessForbids(value)));
const CATEGORIES: TunnelCategory[] = ['A', 'B', 'C', 'D', 'E'];
const PROPANE_CLOSED_CATEGORIES = quoted(
  CATEGORIES.filter((tunnelCategory) => !mayUse({ ...NO_LIMITS, tunnel: true, tunnelCategory }, { ...PRESET_VEHICLES.car, carryingPropane: true })),
);

/**
 * `mayUse` (lib/roads/restrictions.ts) as a SQL condition on a `road_edges` row, for the vehicle given by the SQL
 * expressions `v`: the same size limits (a limit equal to the size is kept to), the same access hierarchy (`hgv`
 * over 3.5 t, else `motorcar`, else the general access), and the same propane rules. A NULL column is no limit,
 * so each test that meets one is false, never NULL.
 */
export function mayUseSql(v: Record<VehicleParam, string>, alias = 'e'): string {
  const c = (column: string) => `${alias}.${column}`;
  const over = (column: string, size: string) => `coalesce(${size} > ${c(column)}, false)`;
  const closed = (column: string) => `coalesce(${c(column)} IN (${CLOSED_ACCESS}), false)`;
  const breaks = [
    over('maxheight_m', v.height),
    over('maxwidth_m', v.width),
    over('maxlength_m', v.length),
    over('maxweight_t', v.weight),
    `CASE WHEN ${v.heavy} AND ${c('hgv')} IS NOT NULL THEN ${closed('hgv')}
          WHEN NOT ${v.heavy} AND ${c('motorcar')} IS NOT NULL THEN ${closed('motorcar')}
          ELSE ${closed('access')} END`,
    `(${v.propane} AND (${closed('hazmat')} OR (${c('tunnel')} AND coalesce(${c('tunnel_category')} IN (${PROPANE_CLOSED_CATEGORIES}), false))))`,
  ];
  return `NOT (${breaks.join('\n  OR ')})`;
}
