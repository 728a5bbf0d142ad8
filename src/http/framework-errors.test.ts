import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { build } from '../../test/support/app.ts';

/** One raw request; resolves with the status line and the parsed body of the answer. */
function raw(port: number, request: string): Promise<{ status: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => {
      const [head, body] = answer.split('\r\n\r\n');
      resolve({ status: head!.split('\r\n')[0]!, body: JSON.parse(body!) });
    });
    socket.on('error', reject);
    socket.end(request);
  });
}

describe('errors before a route: in the envelope', () => {
  it('414 URI_TOO_LONG for a long URL, 431 HEADERS_TOO_LARGE for large headers', async (t) => {
    const env = await build(t, 'sqlite');
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = env.app.server.address() as { port: number };

    assert.deepEqual(
      await raw(port, `GET /api/v1/sscs/sboms?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
      {
        status: 'HTTP/1.1 414 URI Too Long',
        body: {
          data: null,
          error: { code: 'URI_TOO_LONG', message: 'The request URL is too long' },
          meta: null,
        },
      },
    );
    assert.deepEqual(
      await raw(port, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      {
        status: 'HTTP/1.1 431 Request Header Fields Too Large',
        body: {
          data: null,
          error: { code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large' },
          meta: null,
        },
      },
    );
  });
});
