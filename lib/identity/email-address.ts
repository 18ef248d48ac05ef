/** One e-mail address, however it was capitalized or padded with spaces: the directory keeps one account per address. */
export function sameAddress(a: string, b: string | null | undefined): boolean {
  return b != null && a.trim().toLowerCase() === b.trim().toLowerCase();
}
