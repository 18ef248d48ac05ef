/** What a caught value says, for a log line or an error of one line: an Error's message, else the value as text. */
export const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));
