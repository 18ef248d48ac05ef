/** The API's one error shape: {"error": {"code", "message", "parameter"?}}. */
export const ERROR_STATUS = {
  invalid_parameter: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  rate_limited: 429,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly parameter?: string,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }

  body(): { error: { code: ErrorCode; message: string; parameter?: string } } {
    return { error: { code: this.code, message: this.message, ...(this.parameter ? { parameter: this.parameter } : {}) } };
  }
}

export const invalid = (parameter: string, message: string) => new ApiError('invalid_parameter', message, parameter);
