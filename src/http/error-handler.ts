/** Maps every failure (AppError, validation, store, framework) to the envelope with its status and code. */
import type { FastifyError } from 'fastify';
import type { App } from './app-type.ts';
import { AppError, type ErrorCode, type ErrorDetail } from '../errors.ts';
import { isStoreFailure } from '../db/store-error.ts';
import { failure } from './envelope.ts';

interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { keys?: string[] };
}

/** Zod issues (through the type provider) → `{path, message}` pairs naming the field the caller sent. */
function validationDetails(error: FastifyError): ErrorDetail[] {
  const where = error.validationContext ?? 'body';
  return ((error.validation ?? []) as ValidationIssue[]).map((v) => {
    const path = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const keys = v.keyword === 'unrecognized_keys' ? v.params?.keys : undefined;
    const message = keys?.length
      ? `unexpected field${keys.length > 1 ? 's' : ''} ${keys.map((k) => `'${k}'`).join(', ')}`
      : (v.message ?? 'invalid');
    return { path: path ? `${where}.${path}` : where, message };
  });
}

/** Framework errors that are the caller's fault, by Fastify code. */
const CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_REQUEST' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_REQUEST' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'INVALID_REQUEST' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, code: 'INVALID_REQUEST' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'FILE_TOO_LARGE' },
};

export function installErrorHandling(app: App): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A refusal with Retry-After is back-pressure the service chose, not a failure of it.
      if (error.retryAfterSeconds !== undefined)
        void reply.header('retry-after', String(error.retryAfterSeconds));
      else if (error.status >= 500)
        request.log.error({ err: error.cause ?? error, code: error.code }, error.message);
      return reply.status(error.status).send(failure(error.code, error.message, error.details));
    }
    if (error.validation) {
      const details = validationDetails(error);
      const summary = details.map((d) => `${d.path}: ${d.message}`).join('; ');
      return reply
        .status(400)
        .send(failure('VALIDATION_FAILED', `Request validation failed: ${summary}`, details));
    }
    if (isStoreFailure(error)) {
      request.log.error({ err: error.cause ?? error }, 'store failure');
      return reply.status(500).send(failure('DB_ERROR', 'The data store failed to complete the request'));
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send(failure(known.code, error.message));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(failure('INVALID_REQUEST', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failure('INTERNAL_ERROR', 'An internal error occurred'));
  });

  app.setNotFoundHandler(async (request, reply) =>
    reply
      .status(404)
      .send(failure('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`)),
  );
}
