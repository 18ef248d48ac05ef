/** The two letters on the account button: first and last word of the name, else the start of the e-mail. */
export function initials(name: string | null, email: string | null): string {
  const source = name?.trim() || email || '?';
  const words = source.split(/\s+/).filter(Boolean);
  return (words.length > 1 ? words[0][0] + words[words.length - 1][0] : source.slice(0, 2)).toUpperCase();
}
