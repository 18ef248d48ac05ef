import type { Units } from '@/lib/explorer/geo';
import { formatCount } from '@/lib/explorer/intl-cache';
import { FOOT_M, MILE_M, parseLength, parseWeightLimit, POUND_T } from '@/lib/roads/osm-units';
import { MEASURED_SENTENCES, type MeasuredKind, type Restriction } from '@/lib/roads/restrictions';
import { LITRES_PER_US_GALLON } from './fuel';

/**
 * A rig's figures in the units the traveler reads distances in: metres, tonnes and L/100 km with kilometres; feet,
 * pounds and US miles per gallon with miles (as North American signs and spec sheets give them). The rig is kept in
 * metres and tonnes whatever is shown.
 */
export type RigField = 'heightM' | 'widthM' | 'lengthM' | 'weightT' | 'fuelLPer100Km';
export const RIG_FIELDS: readonly RigField[] = ['heightM', 'widthM', 'lengthM', 'weightT', 'fuelLPer100Km'];

/** L/100 km = this ÷ US mpg, and back. */
const MPG_TIMES_L_PER_100_KM = (100 * LITRES_PER_US_GALLON) / (MILE_M / 1000);

export const RIG_UNIT: Record<Units, Record<RigField, string>> = {
  km: { heightM: 'm', widthM: 'm', lengthM: 'm', weightT: 't', fuelLPer100Km: 'L/100 km' },
  mi: { heightM: 'ft', widthM: 'ft', lengthM: 'ft', weightT: 'lb', fuelLPer100Km: 'mpg' },
};

const FIELD_NAME: Record<RigField, string> = { heightM: 'Height', widthM: 'Width', lengthM: 'Length', weightT: 'Weight', fuelLPer100Km: 'Fuel use' };

const decimals = (n: number, places: number) => String(Number(n.toFixed(places)));

type Rounding = (n: number) => number;

/** A length in whole feet and the inches left, to the inch (or to `step` of an inch). */
function feetInches(metres: number, round: Rounding, step = 1): { feet: number; inch: number } {
  const inches = round((metres / FOOT_M) * 12 / step) * step;
  const feet = Math.floor(inches / 12 + 1e-9);
  return { feet, inch: Number((inches - feet * 12).toFixed(2)) };
}

/** A weight in pounds, to ten pounds (or to `step` pounds). */
const poundsOf = (tonnes: number, round: Rounding, step = 10) => round(tonnes / POUND_T / step) * step;

/** The precisions a limit and a rig's figure are said in with miles, the coarsest first: a sign's, then finer. */
const SIZE_STEPS = [1, 0.25, 0.01];
const WEIGHT_STEPS = [10, 1];

/** A length as a North American sign gives it, to the inch: "12 ft 10 in"; with a finer `step`, "11 ft 9.75 in". */
export function feetAndInches(metres: number, round: Rounding = Math.round, step = 1): string {
  const { feet, inch } = feetInches(metres, round, step);
  return inch ? `${feet} ft ${inch} in` : `${feet} ft`;
}

/** A weight in pounds, to ten pounds: "28,660 lb" (to the pound with a `step` of 1). */
export function pounds(tonnes: number, round: Rounding = Math.round, step = 10): string {
  return `${formatCount(poundsOf(tonnes, round, step))} lb`;
}

const mpg = (lPer100Km: number, round: Rounding = Math.round) => `${round((MPG_TIMES_L_PER_100_KM / lPer100Km) * 10) / 10} mpg`;

/** One figure of the rig, said in the units shown ("3.9 m", "12 ft 10 in", "13 t", "28,660 lb", "30 L/100 km", "7.8 mpg"). */
export function formatRigFigure(field: RigField, value: number, units: Units): string {
  if (units === 'km') return `${decimals(value, 2)} ${RIG_UNIT.km[field]}`;
  return field === 'weightT' ? pounds(value) : field === 'fuelLPer100Km' ? mpg(value) : feetAndInches(value);
}

/** The text a field of the rig's form starts with, in the units shown: a number, or feet and inches as a sign writes them (12'10"). */
export function rigFigureText(field: RigField, value: number, units: Units): string {
  if (units === 'km') return decimals(value, 2);
  if (field === 'weightT') return String(poundsOf(value, Math.round));
  if (field === 'fuelLPer100Km') return decimals(MPG_TIMES_L_PER_100_KM / value, 1);
  const { feet, inch } = feetInches(value, Math.round);
  return inch ? `${feet}'${inch}"` : `${feet}'`;
}

/** A number alone: with miles a comma groups thousands ("26,000"), with kilometres it may be the decimal mark ("3,9"). */
function bareNumber(text: string, units: Units): number | null {
  // A sign is read, so that a negative figure is answered with its field's range rather than "must be a number".
  if (units === 'mi' && /^-?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(text)) return Number(text.replaceAll(',', ''));
  return /^-?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/.test(text) ? Number(text.replace(',', '.')) : null;
}

/**
 * A field of the rig's form in metres, tonnes or L/100 km: a bare number is in the units shown; a size or a weight
 * may also carry its own unit as OpenStreetMap writes them (`12'6"`, `12 ft 6 in`, `3.8 m`, `26000 lbs`, `12 t`).
 * NaN when it cannot be read (the form then says the figure must be a number).
 */
export function readRigFigure(field: RigField, text: string, units: Units): number {
  const trimmed = text.trim().toLowerCase();
  const bare = bareNumber(trimmed, units);
  if (bare !== null) {
    if (units === 'km') return bare;
    if (field === 'weightT') return bare * POUND_T;
    // No miles to the gallon at all is more litres than any limit: the form says how many miles it must be at least.
    if (field === 'fuelLPer100Km') return bare > 0 ? MPG_TIMES_L_PER_100_KM / bare : Number.MAX_VALUE;
    return bare * FOOT_M;
  }
  if (field === 'fuelLPer100Km') return Number.NaN;
  const reading = field === 'weightT' ? parseWeightLimit(trimmed) : parseLength(trimmed);
  return reading.status === 'value' ? reading.value : Number.NaN;
}

/**
 * The sentence for a figure out of range (a zod issue of customVehicleSchema, whose bounds are in metres, tonnes and
 * L/100 km), in the units shown. Bounds are rounded inwards, so a figure written as the sentence says is accepted.
 * Fuel use turns round in mpg: the fewest litres are the most miles.
 */
export function rigRangeSentence(field: RigField, bound: 'min' | 'max', limit: number, units: Units): string {
  const name = FIELD_NAME[field];
  if (units === 'km') return `${name} must be at ${bound === 'min' ? 'least' : 'most'} ${formatRigFigure(field, limit, 'km')}`;
  const inwards = bound === 'min' ? Math.ceil : Math.floor;
  if (field === 'fuelLPer100Km') return `${name} must be at ${bound === 'min' ? 'most' : 'least'} ${mpg(limit, bound === 'min' ? Math.floor : Math.ceil)}`;
  return `${name} must be at ${bound === 'min' ? 'least' : 'most'} ${field === 'weightT' ? pounds(limit, inwards) : feetAndInches(limit, inwards)}`;
}

/** A restriction's sentence in the units shown: a size or weight limit is said again in feet or pounds with miles. */
export function restrictionWords(r: Restriction, units: Units): string {
  if (units === 'km' || !r.figures || !(r.kind in MEASURED_SENTENCES)) return r.sentence;
  const weight = r.kind === 'weight' || r.kind === 'hgv';
  const say = (value: number, step: number) => (weight ? pounds(value, Math.round, step) : feetAndInches(value, Math.round, step));
  // Rounded to the inch or ten pounds, a figure just over the limit can read as the limit: then finer ones, and at
  // last the metric sentence, whose figures differ.
  for (const step of weight ? WEIGHT_STEPS : SIZE_STEPS) {
    const [limit, actual] = [say(r.figures.limit, step), say(r.figures.actual, step)];
    if (limit !== actual) return MEASURED_SENTENCES[r.kind as MeasuredKind](limit, actual, r.tag);
  }
  return r.sentence;
}
