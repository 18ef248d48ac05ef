/**
 * The shield a road's route number is drawn in, from its `ref` as OpenStreetMap writes it ("I 70", "US 191;UT 128",
 * "CO 9", "99") or as the demo roads do ("I-70"). The networks are OpenMapTiles' `transportation_name` values; the
 * map's import profile (lib/map/import/tilemaker/process.lua, `RouteShield`) applies the same rule in Lua.
 */
export type RouteNetwork = 'us-interstate' | 'us-highway' | 'us-state' | 'road';
export type RouteShield = { network: RouteNetwork; route: string };

export const ROUTE_NETWORKS: readonly RouteNetwork[] = ['us-interstate', 'us-highway', 'us-state', 'road'];

const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA PR RI SC SD TN TX UT VT VA WA WV WI WY'.split(' '),
);
/** A route number: digits, with a letter after them at most (I 35E, US 6N). */
const NUMBER = /^\d{1,4}[A-Z]?$/;
/** Longer refs ("Trans-Canada Highway", "CR 1234;CR 56") are names, not numbers: no shield. */
const LONGEST_PLAIN_REF = 6;

export function routeShield(ref: string | null | undefined): RouteShield | null {
  const first = ref?.split(';')[0].trim();
  if (!first) return null;
  const [, prefix, number] = /^([A-Z]{1,2})[- ]?(\d{1,4}[A-Z]?)$/.exec(first) ?? [];
  if (prefix === 'I') return { network: 'us-interstate', route: number };
  if (prefix === 'US') return { network: 'us-highway', route: number };
  if (prefix && US_STATES.has(prefix)) return { network: 'us-state', route: number };
  if (NUMBER.test(first) || first.length <= LONGEST_PLAIN_REF) return { network: 'road', route: first };
  return null;
}
