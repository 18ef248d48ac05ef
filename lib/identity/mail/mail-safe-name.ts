/**
 * A person's name as a mail may carry it, or null: only letters, marks, spaces, apostrophes, hyphens and periods,
 * up to 60 characters, and no period before a letter (so no "example.com" a mail client would turn into a link).
 * The address an invitation goes to may be anyone's; the name an administrator chose must not turn the mail into
 * their message.
 */
export function mailSafeName(name: string): string | null {
  const trimmed = name.replace(/\s+/g, ' ').trim();
  if (!/^\p{L}[\p{L}\p{M}' .-]{0,59}$/u.test(trimmed)) return null;
  if (/\.\p{L}/u.test(trimmed)) return null;
  return trimmed;
}
