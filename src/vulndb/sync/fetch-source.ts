/** Reads files of a vulnerability-data source, over HTTP(S) or from a local mirror directory, with timeouts. */
import { createWriteStream } from 'node:fs';
import { readFile, stat, copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, Transform, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { SourceError } from '../vulndb.service.ts';

/** Validators from the previous answer: sent back so an unchanged file costs a 304. */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export type Fetched<T> = ({ notModified: true } | { notModified: false; body: T }) & Validators;

export interface FetchTimeouts {
  /** No response headers within this long → failure. */
  responseMs: number;
  /** No bytes within this long while reading a body (a stalled connection) → failure. */
  idleMs: number;
}

export const DEFAULT_TIMEOUTS: FetchTimeouts = { responseMs: 30_000, idleMs: 30_000 };

export const isUrl = (location: string): boolean => /^https?:\/\//i.test(location);

/** `file://` URLs and plain paths are directories or files on disk. */
const toPath = (location: string): string =>
  location.startsWith('file:') ? fileURLToPath(location) : location;

/** Joins a base (URL or directory) and relative path parts; URL parts are percent-encoded. */
export function locate(base: string, ...parts: string[]): string {
  if (isUrl(base)) return [base.replace(/\/+$/, ''), ...parts.map(encodeURIComponent)].join('/');
  return join(toPath(base), ...parts);
}

async function request(
  url: string,
  validators: Validators | undefined,
  timeouts: FetchTimeouts,
): Promise<{ response: Response; abort: AbortController }> {
  const abort = new AbortController();
  const headers: Record<string, string> = { 'user-agent': 'bulwark-vulndb-sync' };
  if (validators?.etag) headers['if-none-match'] = validators.etag;
  if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
  const timer = setTimeout(() => abort.abort(), timeouts.responseMs);
  try {
    const response = await fetch(url, { headers, signal: abort.signal, redirect: 'follow' });
    if (response.status !== 200 && response.status !== 304) {
      await response.body?.cancel().catch(() => {});
      throw new SourceError(`${url}: HTTP ${response.status}`);
    }
    return { response, abort };
  } catch (error) {
    if (error instanceof SourceError) throw error;
    const reason = abort.signal.aborted ? `no response within ${timeouts.responseMs} ms` : describe(error);
    throw new SourceError(`${url}: ${reason}`);
  } finally {
    clearTimeout(timer);
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code && cause.message && !cause.message.includes(cause.code))
    return `${cause.message} (${cause.code})`;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

/** Aborts when no chunk passes for `idleMs`; checks the byte count against Content-Length at the end. */
function watchdog(abort: AbortController, idleMs: number, expected: number | null, url: string): Transform {
  let timer: NodeJS.Timeout | undefined;
  let bytes = 0;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => abort.abort(new SourceError(`${url}: stalled for ${idleMs} ms`)), idleMs);
  };
  arm();
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      arm();
      done(null, chunk);
    },
    flush(done) {
      clearTimeout(timer);
      if (expected !== null && bytes !== expected)
        done(new SourceError(`${url}: truncated (${bytes} of ${expected} bytes)`));
      else done();
    },
    destroy(error, done) {
      clearTimeout(timer);
      done(error);
    },
  });
}

const validatorsOf = (response: Response): Validators => ({
  etag: response.headers.get('etag'),
  lastModified: response.headers.get('last-modified'),
});

async function fetchInto(
  url: string,
  validators: Validators | undefined,
  timeouts: FetchTimeouts,
  sink: NodeJS.WritableStream,
): Promise<Fetched<true>> {
  const { response, abort } = await request(url, validators, timeouts);
  if (response.status === 304) return { notModified: true, ...validatorsOf(response) };
  const length = response.headers.get('content-length');
  const body = response.body ? Readable.fromWeb(response.body as never) : Readable.from([]);
  try {
    await pipeline(
      body,
      watchdog(abort, timeouts.idleMs, length === null ? null : Number(length), url),
      sink,
    );
  } catch (error) {
    abort.abort();
    if (error instanceof SourceError) throw error;
    const reason = abort.signal.reason as unknown;
    throw reason instanceof SourceError ? reason : new SourceError(`${url}: ${describe(error)}`);
  }
  return { notModified: false, body: true, ...validatorsOf(response) };
}

/** Saves a file of the source to `dest` (never held in memory). */
export async function download(
  location: string,
  dest: string,
  validators?: Validators,
  timeouts: FetchTimeouts = DEFAULT_TIMEOUTS,
): Promise<Fetched<true>> {
  if (isUrl(location)) return fetchInto(location, validators, timeouts, createWriteStream(dest));
  // A local mirror is read whole every time: cheap, and a file rewritten within the same second is not missed.
  const path = toPath(location);
  await mustExist(path);
  await copyFile(path, dest);
  return { notModified: false, body: true, etag: null, lastModified: null };
}

/** Reads a (small) file of the source as text. */
export async function fetchText(
  location: string,
  validators?: Validators,
  timeouts: FetchTimeouts = DEFAULT_TIMEOUTS,
): Promise<Fetched<string>> {
  if (!isUrl(location)) {
    const path = toPath(location);
    await mustExist(path);
    return { notModified: false, body: await readFile(path, 'utf8'), etag: null, lastModified: null };
  }
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      done();
    },
  });
  const fetched = await fetchInto(location, validators, timeouts, sink);
  if (fetched.notModified) return fetched;
  return { ...fetched, body: Buffer.concat(chunks).toString('utf8') };
}

async function mustExist(path: string): Promise<void> {
  try {
    await stat(path);
  } catch (error) {
    throw new SourceError(`${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}
