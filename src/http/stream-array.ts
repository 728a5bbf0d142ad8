/**
 * Sends a list in the envelope, `{"data":[…],"error":null,"meta":null}`, written page by page: a list of
 * 400,000 findings never exists as one array or one string, and other requests run between pages.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { ok } from './envelope.ts';

const OPEN = '{"data":[';
const CLOSE = '],"error":null,"meta":null}';

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
  const first = await iterator.next();
  if (first.done) return ok([]);
  const second = await iterator.next();
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
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield page(next.value);
      yield CLOSE;
    } finally {
      await iterator.return?.(); // the client went away: stop reading pages
    }
  }
  // Readable.from pulls the next page only when the socket has taken the previous one (backpressure).
  // Returning the reply tells Fastify that the response is under way (a bare `undefined` would be sent as an
  // empty body before the stream starts).
  return reply.type('application/json; charset=utf-8').send(Readable.from(body(), { objectMode: false }));
}
