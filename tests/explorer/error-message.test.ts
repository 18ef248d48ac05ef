import { describe, expect, it } from 'vitest';
import { explainError, mayRetry } from '@/lib/explorer/error-message';
import { ExplorerApiError } from '@/lib/explorer/fetch-json';

describe('errors in the page’s words', () => {
  it('says what happened and what to do, keeping the server’s text for the details line', () => {
    expect(explainError(new ExplorerApiError(502, 'upstream_unavailable', 'The place service is unreachable.'))).toEqual({
      title: 'The place service is not answering',
      advice: 'It may be busy or restarting: try again in a moment.',
      technical: 'HTTP 502 · upstream_unavailable · The place service is unreachable.',
    });
  });

  it('tells a connection problem, a refused parameter and a rate limit apart', () => {
    expect(explainError(new ExplorerApiError(0, 'network', 'Could not reach the server.')).title).toBe('Trip Explorer could not be reached');
    expect(explainError(new ExplorerApiError(400, 'invalid_parameter', 'radius: too big')).advice).toMatch(/reset the filters/);
    expect(explainError({ status: 429, message: 'slow down' }).title).toBe('Too many searches in a short time');
  });

  it('tells how long to wait when the server said (Retry-After)', () => {
    const limited = (s: number) => explainError(new ExplorerApiError(429, 'rate_limited', `retry after ${s} s`, s)).advice;
    expect(limited(1)).toBe('Wait 1 second, then try again.');
    expect(limited(15)).toBe('Wait 15 seconds, then try again.');
    expect(limited(600)).toBe('Wait 10 minutes, then try again.');
    expect(explainError(new ExplorerApiError(429, 'rate_limited', 'slow down')).advice).toBe('Wait a minute, then try again.');
  });

  it('has words for anything else too', () => {
    expect(explainError(new Error('boom'))).toEqual({ title: 'Something went wrong', advice: 'Try again. If it keeps happening, reload the page.', technical: 'error · boom' });
    expect(explainError(undefined).technical).toBe('error');
  });

  it('offers to try again only where another try may answer otherwise', () => {
    expect(mayRetry(new ExplorerApiError(404, 'not_found', 'no such place'))).toBe(false);
    expect(mayRetry(new ExplorerApiError(400, 'invalid_parameter', 'bad'))).toBe(false);
    expect(mayRetry(new ExplorerApiError(403, 'forbidden', 'no'))).toBe(false);
    expect(mayRetry(new ExplorerApiError(0, 'network', 'offline'))).toBe(true);
    expect(mayRetry(new ExplorerApiError(429, 'rate_limited', 'slow down'))).toBe(true);
    expect(mayRetry(new ExplorerApiError(503, 'upstream_unavailable', 'down'))).toBe(true);
    expect(mayRetry(new Error('boom'))).toBe(true);
  });
});
