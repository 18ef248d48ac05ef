import { queryWords } from '../search-plan';

/** FTS5 expressions from user text: only letters and digits reach the query, so no input is a syntax error. */
export function nameExpression(name: string): string | null {
  const w = queryWords(name);
  return w.length ? `{names} : (${w.map((t) => `"${t}"*`).join(' AND ')})` : null;
}

export function culturalExpression(text: string): string | null {
  const w = queryWords(text);
  return w.length ? w.map((t) => `"${t}"`).join(' AND ') : null;
}
