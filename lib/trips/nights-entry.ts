import { MAX_NIGHTS } from './limits';

/** What a nights field's text means: a number to save, nothing yet (emptied to type another), or why not. */
export type NightsEntry = { save: number } | { wait: true } | { invalid: string };

const NIGHTS_RULE = `Nights are a whole number from 0 to ${MAX_NIGHTS}`;
export const NIGHTS_SENTENCE = `${NIGHTS_RULE}.`;

/** `badInput`: the browser's number field holds something that is no number (its value is empty then). */
export function nightsEntry(text: string, badInput = false): NightsEntry {
  const value = text.trim();
  if (value === '' && !badInput) return { wait: true };
  if (badInput || !/^\d+$/.test(value)) return { invalid: NIGHTS_SENTENCE };
  const nights = Number(value);
  return nights <= MAX_NIGHTS ? { save: nights } : { invalid: NIGHTS_SENTENCE };
}

/** Said when the field is left with what cannot be saved: the stop keeps its nights. */
export const nightsKeptSentence = (nights: number) => `${NIGHTS_RULE}: the stop keeps ${nights} ${nights === 1 ? 'night' : 'nights'}.`;
