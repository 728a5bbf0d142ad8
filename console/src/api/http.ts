// The console's only way to the server: the public REST API under /api/v1, with the session cookie and the
// CSRF header the session contract asks for on writes (docs/console.md). Calls go through `api`, openapi-fetch typed
// by the generated paths (rest.ts), so a path, its parameters, its body and its answer are the contract's.
import createClient from 'openapi-fetch';
import type { components, paths } from './rest.ts';

/** The error envelope's `error`: the documented code, the server's message, per-field details. */
export type ApiErrorBody = components['schemas']['ErrorEnvelope']['error'];

/** A failed API call, with the documented error code and the server's message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ApiErrorBody['details'];
  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.status = status;
    this.code = body.code;
    this.details = body.details;
  }
}

let csrfToken: string | null = null;
let onUnauthorized: (() => void) | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Called when a call answers 401 (session expired or signed out elsewhere). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// Whether the server answers at all: a failed fetch or a gateway's 502/503/504 marks it down (the outage
// banner shows and polls /healthz); any answer marks it up again.
let serverDown = false;
const reachabilityListeners = new Set<() => void>();

export const isServerDown = (): boolean => serverDown;

export function onReachability(listener: () => void): () => void {
  reachabilityListeners.add(listener);
  return () => reachabilityListeners.delete(listener);
}

export function setServerDown(down: boolean): void {
  if (down === serverDown) return;
  serverDown = down;
  for (const listener of reachabilityListeners) listener();
}

const UNREACHABLE = { code: 'NETWORK_ERROR', message: 'The server could not be reached.' };

/** fetch that reports reachability: a network failure becomes ApiError NETWORK_ERROR, never "Failed to fetch". */
async function reach(input: string | Request, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch {
    setServerDown(true);
    throw new ApiError(0, UNREACHABLE);
  }
  setServerDown(response.status >= 502 && response.status <= 504);
  return response;
}

function headersFor(method: string, json: boolean): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (json) headers['content-type'] = 'application/json';
  if (WRITES.has(method) && csrfToken) headers['x-csrf-token'] = csrfToken;
  return headers;
}

function toError(status: number, payload: unknown): ApiError {
  const body = (payload as { error?: ApiErrorBody } | null)?.error;
  return new ApiError(status, body ?? { code: 'HTTP_' + status, message: `The server answered ${status}` });
}

/**
 * The REST API typed by its OpenAPI document: `api.GET('/sscs/sboms/{sbomId}', { params: { path: { sbomId } } })`.
 * Same-origin, the CSRF header on writes, reachability reported; `unwrap` turns its answer into the envelope's
 * data and meta, or an ApiError, as `call` does.
 */
export const api = createClient<paths, 'application/json'>({
  baseUrl: '/api/v1',
  credentials: 'same-origin',
  headers: { accept: 'application/json' },
  fetch: (request: Request) => {
    if (WRITES.has(request.method) && csrfToken) request.headers.set('x-csrf-token', csrfToken);
    return reach(request);
  },
});

type Envelope = { data: unknown; meta?: unknown };
/** An answer's meta as documented (null where the operation documents none). */
type MetaOf<E> = E extends { meta: infer M } ? M | null : null;

/** The envelope's data and meta of an `api` call; an error answer rejects with ApiError (a 401 also signals). */
export async function unwrap<E extends Envelope>(
  pending: Promise<{ data?: E; error?: unknown; response: Response }>,
  options: { quiet401?: boolean } = {},
): Promise<{ data: E['data']; meta: MetaOf<E> }> {
  const { data: envelope, error, response } = await pending;
  if (!response.ok || !envelope) {
    if (response.status === 401 && !options.quiet401) onUnauthorized?.();
    throw toError(response.status, error ?? null);
  }
  return { data: envelope.data, meta: (envelope.meta ?? null) as MetaOf<E> };
}

/** The envelope's data of an `api` call (see unwrap). */
export const read = async <E extends Envelope>(
  pending: Promise<{ data?: E; error?: unknown; response: Response }>,
  options: { quiet401?: boolean } = {},
): Promise<E['data']> => (await unwrap(pending, options)).data;

export interface ApiResult<T, M = Record<string, unknown>> {
  data: T;
  meta: M | null;
}

/** One JSON call to a path built at run time (prefer `api`, typed); resolves to the envelope's data and meta, rejects with ApiError. */
export async function call<T>(
  method: string,
  path: string,
  body?: unknown,
  options: { quiet401?: boolean } = {},
): Promise<ApiResult<T>> {
  const response = await reach('/api/v1' + path, {
    method,
    headers: headersFor(method, body !== undefined),
    credentials: 'same-origin',
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401 && !options.quiet401) onUnauthorized?.();
    throw toError(response.status, payload);
  }
  const envelope = payload as { data: T; meta: Record<string, unknown> | null };
  return { data: envelope.data, meta: envelope.meta ?? null };
}

/** Query parameters without the empty ones (undefined, null, ''): the console never sends `?q=`. */
export function present<const T extends object>(params: T): T {
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as T;
}

/**
 * Multipart upload through XMLHttpRequest, because fetch cannot report upload progress.
 * `onProgress` receives a fraction between 0 and 1.
 */
export function upload<T, M = Record<string, unknown>>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): { promise: Promise<ApiResult<T, M>>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<ApiResult<T, M>>((resolve, reject) => {
    xhr.open('POST', '/api/v1' + path);
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    if (csrfToken) xhr.setRequestHeader('x-csrf-token', csrfToken);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const payload: unknown = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300) {
        const envelope = payload as { data: T; meta: M | null };
        resolve({ data: envelope.data, meta: envelope.meta ?? null });
        return;
      }
      if (xhr.status === 401) onUnauthorized?.();
      reject(toError(xhr.status, payload));
    };
    xhr.onerror = () => {
      setServerDown(true);
      reject(new ApiError(0, UNREACHABLE));
    };
    xhr.onabort = () => reject(new ApiError(0, { code: 'ABORTED', message: 'The upload was cancelled.' }));
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

/** A JSON-RPC POST to the tool server (its answers are JSON-RPC, not the REST envelope). */
export async function rpc<T>(path: string, body: unknown): Promise<T> {
  const headers = headersFor('POST', true);
  // Streamable HTTP requires the client to accept both answer kinds; the server picks JSON.
  headers.accept = 'application/json, text/event-stream';
  const response = await reach('/api/v1' + path, {
    method: 'POST',
    headers,
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401) onUnauthorized?.();
    throw toError(response.status, payload);
  }
  return payload as T;
}
