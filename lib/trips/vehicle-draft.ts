import type { Units } from '@/lib/explorer/geo';
import { customVehicleSchema, PRESET_VEHICLES } from '@/lib/roads/vehicle';
import { RIG_FIELDS, type RigField, readRigFigure, rigFigureText, rigRangeSentence } from './rig-units';
import type { TripVehicle } from './vehicle';

/** The rig's own figures as the form holds them: each as typed, in the units shown. */
export interface CustomDraft {
  label: string;
  carryingPropane: boolean;
  figures: Record<RigField, string>;
  /** What the form opened with: a field left as it was keeps its exact figure, not one read back from feet. */
  opened: Record<RigField, { text: string; value: number }>;
}

/** The figures to start the fields with, in the units shown: the trip's own rig, or those of its preset. */
export function draftOf(vehicle: TripVehicle, units: Units): CustomDraft {
  const v = vehicle.preset === 'custom' ? vehicle : { ...PRESET_VEHICLES[vehicle.preset], label: 'My vehicle' };
  const entries = RIG_FIELDS.map((field) => [field, { text: rigFigureText(field, v[field], units), value: v[field] }] as const);
  const opened = Object.fromEntries(entries) as CustomDraft['opened'];
  const figures = Object.fromEntries(entries.map(([field, { text }]) => [field, text])) as CustomDraft['figures'];
  return { label: v.label, carryingPropane: v.carryingPropane, figures, opened };
}

export type DraftReading = { ok: true; vehicle: TripVehicle } | { ok: false; message: string };

/** The rig the draft describes, in metres and tonnes, checked as the server checks it; or the first problem, in the units shown. */
export function readDraft(draft: CustomDraft, units: Units): DraftReading {
  const figure = (field: RigField) => {
    const text = draft.figures[field];
    return text === draft.opened[field].text ? draft.opened[field].value : readRigFigure(field, text, units);
  };
  const input = { label: draft.label, carryingPropane: draft.carryingPropane, ...Object.fromEntries(RIG_FIELDS.map((field) => [field, figure(field)])) };
  const parsed = customVehicleSchema.safeParse(input);
  if (parsed.success) return { ok: true, vehicle: { preset: 'custom', ...parsed.data } };
  const issue = parsed.error.issues[0];
  const field = issue.path[0] as RigField;
  if (RIG_FIELDS.includes(field) && (issue.code === 'too_small' || issue.code === 'too_big')) {
    const bound = issue.code === 'too_small' ? Number(issue.minimum) : Number(issue.maximum);
    return { ok: false, message: rigRangeSentence(field, issue.code === 'too_small' ? 'min' : 'max', bound, units) };
  }
  return { ok: false, message: issue.message };
}
