/** Case- and accent-insensitive text: the same folding for names, keywords and the name sort key. */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** Words as FTS5's unicode61 tokenizer sees them: runs of letters and digits, folded. */
export function words(text: string): string[] {
  return fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}
