import { describe, expect, it } from 'vitest';
import type { Restriction } from '@/lib/roads/restrictions';
import { PRESET_VEHICLES } from '@/lib/roads/vehicle';
import { feetAndInches, formatRigFigure, pounds, readRigFigure, restrictionWords, rigFigureText } from '@/lib/trips/rig-units';
import { draftOf, readDraft } from '@/lib/trips/vehicle-draft';
import { describeVehicle } from '@/lib/trips/vehicle-words';

const classA = { ...PRESET_VEHICLES['class-a'], preset: 'custom' as const, label: 'Our rig' };

describe('rig figures in feet and pounds', () => {
  it('says sizes to the inch, weights to ten pounds and fuel in US mpg', () => {
    expect(feetAndInches(3.9)).toBe('12 ft 10 in');
    expect(feetAndInches(3.6576)).toBe('12 ft');
    expect(pounds(13)).toBe('28,660 lb');
    expect(formatRigFigure('fuelLPer100Km', 30, 'mi')).toBe('7.8 mpg');
    expect(formatRigFigure('heightM', 3.9, 'km')).toBe('3.9 m');
    expect(formatRigFigure('weightT', 13, 'km')).toBe('13 t');
    expect(describeVehicle(PRESET_VEHICLES['class-a'], 'mi')).toBe('Class A motorhome: 12 ft 10 in high, 8 ft 6 in wide, 39 ft 4 in long, 28,660 lb, carrying propane');
  });

  it('reads a bare number in the units shown, and a size or weight with its own unit as OSM writes them', () => {
    expect(readRigFigure('heightM', '12.5', 'mi')).toBeCloseTo(3.81, 6);
    expect(readRigFigure('heightM', `12'6"`, 'mi')).toBeCloseTo(3.81, 6);
    expect(readRigFigure('heightM', '12 ft 6 in', 'km')).toBeCloseTo(3.81, 6);
    expect(readRigFigure('heightM', '3.8 m', 'mi')).toBeCloseTo(3.8, 9);
    expect(readRigFigure('heightM', '3,8', 'km')).toBeCloseTo(3.8, 9);
    expect(readRigFigure('weightT', '26,000', 'mi')).toBeCloseTo(11.793, 3);
    expect(readRigFigure('weightT', '12 t', 'mi')).toBe(12);
    expect(readRigFigure('fuelLPer100Km', '10', 'mi')).toBeCloseTo(23.521, 3);
    expect(readRigFigure('heightM', 'tall', 'mi')).toBeNaN();
    // 0 mpg is more fuel than any limit: the form then says the least mpg it takes.
    expect(readRigFigure('fuelLPer100Km', '0', 'mi')).toBe(Number.MAX_VALUE);
    expect(readRigFigure('heightM', '-3', 'mi')).toBeCloseTo(-0.9144, 6);
  });

  it('keeps an untouched figure exactly as it was, whatever the units shown', () => {
    for (const units of ['km', 'mi'] as const) {
      const reading = readDraft(draftOf(classA, units), units);
      expect(reading).toEqual({ ok: true, vehicle: classA });
    }
    expect(rigFigureText('heightM', 3.9, 'mi')).toBe(`12'10"`);
    expect(rigFigureText('lengthM', 3.6576, 'mi')).toBe(`12'`);
    expect(rigFigureText('weightT', 13, 'mi')).toBe('28660');
    const draft = draftOf(classA, 'mi');
    const taller = readDraft({ ...draft, figures: { ...draft.figures, heightM: `13'6"` } }, 'mi');
    expect(taller.ok && taller.vehicle.preset === 'custom' && taller.vehicle.heightM).toBeCloseTo(4.1148, 6);
  });

  it('says a figure out of range in the units shown, with bounds rounded inwards so that figure is accepted', () => {
    const draft = draftOf(classA, 'mi');
    const withFigure = (field: keyof typeof draft.figures, text: string) => readDraft({ ...draft, figures: { ...draft.figures, [field]: text } }, 'mi');
    expect(withFigure('heightM', '16.5')).toEqual({ ok: false, message: 'Height must be at most 16 ft' });
    expect(withFigure('heightM', '16').ok).toBe(true);
    expect(withFigure('heightM', '3')).toEqual({ ok: false, message: 'Height must be at least 3 ft 4 in' });
    expect(withFigure('heightM', `3'4"`).ok).toBe(true);
    expect(withFigure('weightT', '140,000')).toEqual({ ok: false, message: 'Weight must be at most 132,270 lb' });
    expect(withFigure('weightT', '132270').ok).toBe(true);
    expect(withFigure('fuelLPer100Km', '1')).toEqual({ ok: false, message: 'Fuel use must be at least 2.4 mpg' });
    expect(withFigure('fuelLPer100Km', '2.4').ok).toBe(true);
    expect(withFigure('fuelLPer100Km', '300')).toEqual({ ok: false, message: 'Fuel use must be at most 235.2 mpg' });
    expect(withFigure('fuelLPer100Km', '235.2').ok).toBe(true);
    expect(withFigure('heightM', 'tall')).toEqual({ ok: false, message: 'Height must be a number' });
    expect(withFigure('heightM', '-3')).toEqual({ ok: false, message: 'Height must be at least 3 ft 4 in' });
    expect(withFigure('weightT', '-1,000')).toEqual({ ok: false, message: expect.stringMatching(/^Weight must be at least /) });
    expect(withFigure('fuelLPer100Km', '0')).toEqual({ ok: false, message: 'Fuel use must be at least 2.4 mpg' });
    expect(withFigure('fuelLPer100Km', '-8')).toEqual({ ok: false, message: 'Fuel use must be at least 2.4 mpg' });
    const metric = draftOf(classA, 'km');
    expect(readDraft({ ...metric, figures: { ...metric.figures, heightM: '30' } }, 'km')).toEqual({ ok: false, message: 'Height must be at most 4.9 m' });
    expect(readDraft({ ...metric, figures: { ...metric.figures, heightM: '-1' } }, 'km')).toEqual({ ok: false, message: expect.stringMatching(/^Height must be at least /) });
  });

  it('says a size or weight limit in feet or pounds with miles, and the exact one where rounding would hide the difference', () => {
    const bridge: Restriction = { kind: 'height', sentence: 'Clearance 3.6 m, your rig is 3.9 m high', figures: { limit: 3.6, actual: 3.9 } };
    expect(restrictionWords(bridge, 'mi')).toBe('Clearance 11 ft 10 in, your rig is 12 ft 10 in high');
    expect(restrictionWords(bridge, 'km')).toBe(bridge.sentence);
    const weight: Restriction = { kind: 'weight', sentence: 'Weight limit 7.5 t, your rig weighs 13 t', figures: { limit: 7.5, actual: 13 } };
    expect(restrictionWords(weight, 'mi')).toBe('Weight limit 16,530 lb, your rig weighs 28,660 lb');
    // Equal to the inch (11 ft 10 in both), said to the quarter inch; equal even to a hundredth, the metric sentence.
    const justOver: Restriction = { kind: 'height', sentence: 'Clearance 3.6 m, your rig is 3.61 m high', figures: { limit: 3.6, actual: 3.6068 } };
    expect(restrictionWords(justOver, 'mi')).toBe('Clearance 11 ft 9.75 in, your rig is 11 ft 10 in high');
    const hair: Restriction = { kind: 'height', sentence: 'Clearance 3.6 m, your rig is 3.6 m high', figures: { limit: 3.6, actual: 3.60001 } };
    expect(restrictionWords(hair, 'mi')).toBe(hair.sentence);
    const heavier: Restriction = { kind: 'weight', sentence: 'Weight limit 7.49 t, your rig weighs 7.49 t', figures: { limit: 7.4894, actual: 7.4905 } };
    expect(restrictionWords(heavier, 'mi')).toBe('Weight limit 16,511 lb, your rig weighs 16,514 lb');
    const hgv: Restriction = { kind: 'hgv', sentence: 'No vehicles over 3.5 t (hgv=no), your rig weighs 13 t', figures: { limit: 3.5, actual: 13 }, tag: 'no' };
    expect(restrictionWords(hgv, 'mi')).toBe('No vehicles over 7,720 lb (hgv=no), your rig weighs 28,660 lb');
    expect(restrictionWords(hgv, 'km')).toBe(hgv.sentence);
    // A leg planned before the heavy vehicles' limit carried its figures keeps its sentence.
    const older: Restriction = { kind: 'hgv', sentence: 'No vehicles over 3.5 t (hgv=no), your rig weighs 13 t' };
    expect(restrictionWords(older, 'mi')).toBe(older.sentence);
  });
});
