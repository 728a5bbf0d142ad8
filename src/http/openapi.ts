/**
 * The OpenAPI document served at /api/v1/openapi.json and rendered at /api/v1/docs: what the routes declare
 * (their zod schemas, summary and description, and the `x-operation` extras below: extra error codes, a body
 * or file answer the zod schemas cannot state), completed here with every operation's operationId, its error
 * responses and codes, and the routes outside /api/v1 (docs/contract.md explains the envelope and the codes).
 * This module knows no domain: each operation's words and errors sit beside its route.
 */
import { VERSION } from '../version.ts';
import { operationIdOf } from './operation-id.ts';

export type Json = Record<string, unknown>;
type Operation = Json & { operationId?: string; requestBody?: Json; 'x-operation'?: OperationExtras };

/**
 * What a route adds to its operation beyond its zod schemas and its summary and description, under the route
 * schema's `x-operation` key (@fastify/swagger copies `x-` keys into the operation; completeOpenApi reads this
 * one and removes it, so the served document never shows it).
 */
export interface OperationExtras {
  /** Error statuses beyond the ones every authenticated operation has, with their codes. */
  errors?: Record<number, readonly string[]>;
  /** Common error statuses the operation never answers with the envelope (its own protocol answers them). */
  withoutCommonErrors?: readonly number[];
  /** The request body, when the zod schemas cannot declare it (a multipart form, a choice of formats). */
  requestBody?: Json;
  /** Success responses that replace the generated ones (a file rather than the envelope). */
  responses?: Record<number, Json>;
}

declare module 'fastify' {
  interface FastifySchema {
    'x-operation'?: OperationExtras;
  }
}

/** The extra error of an operation on one resource: another organisation's id is 404 too. */
export const NOT_FOUND_ERRORS = { 404: ['NOT_FOUND'] } as const;

/** Errors every authenticated operation may answer. */
const COMMON_ERRORS: Record<number, string[]> = {
  400: ['VALIDATION_FAILED', 'INVALID_REQUEST'],
  401: ['UNAUTHORIZED', 'INVALID_TOKEN'],
  403: ['FORBIDDEN', 'INSUFFICIENT_SCOPE'],
  408: ['REQUEST_TIMEOUT'],
  429: ['RATE_LIMITED'],
  500: ['DB_ERROR', 'INTERNAL_ERROR'],
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Not authenticated',
  403: 'Not allowed',
  404: 'Not found (also for another organisation’s id)',
  408: 'Request body too slow',
  409: 'Conflict',
  413: 'Too large',
  429: 'Rate limit exceeded',
  500: 'Server or store failure',
  503: 'Not ready',
};

const errorResponse = (status: number, codes: string[]) => ({
  description: `${STATUS_TEXT[status] ?? 'Error'}. Codes: ${codes.join(', ')}.`,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});

const ERROR_ENVELOPE = {
  type: 'object',
  required: ['data', 'error', 'meta'],
  properties: {
    data: { type: 'null' },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'Machine-readable code (docs/contract.md).' },
        message: { type: 'string' },
        details: {
          type: 'array',
          items: {
            type: 'object',
            required: ['path', 'message'],
            properties: { path: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
    meta: { type: 'null' },
  },
};

/** The operational routes beside /api/v1 (unauthenticated, never rate limited). */
const ROOT = [{ url: '/' }];
const SYSTEM_PATHS = {
  '/healthz': {
    servers: ROOT,
    get: {
      tags: ['system'],
      operationId: 'getHealthz',
      summary: 'Liveness',
      description: 'Answers while the process serves requests; checks nothing else.',
      security: [],
      responses: { 200: { description: '`{"data":{"status":"ok"},"error":null,"meta":null}`' } },
    },
  },
  '/readyz': {
    servers: ROOT,
    get: {
      tags: ['system'],
      operationId: 'getReadyz',
      summary: 'Readiness',
      description:
        'Checks the store within 1.5 s (and Redis when configured: `degraded` while it is unreachable, rate ' +
        'limits then per instance).',
      security: [],
      responses: {
        200: { description: 'Ready or degraded: `status`, `store`, and `redis` when configured.' },
        503: errorResponse(503, ['DB_ERROR']),
      },
    },
  },
  '/metrics': {
    servers: ROOT,
    get: {
      tags: ['system'],
      operationId: 'getMetrics',
      summary: 'Prometheus metrics',
      description:
        'Request counts and latencies by route and status, and the process metrics, in text format.',
      security: [],
      responses: {
        200: { description: 'Prometheus text exposition format.', content: { 'text/plain': {} } },
      },
    },
  },
};

const REF = /"#\/components\/schemas\/([^"]+)"/g;

/**
 * The named schemas something refers to (from the paths, then from those schemas): the schema registry also
 * yields an input variant of each (`FindingInput`), which no request body uses.
 */
function referencedSchemas(paths: Json, schemas: Json): Json {
  const kept = new Set<string>();
  let pending = [...JSON.stringify(paths).matchAll(REF)].map((m) => m[1]!);
  while (pending.length > 0) {
    const next = pending.filter((name) => !kept.has(name) && name in schemas);
    for (const name of next) kept.add(name);
    pending = next.flatMap((name) => [...JSON.stringify(schemas[name]).matchAll(REF)].map((m) => m[1]!));
  }
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => kept.has(name)));
}

/** An operation's error responses: the common ones (less those it says it never answers) and its own. */
function errorResponses(extras: OperationExtras): Record<number, string[]> {
  const errors: Record<number, string[]> = { ...COMMON_ERRORS };
  for (const [status, codes] of Object.entries(extras.errors ?? {}))
    errors[Number(status)] = [...new Set([...(errors[Number(status)] ?? []), ...codes])];
  for (const status of extras.withoutCommonErrors ?? []) delete errors[status];
  return errors;
}

/**
 * Completes the generated document (see the module comment): operationIds, each route's `x-operation` extras,
 * the error responses. A missing summary or description is left for the test (src/http/openapi.test.ts).
 */
export function completeOpenApi(openapiObject: Json): Json {
  const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      operation.operationId ??= operationIdOf(method, path);
      const extras = operation['x-operation'] ?? {};
      delete operation['x-operation'];
      if (extras.requestBody) operation.requestBody = extras.requestBody;
      const responses = (operation.responses ?? {}) as Record<string, unknown>;
      for (const [status, response] of Object.entries(extras.responses ?? {})) responses[status] = response;
      for (const [status, codes] of Object.entries(errorResponses(extras)))
        responses[status] ??= errorResponse(Number(status), codes);
      operation.responses = responses;
    }
  }
  const components = (openapiObject.components ?? {}) as Json;
  return {
    ...openapiObject,
    info: { ...(openapiObject.info as Json), version: VERSION },
    paths: { ...paths, ...SYSTEM_PATHS },
    components: {
      ...components,
      schemas: {
        ...referencedSchemas(paths, (components.schemas ?? {}) as Json),
        ErrorEnvelope: ERROR_ENVELOPE,
      },
    },
  };
}
