/** One error type for every expected failure; the HTTP error handler and the tool server map it to their envelopes. */
export interface ErrorDetail {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: ErrorDetail[] | undefined;

  constructor(
    code: string,
    status: number,
    message: string,
    options: { cause?: unknown; details?: ErrorDetail[] } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.details = options.details;
  }
}

export const notFound = (what: string, id: string) =>
  new AppError('NOT_FOUND', 404, `${what} '${id}' was not found`);

export const validationFailed = (message: string, details?: ErrorDetail[]) =>
  new AppError('VALIDATION_FAILED', 400, message, details ? { details } : {});

/** A store failure: the message never carries SQL or driver text; the cause keeps it for the log. */
export const dbError = (cause: unknown) =>
  new AppError('DB_ERROR', 500, 'The data store failed to complete the request', { cause });
