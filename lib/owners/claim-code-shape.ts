/** The code of a claim's e-mail as typed (spaces allowed, as a person groups digits), or null when it is not six digits. */
export function claimCodeTyped(typed: unknown): string | null {
  const code = typeof typed === 'string' ? typed.replace(/\s+/g, '') : '';
  return /^\d{6}$/.test(code) ? code : null;
}
