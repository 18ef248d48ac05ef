// Go to's status line; issue 49: "RV parks near Moab" is a kind of place and a place, and the line says how to ask it.
import { describe, expect, it } from 'vitest';
import { goToStatus } from '@/components/explorer/go-to-status';

const said = (text: string) => goToStatus({ shown: 0, noMatch: true, text, wentTo: null });

describe('what Go to says when nothing matches', () => {
  it('points a kind of place near a place to the place, then the filter', () => {
    expect(said('RV parks near Moab')).toBe('No place called “RV parks near Moab”. Go to “Moab”, then choose “RV parks” under Filters, in Tags.');
    expect(said('campgrounds in Zion ')).toBe('No place called “campgrounds in Zion”. Go to “Zion”, then choose “campgrounds” under Filters, in Tags.');
  });

  it('asks for a city, a state or a park’s name otherwise', () => {
    expect(said('Qwzxv')).toBe('No place called “Qwzxv”. Try a city, a state or a park’s name.');
  });

  it('counts the suggestions shown, and says where the map went or what was added', () => {
    expect(goToStatus({ shown: 2, noMatch: false, text: 'Mo', wentTo: null })).toBe('2 suggestions: use the up and down arrows, then Enter.');
    expect(goToStatus({ shown: 0, noMatch: false, text: '', wentTo: 'Moab, UT' })).toBe('The map shows Moab, UT.');
    expect(goToStatus({ shown: 0, noMatch: false, text: '', wentTo: 'Moab, UT', done: (w) => `Added ${w} to the trip.` })).toBe('Added Moab, UT to the trip.');
  });
});
