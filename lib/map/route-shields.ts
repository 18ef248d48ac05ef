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
/** A network's letters, then its number: digits with a letter after them at most (I 35E, US 6N). */
const PREFIXED = /^([A-Z]{1,2})[- ]?(\d{1,4}[A-Z]?)$/;
/** Any other ref of up to six printable ASCII characters goes on a plain plate ("99", "1A", "SR 9"); longer ones
 * ("Old Spanish Trail") are names, not numbers. ASCII, as the Lua profile counts bytes and trims ASCII spaces only. */
const PLAIN = /^[\x20-\x7e]{1,6}$/;

export function routeShield(ref: string | null | undefined): RouteShield | null {
  const first = ref?.split(';')[0].replace(/^[ \t\n\v\f\r]+|[ \t\n\v\f\r]+$/g, '');
  if (!first) return null;
  const [, prefix, number] = PREFIXED.exec(first) ?? [];
  if (prefix === 'I') return { network: 'us-interstate', route: number };
  if (prefix === 'US') return { network: 'us-highway', route: number };
  if (prefix && US_STATES.has(prefix)) return { network: 'us-state', route: number };
  return PLAIN.test(first) ? { network: 'road', route: first } : null;
}
