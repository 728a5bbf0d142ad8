/**
 * The Idempotency-Key header on creates (docs/resilience.md): the route says what identifies its request
 * (the fingerprint) and what to do; a retry with the same key gets the first response back.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { validationFailed } from '../errors.ts';
import type { IdempotencyService } from './idempotency.service.ts';
import { principalOf } from '../tenancy/route-auth.ts';

/** How a create that takes an Idempotency-Key describes it in the OpenAPI document, and the error it adds. */
export const IDEMPOTENT_DESCRIPTION =
  'Accepts an Idempotency-Key header: a retry with the same key and body within 24 h returns the first ' +
  'response; the same key with another body is 409 IDEMPOTENCY_CONFLICT (docs/resilience.md).';
export const IDEMPOTENCY_ERRORS = { 409: ['IDEMPOTENCY_CONFLICT'] } as const;

const KEY = /^[\x21-\x7e]{1,255}$/;
const JSON_TYPE = 'application/json; charset=utf-8';

/** sha256 over the parts, each length-prefixed so that ('ab','c') and ('a','bc') differ. */
export function fingerprintOf(...parts: Array<string | Uint8Array>): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    const bytes = typeof part === 'string' ? Buffer.from(part) : part;
    hash.update(`${bytes.byteLength}:`).update(bytes);
  }
  return hash.digest('hex');
}

/** The fingerprint of a JSON create: its route and its (validated) body. */
export const jsonFingerprint = (request: FastifyRequest): string =>
  fingerprintOf(
    request.method,
    request.routeOptions.url ?? request.url,
    JSON.stringify(request.body ?? null),
  );

/** What a create answers: the envelope's data, and its meta when there is something to report. */
export interface Created<T> {
  data: T;
  meta?: Record<string, unknown> | null;
}

const envelope = <T>({ data, meta }: Created<T>) => ({ data, error: null, meta: meta ?? null });

/**
 * Runs `create` (answered with `status` in the envelope) once per Idempotency-Key; without the header it
 * simply runs. A failure frees the key, so a retry runs the request again. `fingerprint` (what the key's first
 * request was) is computed only when there is a key: for an upload it hashes the whole file.
 */
export async function idempotentCreate<T>(
  idempotency: IdempotencyService,
  request: FastifyRequest,
  reply: FastifyReply,
  fingerprint: () => string,
  create: () => Promise<Created<T>>,
  status = 201,
): Promise<FastifyReply> {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return reply.status(status).send(envelope(await create()));
  if (typeof key !== 'string' || !KEY.test(key)) {
    const message = 'must be 1 to 255 printable ASCII characters, sent once';
    throw validationFailed(`Request validation failed: headers.idempotency-key: ${message}`, [
      { path: 'headers.idempotency-key', message },
    ]);
  }
  const { orgId } = principalOf(request);
  const reservation = await idempotency.reserve(orgId, key, fingerprint());
  if (reservation.kind === 'replay') {
    const { status: first, body } = reservation.response;
    return reply.status(first).header('idempotent-replayed', 'true').type(JSON_TYPE).send(body);
  }
  let body: string;
  try {
    body = JSON.stringify(envelope(await create()));
  } catch (error) {
    await idempotency.release(orgId, key).catch(() => {});
    throw error;
  }
  try {
    await idempotency.complete(orgId, key, { status, body });
  } catch (error) {
    // The create is committed: answer it. A retry will be told the key is still being processed.
    request.log.error({ err: error }, 'could not record the Idempotency-Key response');
  }
  return reply.status(status).type(JSON_TYPE).send(body);
}
