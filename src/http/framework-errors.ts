/**
 * Errors raised before a request reaches a route (a URL or headers too large for the server, a malformed
 * request line), answered in the envelope like every other error instead of Fastify's and Node's plain bodies.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../errors.ts';
import { failure } from './envelope.ts';

/** Fastify `frameworkErrors`: router failures that have a request and a reply. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(failure('URI_TOO_LONG', 'The request path is too long'));
    return;
  }
  void reply.status(400).send(failure('INVALID_REQUEST', 'The request URL is malformed'));
}

const answer = (socket: Socket, status: number, code: ErrorCode, message: string): void => {
  const body = JSON.stringify(failure(code, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
};

/**
 * Fastify `clientErrorHandler`: Node's parser refused the request before there is one. Node counts the request
 * line into its header limit (16 KiB): when the first line took half of it or more, the URL is what is too long (414).
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // Node hands over the bytes it had read (a Buffer, typed loosely by Fastify).
    const packet = error.rawPacket as unknown as Buffer | undefined;
    const lineEnd = packet ? packet.indexOf('\r\n') : -1;
    const urlTooLong = lineEnd < 0 || lineEnd > 8_192; // the first line took half the budget or more
    if (urlTooLong) return answer(socket, 414, 'URI_TOO_LONG', 'The request URL is too long');
    return answer(socket, 431, 'HEADERS_TOO_LARGE', 'The request headers are too large');
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return answer(socket, 408, 'REQUEST_TIMEOUT', 'The request did not arrive in time');
  }
  answer(socket, 400, 'INVALID_REQUEST', 'The request is not valid HTTP');
}
