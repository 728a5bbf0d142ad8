/** One error type for every expected failure; the HTTP error handler and the tool server map it to their envelopes. */

/** Every machine-readable code an API, tool or CLI failure may carry (statuses and meanings: docs/contract.md, Errors). */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'INVALID_REQUEST',
  'PARSE_ERROR',
  'UNSUPPORTED_FORMAT',
  'MISSING_FILE',
  'UNAUTHORIZED',
  'INVALID_TOKEN',
  'INVALID_CREDENTIALS',
  // docs/identity.md
  'MFA_REQUIRED',
  'MFA_ENROLMENT_REQUIRED',
  'PROVIDER_UNAVAILABLE',
  'FORBIDDEN',
  'INSUFFICIENT_SCOPE',
  'NOT_PERMITTED',
  'NOT_FOUND',
  'CONFLICT',
  'FILE_TOO_LARGE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  // docs/resilience.md, "Large uploads"
  'SERVER_BUSY',
  // docs/resilience.md
  'TOO_MANY_COMPONENTS',
  'TOO_MANY_FINDINGS',
  'REQUEST_TIMEOUT',
  'IDEMPOTENCY_CONFLICT',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'DB_ERROR',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorDetail {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetail[] | undefined;
  /** Sent as Retry-After: the refusal is back-pressure, and the same request will do later. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    status: number,
    message: string,
    options: { cause?: unknown; details?: ErrorDetail[]; retryAfterSeconds?: number } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const notFound = (what: string, id: string) =>
  new AppError('NOT_FOUND', 404, `${what} '${id}' was not found`);

export const validationFailed = (message: string, details?: ErrorDetail[]) =>
  new AppError('VALIDATION_FAILED', 400, message, details ? { details } : {});

/** A store failure: the message never carries SQL or driver text; the cause keeps it for the log. */
export const dbError = (cause: unknown) =>
  new AppError('DB_ERROR', 500, 'The data store failed to complete the request', { cause });
