/**
 * Reading OpenStreetMap tag values as the OSM wiki documents them (Key:maxheight, Key:maxweight, Key:maxspeed,
 * Key:oneway, Key:access, Map features/Units). A value is read, or said to be documented without a number, or
 * reported as unreadable with its raw text: never guessed.
 */
export type TagReading<T> =
  /** The value, in the reader's unit (metres, tonnes, km/h). */
  | { status: 'value'; value: T }
  /** A documented value meaning there is no limit for ordinary traffic (`none`, `default`). */
  | { status: 'no-limit' }
  /** A documented value that gives no number (`below_default`, `RU:urban`, `signals`). */
  | { status: 'unknown'; raw: string }
  | { status: 'unreadable'; raw: string };

const value = <T>(v: T): TagReading<T> => ({ status: 'value', value: v });
const unreadable = (raw: string): TagReading<never> => ({ status: 'unreadable', raw });
const unknown = (raw: string): TagReading<never> => ({ status: 'unknown', raw });
const NO_LIMIT: TagReading<never> = { status: 'no-limit' };

const NUMBER = String.raw`(\d+(?:\.\d+)?|\.\d+)`;
const FEET_INCHES = new RegExp(String.raw`^${NUMBER}'(?:\s*${NUMBER}(?:"|''))?$`);
const INCHES = new RegExp(String.raw`^${NUMBER}"$`);
const FT_IN_WORDS = new RegExp(String.raw`^${NUMBER}\s*ft\s*${NUMBER}\s*in$`);
const WITH_UNIT = new RegExp(String.raw`^${NUMBER}\s*([a-z/]*)$`);

export const FOOT_M = 0.3048;
const INCH_M = 0.0254;
export const MILE_M = 1609.344;
export const POUND_T = 0.00045359237;

const LENGTH_UNITS: Record<string, number> = {
  '': 1,
  m: 1,
  metre: 1,
  metres: 1,
  meter: 1,
  meters: 1,
  cm: 0.01,
  km: 1000,
  mi: MILE_M,
  ft: FOOT_M,
  feet: FOOT_M,
  foot: FOOT_M,
  in: INCH_M,
};

/** `cwt` and `tons` are left out on purpose: each names two different weights (US and imperial; short and metric). */
const WEIGHT_UNITS: Record<string, number> = {
  '': 1,
  t: 1,
  kg: 0.001,
  st: 0.90718474,
  lt: 1.0160469088,
  lb: POUND_T,
  lbs: POUND_T,
};

const SPEED_UNITS: Record<string, number> = { '': 1, 'km/h': 1, kmh: 1, kph: 1, mph: MILE_M / 1000, knots: 1.852 };

/** A positive number with a unit from the table, or null. */
function measure(text: string, units: Record<string, number>): number | null {
  const match = WITH_UNIT.exec(text);
  if (!match) return null;
  const factor = units[match[2]];
  const n = Number(match[1]);
  return factor !== undefined && n > 0 ? n * factor : null;
}

/** A length in metres: `3.5`, `3.5 m`, `11'6"`, `11'`, `12 ft`, `12 ft 6 in`, `0.2 km`; inches from 0 to 11 (and a fraction). */
export function parseLength(raw: string): TagReading<number> {
  const text = raw.trim().toLowerCase();
  const feet = FEET_INCHES.exec(text) ?? FT_IN_WORDS.exec(text);
  if (feet) {
    // 12'13" is no way to write 13'1": a slip of the keyboard or the survey, not read as either.
    if (Number(feet[2] ?? 0) >= 12) return unreadable(raw);
    const metres = Number(feet[1]) * FOOT_M + Number(feet[2] ?? 0) * INCH_M;
    return metres > 0 ? value(metres) : unreadable(raw);
  }
  const inches = INCHES.exec(text);
  if (inches && Number(inches[1]) > 0) return value(Number(inches[1]) * INCH_M);
  const metres = measure(text, LENGTH_UNITS);
  return metres === null ? unreadable(raw) : value(metres);
}

/**
 * maxheight, maxwidth, maxlength. `none` and `default` (no sign; the national default clearance for general
 * traffic) mean no limit; `no_sign` is documented as `default`; `below_default` and `no_indications` say a limit
 * may exist without its number.
 */
export function parseSizeLimit(raw: string): TagReading<number> {
  const text = raw.trim().toLowerCase();
  if (text === 'none' || text === 'default' || text === 'no_sign') return NO_LIMIT;
  if (text === 'below_default' || text === 'no_indications' || text === 'unsigned') return unknown(raw);
  return parseLength(raw);
}

/** maxweight in tonnes: `12`, `12 t`, `7.5 st` (short tons), `8000 kg`, `26000 lbs`, `10 lt` (long tons). */
export function parseWeightLimit(raw: string): TagReading<number> {
  const text = raw.trim().toLowerCase();
  if (text === 'none' || text === 'default') return NO_LIMIT;
  const tonnes = measure(text, WEIGHT_UNITS);
  return tonnes === null ? unreadable(raw) : value(tonnes);
}

/** Walking pace has no number in the tag; 6 km/h is the middle of what the wiki quotes for it (4 to 7). */
export const WALKING_PACE_KMH = 6;
const SPEED_ZONE = /^[a-z]{2}(-[a-z0-9]+)?:[a-z0-9_]+$/;

/** maxspeed in km/h: `50`, `50 mph`, `10 knots`, `walk`; `none`; `RU:urban`-style zones and `signals` give no number. */
export function parseMaxspeed(raw: string): TagReading<number> {
  const text = raw.trim().toLowerCase();
  if (text === 'none') return NO_LIMIT;
  if (text === 'walk') return value(WALKING_PACE_KMH);
  if (text === 'signals' || text === 'variable' || SPEED_ZONE.test(text)) return unknown(raw);
  const kmh = measure(text, SPEED_UNITS);
  return kmh === null ? unreadable(raw) : value(kmh);
}

/** Which way traffic may go along the way's drawing order. */
export type Oneway = 'forward' | 'backward' | 'both';

/** `reversible` changes direction with the time of day: it is documented, but neither direction is always open. */
export function parseOneway(raw: string): TagReading<Oneway> {
  const text = raw.trim().toLowerCase();
  if (text === 'yes' || text === 'true' || text === '1') return value('forward');
  if (text === '-1' || text === 'reverse') return value('backward');
  if (text === 'no' || text === 'false' || text === '0' || text === 'alternating') return value('both');
  if (text === 'reversible') return unknown(raw);
  return unreadable(raw);
}

export const ACCESS_VALUES = [
  'yes',
  'no',
  'private',
  'permissive',
  'destination',
  'delivery',
  'designated',
  'customers',
  'agricultural',
  'forestry',
  'permit',
  'discouraged',
  'official',
] as const;
export type AccessValue = (typeof ACCESS_VALUES)[number];

/** access, motor_vehicle, motorcar, hgv, hazmat: one value of the access vocabulary (`no;destination` is unreadable). */
export function parseAccess(raw: string): TagReading<AccessValue> {
  const text = raw.trim().toLowerCase();
  if (text === 'unknown') return unknown(raw);
  return (ACCESS_VALUES as readonly string[]).includes(text) ? value(text as AccessValue) : unreadable(raw);
}

/** Values that keep ordinary traffic off the road: only the owner, farm or forest vehicles, or permit holders may use it. */
const CLOSED: ReadonlySet<AccessValue> = new Set(['no', 'private', 'agricultural', 'forestry', 'permit']);

export function accessForbids(access: AccessValue | null): boolean {
  return access !== null && CLOSED.has(access);
}

export type TunnelCategory = 'A' | 'B' | 'C' | 'D' | 'E';

/** An ADR tunnel category letter (`hazmat:adr_tunnel_cat`, `hazmat:tunnel_cat`). */
export function parseTunnelCategory(raw: string): TagReading<TunnelCategory> {
  const text = raw.trim().toUpperCase();
  return /^[A-E]$/.test(text) ? value(text as TunnelCategory) : unreadable(raw);
}
