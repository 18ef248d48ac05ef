import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;
/** zxcvbn's score from 0 to 4; 3 is "safely unguessable: moderate protection from offline slow-hash scenario". */
const MIN_SCORE = 3;

let zxcvbn: ZxcvbnFactory | undefined;

function estimator(): ZxcvbnFactory {
  zxcvbn ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return zxcvbn;
}

/**
 * Why a new password is refused, or null when it is acceptable: at least 10 characters (NIST SP 800-63B asks for
 * 8 at least), at most 128, and not guessable by zxcvbn-ts (its lists of common passwords, words, names, keyboard
 * patterns, dates), counting the account's own username, e-mail and names as known words.
 */
export function passwordProblem(password: string, userInputs: string[] = []): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  const result = estimator().check(password, userInputs.filter(Boolean));
  if (result.score >= MIN_SCORE) return null;
  const hint = result.feedback.warning || result.feedback.suggestions[0] || 'Add more words or characters that are hard to guess.';
  return `This password is too easy to guess. ${hint}`;
}
