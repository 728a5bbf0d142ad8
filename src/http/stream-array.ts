/**
 * Sends a list in the envelope, `{"data":[…],"error":null,"meta":null}`, written page by page: a list of
 * 400,000 findings never exists as one array or one string, and other requests run between pages.
 */
import { Readable } from 'node:stream';
import { nextTurn } from '../shared/turns.ts';
import type { FastifyReply } from 'fastify';
import { ok } from './envelope.ts';
import { Semaphore } from './semaphore.ts';

const OPEN = '{"data":[';
const CLOSE = '],"error":null,"meta":null}';

/**
 * Page reads of lists that may hold a store connection at once, across every list of the process. PostgreSQL's
 * pool holds 10: twelve clients streaming long lists used to take them all, and a small GET waited seconds for
 * one. With at most 4 in page reads, 6 are always left to everything else. On SQLite reads are synchronous, so
 * the cap only orders the pages of concurrent lists.
 */
export const LIST_PAGE_READERS = 4;
const readers = new Semaphore(LIST_PAGE_READERS);
/**
 * Streaming lists take turns: one page (its read, shaping and serialisation) at a time across the process, each
 * after a turn of the event loop. Twelve lists streaming at once otherwise had their pages arrive in the same
 * turn and shaped back to back, and a small request waited behind all of them.
 */
const streaming = new Semaphore(1);

/** One page through the readers' cap. */
async function nextPage<T>(iterator: AsyncIterator<T[]>): Promise<IteratorResult<T[]>> {
  const release = await readers.acquire();
  try {
    return await iterator.next();
  } finally {
    release();
  }
}

/**
 * A list that fits in one page is answered like any other response (a store failure is still a clean
 * DB_ERROR). A longer one is streamed: the status line is sent with the first two pages in hand, so a
 * failure after that can only cut the connection, and the client sees truncated JSON, never a wrong list.
 */
export async function sendList<T>(
  reply: FastifyReply,
  pages: AsyncIterable<T[]>,
): Promise<{ data: T[]; error: null; meta: null } | FastifyReply> {
  const iterator = pages[Symbol.asyncIterator]();
  const first = await nextPage(iterator);
  if (first.done) return ok([]);
  const second = await nextPage(iterator);
  if (second.done) return ok(first.value);

  async function* body(): AsyncGenerator<string> {
    let separator = '';
    const page = (items: T[]): string => {
      let chunk = '';
      for (const item of items) {
        chunk += separator + JSON.stringify(item);
        separator = ',';
      }
      return chunk;
    };
    try {
      yield OPEN + page(first.value as T[]);
      yield page(second.value as T[]);
      for (;;) {
        // A real turn of the event loop between pages. Awaiting a page alone is not one: SQLite answers
        // synchronously, and a socket that takes the data at once reports it drained in a microtask, so a
        // 417,200-finding list kept /healthz waiting 86 s (docs/resilience.md, "Long lists are streamed").
        const release = await streaming.acquire();
        let chunk: string | undefined;
        try {
          await nextTurn();
          const next = await nextPage(iterator);
          if (!next.done) chunk = page(next.value);
        } finally {
          release();
        }
        if (chunk === undefined) break;
        yield chunk;
      }
      yield CLOSE;
    } finally {
      await iterator.return?.(); // the client went away: stop reading pages
    }
  }
  // Readable.from pulls the next page only when the socket has taken the previous one (backpressure): its
  // buffer (16 KiB) is always full after a page, so the next page waits for the socket's drain.
  // Returning the reply tells Fastify that the response is under way (a bare `undefined` would be sent as an
  // empty body before the stream starts).
  return reply
    .type('application/json; charset=utf-8')
    .send(Readable.from(body(), { objectMode: false, highWaterMark: 16 * 1024 }));
}

/** Page reads under way and waiting, across the process, and their peaks since the last call (tests). */
export function listPageReaders(): {
  held: number;
  waiting: number;
  peak: { held: number; waiting: number };
} {
  return { held: readers.held, waiting: readers.waiting, peak: readers.takePeaks() };
}
