// The forms of the OSM wiki's Key:maxheight, Key:maxweight, Key:maxspeed, Key:oneway, Key:access, Key:hazmat and
// Map features/Units pages, and the common mistakes those pages list.
import { describe, expect, it } from 'vitest';
import {
  parseAccess,
  parseLength,
  parseMaxspeed,
  parseOneway,
  parseSizeLimit,
  parseTunnelCategory,
  parseWeightLimit,
  type TagReading,
  WALKING_PACE_KMH,
} from '@/lib/roads/osm-units';

const number = (reading: TagReading<number>) => (reading.status === 'value' ? reading.value : reading.status);

describe('lengths (maxheight, maxwidth, maxlength)', () => {
  it.each([
    ['3', 3],
    ['3.8', 3.8],
    ['3.5 m', 3.5],
    ['3.5m', 3.5],
    ['4 metres', 4],
    ['.5', 0.5],
    ['350 cm', 3.5],
    ['0.2 km', 200],
    ['1.45 mi', 1.45 * 1609.344],
    ["6'7\"", 6 * 0.3048 + 7 * 0.0254],
    ["11'6\"", 3.5052],
    ["13'1\"", 13 * 0.3048 + 0.0254],
    ["11'", 11 * 0.3048],
    ["11' 6\"", 3.5052],
    ["6'7''", 6 * 0.3048 + 7 * 0.0254],
    ['12 ft', 12 * 0.3048],
    ['12ft', 12 * 0.3048],
    ['12 ft 6 in', 12 * 0.3048 + 6 * 0.0254],
    ['80"', 80 * 0.0254],
    ['  3.5  ', 3.5],
  ])('%j is %f m', (raw, metres) => {
    expect(number(parseSizeLimit(raw))).toBeCloseTo(metres, 9);
  });

  it.each(['none', 'default', 'no_sign', 'DEFAULT'])('%j means no limit', (raw) => {
    expect(parseSizeLimit(raw)).toEqual({ status: 'no-limit' });
  });

  it.each(['below_default', 'no_indications', 'unsigned'])('%j says a limit without its number', (raw) => {
    expect(parseSizeLimit(raw)).toEqual({ status: 'unknown', raw });
  });

  it.each(['3,5', '3.5.1', '-3', '0', '0 m', "0'", 'fourteen feet', '3.5 yd', '3.5;4', '', '12 ft 6', 'm', '3 m 20', `12'13"`, '12 ft 12 in'])(
    '%j is unreadable, reported with its text',
    (raw) => {
      expect(parseSizeLimit(raw)).toEqual({ status: 'unreadable', raw });
    },
  );

  it('parseLength does not take the limit keywords', () => {
    expect(parseLength('default')).toEqual({ status: 'unreadable', raw: 'default' });
  });
});

describe('weights (maxweight) in tonnes', () => {
  it.each([
    ['5', 5],
    ['5.5', 5.5],
    ['12 t', 12],
    ['12t', 12],
    ['7.5 st', 7.5 * 0.90718474],
    ['10 lt', 10.160469088],
    ['8000 kg', 8],
    ['26000 lbs', 26000 * 0.00045359237],
    ['13000 lb', 13000 * 0.00045359237],
  ])('%j is %f t', (raw, tonnes) => {
    expect(number(parseWeightLimit(raw))).toBeCloseTo(tonnes, 9);
  });

  it.each(['none', 'default'])('%j means no limit', (raw) => {
    expect(parseWeightLimit(raw)).toEqual({ status: 'no-limit' });
  });

  // The wiki's "invalid values": a wrong unit, a comma as the decimal mark, persons; and units naming two weights.
  it.each(['12 to', '3 persons', '0,6', '10 cwt', '10 tons', '2t5', '7.5 except loading', '0', 'heavy'])('%j is unreadable', (raw) => {
    expect(parseWeightLimit(raw)).toEqual({ status: 'unreadable', raw });
  });
});

describe('speeds (maxspeed) in km/h', () => {
  it.each([
    ['50', 50],
    ['60 km/h', 60],
    ['50 mph', 50 * 1.609344],
    ['10 knots', 18.52],
    ['30mph', 30 * 1.609344],
    ['walk', WALKING_PACE_KMH],
  ])('%j is %f km/h', (raw, kmh) => {
    expect(number(parseMaxspeed(raw))).toBeCloseTo(kmh, 9);
  });

  it('none means no limit', () => {
    expect(parseMaxspeed('none')).toEqual({ status: 'no-limit' });
  });

  it.each(['RU:urban', 'DE:rural', 'RO:motorway', 'FR:zone30', 'signals', 'variable', 'BE-VLG:rural'])('%j gives no number', (raw) => {
    expect(parseMaxspeed(raw)).toEqual({ status: 'unknown', raw });
  });

  it.each(['50;30', '50 kmph/h', 'fast', '-50', 'mph'])('%j is unreadable', (raw) => {
    expect(parseMaxspeed(raw)).toEqual({ status: 'unreadable', raw });
  });
});

describe('oneway', () => {
  it.each([
    ['yes', 'forward'],
    ['true', 'forward'],
    ['1', 'forward'],
    ['-1', 'backward'],
    ['reverse', 'backward'],
    ['no', 'both'],
    ['false', 'both'],
    ['0', 'both'],
    ['alternating', 'both'],
  ])('%j is %s', (raw, direction) => {
    expect(parseOneway(raw)).toEqual({ status: 'value', value: direction });
  });

  it('reversible is documented but no direction is always open', () => {
    expect(parseOneway('reversible')).toEqual({ status: 'unknown', raw: 'reversible' });
  });

  it.each(['yes;no', 'left', '2'])('%j is unreadable', (raw) => {
    expect(parseOneway(raw)).toEqual({ status: 'unreadable', raw });
  });
});

describe('access, hgv, hazmat', () => {
  it.each(['yes', 'no', 'private', 'destination', 'delivery', 'designated', 'permissive', 'customers', 'agricultural', 'forestry', 'permit', 'discouraged'])(
    '%j is read',
    (raw) => {
      expect(parseAccess(raw)).toEqual({ status: 'value', value: raw });
    },
  );

  it('unknown is documented but says nothing', () => {
    expect(parseAccess('unknown')).toEqual({ status: 'unknown', raw: 'unknown' });
  });

  it.each(['no;destination', 'nope', 'designated @ (Mo-Fr)'])('%j is unreadable', (raw) => {
    expect(parseAccess(raw)).toEqual({ status: 'unreadable', raw });
  });
});

describe('ADR tunnel categories', () => {
  it.each(['A', 'b', 'E'])('%j is read', (raw) => {
    expect(parseTunnelCategory(raw)).toEqual({ status: 'value', value: raw.toUpperCase() });
  });
  it.each(['F', 'B/D', ''])('%j is unreadable', (raw) => {
    expect(parseTunnelCategory(raw)).toEqual({ status: 'unreadable', raw });
  });
});
