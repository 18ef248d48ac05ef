/** An error as the page tells it: what happened and what to do, in the page's words; the server's text apart. */
export interface ExplainedError {
  title: string;
  advice: string;
  /** The code and the server's own message, for a details line. */
  technical: string;
}

interface ErrorLike {
  status?: number;
  code?: string;
  message?: string;
  retryAfterSeconds?: number;
}

const WORDS: Record<string, Pick<ExplainedError, 'title' | 'advice'>> = {
  network: { title: 'Trip Explorer could not be reached', advice: 'Check your connection, then try again.' },
  upstream_unavailable: { title: 'The place service is not answering', advice: 'It may be busy or restarting: try again in a moment.' },
  upstream_error: { title: 'The place service ran into a problem', advice: 'Try again in a moment. If it keeps happening, tell us what you were searching for.' },
  upstream_unauthorized: { title: 'The place service refused this site’s credentials', advice: 'This needs the site’s administrator: searching will not work until they fix it.' },
  not_configured: { title: 'Searching is not set up on this server', advice: 'This needs the site’s administrator.' },
  rate_limited: { title: 'Too many searches in a short time', advice: 'Wait a minute, then try again.' },
  invalid_parameter: { title: 'This search could not be made', advice: 'Change the area or a filter (or reset the filters), then try again.' },
  forbidden: { title: 'Your account cannot make this search', advice: 'Remove the filter it cannot use, or switch organization.' },
  not_found: { title: 'This place does not exist (any more)', advice: 'It may have been removed. Close it and pick another place.' },
};

/** Reads an error from the Explorer's route handlers (`ExplorerApiError`: status, code, message) or anything else. */
export function explainError(error: unknown): ExplainedError {
  const e = (error ?? {}) as ErrorLike;
  const code = e.code ?? (e.status === 429 ? 'rate_limited' : e.status === 404 ? 'not_found' : 'error');
  let words = WORDS[code] ?? { title: 'Something went wrong', advice: 'Try again. If it keeps happening, reload the page.' };
  if (code === 'rate_limited' && e.retryAfterSeconds) {
    const wait = e.retryAfterSeconds < 90 ? `${e.retryAfterSeconds} second${e.retryAfterSeconds === 1 ? '' : 's'}` : `${Math.ceil(e.retryAfterSeconds / 60)} minutes`;
    words = { ...words, advice: `Wait ${wait}, then try again.` };
  }
  const technical = [e.status ? `HTTP ${e.status}` : null, code, e.message].filter(Boolean).join(' · ');
  return { ...words, technical };
}

/**
 * Whether asking again may give another answer: not for a request the server refused as it stands (a 4xx: an unknown
 * place, a bad filter), but for the network, the server's own failures (5xx), a timeout and a rate limit.
 */
export function mayRetry(error: unknown): boolean {
  const status = (error as ErrorLike | null)?.status;
  return status === undefined || status === 0 || status === 408 || status === 429 || status >= 500;
}
