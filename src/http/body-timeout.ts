/**
 * Body timeouts (docs/resilience.md): a request whose body stops arriving for `idleMs`, or has not arrived whole
 * `deadlineMs` after the request began, is answered 408 in the envelope and its connection closed, so slow or
 * stalled uploads cannot hold sockets and buffers forever.
 */
import type { FastifyRequest } from 'fastify';
import type { App } from './app-type.ts';
import { failure } from './envelope.ts';

const hasBody = (request: FastifyRequest): boolean =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

export function installBodyTimeout(app: App, idleMs: number, deadlineMs = Infinity): void {
  // A callback hook, not an async one: most requests have no body, and an async hook costs them a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (!hasBody(request) || raw.complete) return done();
    const socket = raw.socket;
    // Progress is read from the socket's byte count: listening to the body's 'data' would take it from the
    // parser that consumes it.
    let seen = socket.bytesRead;
    const began = Date.now();
    let lastProgress = began;
    const check = (): void => {
      if (raw.complete || reply.raw.headersSent || socket.destroyed) return stop();
      const now = Date.now();
      // A byte now and then resets the idle clock (one every 20 s kept an upload open for ever): the deadline
      // bounds the whole body whatever its pace.
      const late = now - began >= deadlineMs;
      if (!late && socket.bytesRead !== seen) {
        seen = socket.bytesRead;
        lastProgress = now;
        return;
      }
      if (!late && now - lastProgress < idleMs) return;
      stop();
      request.log.info({ idleMs, deadlineMs, late }, 'request body too slow: answered 408 and closed');
      const body = JSON.stringify(
        failure(
          'REQUEST_TIMEOUT',
          late
            ? `The request body did not arrive whole within ${deadlineMs / 1000} s; the request was dropped`
            : `No request body data arrived for ${idleMs / 1000} s; the request was dropped`,
        ),
      );
      reply.raw.writeHead(408, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'x-request-id': request.id,
        connection: 'close',
      });
      reply.raw.end(body, () => socket.destroy());
    };
    const timer = setInterval(check, Math.max(10, Math.floor(Math.min(idleMs, deadlineMs) / 6)));
    timer.unref();
    const stop = (): void => clearInterval(timer);
    raw.once('end', stop);
    raw.once('close', stop);
    reply.raw.once('finish', stop);
    done();
  });
}
