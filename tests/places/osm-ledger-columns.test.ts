// The import's matching data in typed columns (issue 50: memory whatever the extract's size): the store's ledger
// and the objects of an import give back what was put in.
import { describe, expect, it } from 'vitest';
import { CandidateList, osmKeyCode, osmKeyText } from '@/lib/places/store/candidate-list';
import { SourceLedger } from '@/lib/places/store/source-ledger';
import type { SourceRow } from '@/lib/places/store/types';

describe('OpenStreetMap keys as numbers', () => {
  it('keeps the type and the id, up to ids far above today’s (13 billion nodes)', () => {
    for (const key of ['n1', 'w0', 'r17', 'n13000000000', 'w999999999999']) expect(osmKeyText(osmKeyCode(key))).toBe(key);
    expect(new Set(['n5', 'w5', 'r5'].map(osmKeyCode)).size).toBe(3);
    for (const bad of ['x5', 'n', 'n-1', 'n1.5', 'n99999999999999999']) expect(() => osmKeyCode(bad), bad).toThrow(/not an OpenStreetMap object/);
  });
});

describe('SourceLedger', () => {
  const rows: SourceRow[] = Array.from({ length: 2500 }, (_, i) => ({
    key: `${'nwr'[i % 3]}${1000 + i}`,
    placeId: 10_000_000_000 + i,
    digest: (i * 7919).toString(16).padStart(40, '0'),
    kind: ['campground', 'rv-park', 'fuel'][i % 3],
    nameKey: i % 5 ? `place ${i} é` : '',
    lon: -110 + i / 1000,
    lat: 38 + i / 3000,
    previousIds: i % 100 === 0 ? [500 + i, 600 + i] : [],
  }));
  const ledger = SourceLedger.of(rows);

  it('gives back every row, found by its key, and the highest id it holds', () => {
    expect([...ledger.rows()]).toEqual(rows);
    for (const [i, row] of rows.entries()) {
      const at = ledger.find(osmKeyCode(row.key));
      expect(at).toBe(i);
      expect([ledger.placeId(at), ledger.digest(at), ledger.previousIds(at)]).toEqual([row.placeId, row.digest, row.previousIds]);
    }
    expect(ledger.find(osmKeyCode('n999'))).toBe(-1);
    expect(ledger.highestId()).toBe(10_000_000_000 + 2499);
    expect(new SourceLedger().highestId()).toBe(0);
  });
});

describe('CandidateList', () => {
  it('gives back every object, also once its columns crossed to another thread and lists were joined', () => {
    const objects = Array.from({ length: 1500 }, (_, i) => ({ key: `n${i * 3 + 1}`, kind: i % 2 ? 'fuel' : 'museum', nameKey: `name ${i} café`, lon: i / 10, lat: -i / 20 }));
    // The second part meets its kinds in the other order (fuel first), so its kind codes differ from the first's.
    const first = CandidateList.of(objects.slice(0, 701));
    const second = CandidateList.fromColumns(structuredClone(CandidateList.of(objects.slice(701)).columns()));
    const all = CandidateList.concat([first, second]);
    expect(all.length).toBe(1500);
    expect(Array.from({ length: all.length }, (_, i) => all.get(i))).toEqual(objects);
    expect(all.keyCode(4)).toBe(osmKeyCode('n13'));
  });
});
