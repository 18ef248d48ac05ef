/** A word's letters and digits: "O'Neil" is ONeil, "<b>Rossi</b>" is bRossib. */
const lettersOf = (word: string) => word.match(/[\p{L}\p{N}]/gu)?.join('') ?? '';

/** The two letters on the account button: first and last word of the name, else the start of the e-mail. */
export function initials(name: string | null, email: string | null): string {
  for (const source of [name, email]) {
    const words = (source ?? '').split(/\s+/).map(lettersOf).filter(Boolean);
    if (words.length > 1) return (words[0][0] + words.at(-1)![0]).toUpperCase();
    if (words.length === 1) return words[0].slice(0, 2).toUpperCase();
  }
  return '?';
}
