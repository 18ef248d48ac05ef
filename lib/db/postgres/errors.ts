/** The database cannot be reached or stopped answering: callers answer 503, never 500. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, readonly cause?: unknown) {
    super(message);
  }
}

/** SQLSTATE classes and Node error codes that mean "the server is not there", not "the query is wrong". */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[1-4]|53300|58)/;
const UNAVAILABLE_NODE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

export function isUnavailable(err: unknown): boolean {
  if (err instanceof DatabaseUnavailableError) return true;
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: string; message?: string };
  if (e.code && (UNAVAILABLE_NODE.has(e.code) || UNAVAILABLE_SQLSTATE.test(e.code))) return true;
  const m = e.message ?? '';
  return /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)/i.test(m);
}

/** Host and port of a connection URL, never its password: what logs and /healthz may name. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'invalid-url';
  }
}
