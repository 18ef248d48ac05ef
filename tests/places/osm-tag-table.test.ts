// The places import's rules that need no extract (issue 50): the tag table (and docs/osm-import.md's copy of it),
// chains, opening hours and the id rules.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chainOf } from '@/lib/places/osm/chains';
import { type Candidate, CandidateList } from '@/lib/places/store/candidate-list';
import { keepIds as keepIdsOf, OSM_FIRST_PLACE_ID, type SourceRow } from '@/lib/places/osm/keep-ids';
import { SourceLedger } from '@/lib/places/store/source-ledger';
import { hoursFromOsm } from '@/lib/places/osm/opening-hours';
import { kindOf, OSM_KINDS } from '@/lib/places/osm/tag-table';

describe('the tag table', () => {
  it('is the table docs/osm-import.md prints, row for row', () => {
    const doc = fs.readFileSync('docs/osm-import.md', 'utf8');
    const section = doc.slice(doc.indexOf('## What becomes a place'), doc.indexOf('Further Standard Tags'));
    const rows = section.split('\n').filter((l) => l.startsWith('| `'));
    expect(rows.map((r) => r.split(' | ').slice(1).join(' | '))).toEqual(
      OSM_KINDS.map((k) => `${k.label} | \`${k.kind}\` | ${k.tags.map((t) => `\`${t}\``).join(', ')} | ${k.nameless ? 'named after its kind' : 'skipped'} |`),
    );
  });

  it('takes the first row that matches, and its extra conditions', () => {
    expect(kindOf({ tourism: 'caravan_site' })?.kind).toBe('rv-park');
    expect(kindOf({ shop: 'car_repair' })).toBeNull();
    expect(kindOf({ shop: 'car_repair', 'service:vehicle:caravan': 'yes' })?.kind).toBe('rv-service');
    expect(kindOf({ tourism: 'information', information: 'board' })).toBeNull();
    expect(kindOf({ tourism: 'information', information: 'visitor_centre' })?.kind).toBe('visitor-center');
    expect(kindOf({ amenity: 'restaurant', craft: 'brewery' })?.kind).toBe('brewery');
    expect(kindOf({ shop: 'clothes' })).toBeNull();
  });

  it('finds chains by brand, operator or name, whatever the case, accents and punctuation', () => {
    expect(chainOf({ brand: 'Kampgrounds of America' })?.public_id).toBe('koa');
    expect(chainOf({ brand: "LOVE'S" })?.public_id).toBe('loves');
    expect(chainOf({ operator: 'Thousand Trails' })?.public_id).toBe('thousand-trails');
    expect(chainOf({ name: 'Starbucks' })?.public_id).toBe('starbucks');
    expect(chainOf({ brand: 'Maverik' })).toBeNull();
  });

  it('finds chains by brand:wikidata first, whatever the brand or name says', () => {
    // A Love's mapped with its brand id and a local name; a BP pump tagged with Pilot's id is a Pilot.
    expect(chainOf({ 'brand:wikidata': 'Q1872496', name: 'Travel Stop #312' })?.public_id).toBe('loves');
    expect(chainOf({ brand: 'BP', 'brand:wikidata': 'Q64128179' })?.public_id).toBe('pilot-flying-j');
    expect(chainOf({ 'brand:wikidata': 'Q64130592' })?.public_id).toBe('pilot-flying-j');
    expect(chainOf({ 'operator:wikidata': 'Q7797073', operator: 'TT Resorts' })?.public_id).toBe('thousand-trails');
    expect(chainOf({ 'brand:wikidata': 'Q999999999;Q16988635' })?.public_id).toBe('koa');
    // An id of no chain of the catalog falls back to the names.
    expect(chainOf({ 'brand:wikidata': 'Q7339377', brand: 'Shell' })?.public_id).toBe('shell');
    expect(chainOf({ 'brand:wikidata': 'Q7339377', brand: 'Road Ranger' })).toBeNull();
  });
});

describe('opening hours', () => {
  const where = { country: 'US', state: 'Utah', today: '2026-11-29' };
  it('reads clean values into the weekly schedule, splitting a night at midnight', () => {
    expect(hoursFromOsm('Fr-Sa 18:00-02:00', where).hours['<default>']).toEqual({
      sun_open_close: ['00:00-02:00'], mon_open_close: [], tue_open_close: [], wed_open_close: [], thu_open_close: [],
      fri_open_close: ['18:00-24:00'], sat_open_close: ['00:00-02:00', '18:00-24:00'],
    });
    expect(hoursFromOsm('24/7', where).hours['<default>']?.wed_open_close).toEqual(['00:00-24:00']);
  });

  it('leaves out, and says so, what the library cannot read or reads only by correcting it', () => {
    expect(hoursFromOsm('Mo-Fr 8-5', where)).toMatchObject({ hours: {}, outcome: 'corrected' });
    expect(hoursFromOsm('open when the sun shines', where)).toMatchObject({ hours: {}, outcome: 'unreadable' });
    expect(hoursFromOsm(undefined, where)).toMatchObject({ hours: {}, outcome: 'absent' });
  });

  it('makes a season a summer schedule and its closed months a closure', () => {
    const h = hoursFromOsm('May-Sep: 09:00-17:00', { ...where, today: '2026-04-01' });
    expect(h.hours['<default>']?.mon_open_close).toEqual([]);
    expect(h.hours.summer?.mon_open_close).toEqual(['09:00-17:00']);
    expect(h.closures).toEqual([
      { id: 1, start_date: '2026-04-01', end_date: '2026-04-30', reason: 'Closed for the season' },
      { id: 2, start_date: '2026-10-01', end_date: '2027-04-30', reason: 'Closed for the season' },
    ]);
  });
});

describe('ids that last (keepIds)', () => {
  const row = (key: string, placeId: number, over: Partial<SourceRow> = {}): SourceRow => ({
    key, placeId, digest: 'd0'.repeat(20), kind: 'campground', nameKey: 'moabkoa', lon: -109.55, lat: 38.57, previousIds: [], ...over,
  });
  const ledger = (...rows: SourceRow[]) => SourceLedger.of(rows);
  const keepIds = (before: SourceLedger, candidates: Candidate[]) => {
    const assigned = keepIdsOf(before, CandidateList.of(candidates));
    const each = candidates.map((_, i) => i);
    return {
      ids: [...assigned.ids],
      origin: each.map((i) => assigned.origin(i)),
      previousIds: each.map((i) => assigned.previousIds(i)),
      removed: assigned.removed,
      merged: assigned.merged,
      goneKeys: assigned.goneKeys,
    };
  };
  const candidate = (key: string, over: Partial<SourceRow> = {}) => {
    const { placeId: _p, digest: _d, previousIds: _v, ...c } = row(key, 0, over);
    return c;
  };

  it('gives new objects new ids from the first imported id up, above any id given before', () => {
    expect(keepIds(ledger(), [candidate('n1'), candidate('n2', { nameKey: 'other' })]).ids).toEqual([OSM_FIRST_PLACE_ID, OSM_FIRST_PLACE_ID + 1]);
    const later = keepIds(ledger(row('n1', OSM_FIRST_PLACE_ID + 7, { previousIds: [OSM_FIRST_PLACE_ID + 9] })), [candidate('n1'), candidate('n5', { nameKey: 'new' })]);
    expect(later.ids).toEqual([OSM_FIRST_PLACE_ID + 7, OSM_FIRST_PLACE_ID + 10]);
    expect(later.origin).toEqual(['same', 'new']);
  });

  it('hands a gone object\'s id to one redrawn within 150 m with the same kind and name, and to no other', () => {
    const before = ledger(row('n1', 11));
    expect(keepIds(before, [candidate('w9', { lon: -109.5505 })])).toMatchObject({ ids: [11], origin: ['remapped'], removed: [], goneKeys: ['n1'] });
    expect(keepIds(before, [candidate('w9', { lon: -109.553 })]).removed).toEqual([11]);
    expect(keepIds(before, [candidate('w9', { nameKey: 'cityMarket' })]).removed).toEqual([11]);
    expect(keepIds(before, [candidate('w9', { kind: 'rv-park' })]).removed).toEqual([11]);
  });

  it('merges a gone place into a neighbour of the same kind and name, with its previous ids', () => {
    const result = keepIds(ledger(row('n1', 11, { previousIds: [5] }), row('n2', 12, { lon: -109.5502 })), [candidate('n2', { lon: -109.5502 })]);
    expect(result).toMatchObject({ ids: [12], previousIds: [[5, 11]], merged: [11], removed: [] });
    const withOwn = keepIds(ledger(row('n1', 11, { previousIds: [5] }), row('n2', 12, { lon: -109.5502, previousIds: [30, 8] })), [candidate('n2', { lon: -109.5502 })]);
    expect(withOwn).toMatchObject({ ids: [12], origin: ['same'], previousIds: [[5, 8, 11, 30]], merged: [11] });
  });
});
