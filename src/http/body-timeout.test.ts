import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { FIRST_BUFFER_BYTES, readLimited } from '../sboms/upload-form.ts';

/** Sends `head` and `body` over a raw socket and resolves with everything the server answers until it closes. */
function rawRequest(port: number, head: string, body: string, trickle?: { every: number; times: number }) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    // A trickle still being written when the server closes is reset: the answer has come by then.
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
    socket.write(head + body);
    if (trickle) {
      let sent = 0;
      const timer = setInterval(() => {
        if (++sent > trickle.times || socket.destroyed || answer) return clearInterval(timer);
        socket.write('x');
      }, trickle.every);
    }
  });
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: request bodies that stop arriving`, () => {
    it('a body idle for BODY_IDLE_TIMEOUT_MS is answered 408 in the envelope and the connection closed', async (t) => {
      const env = await build(t, dialect, { config: { BODY_IDLE_TIMEOUT_MS: 300 } });
      const org = await createOrg(env.services);
      await env.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = env.app.server.address() as { port: number };
      const head = (path: string, type: string, length: number) =>
        `POST /api/v1${path} HTTP/1.1\r\nHost: x\r\nAuthorization: ${org.bearer().authorization}\r\n` +
        `Content-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`;

      const cases = [
        ['/sscs/vendors', 'application/json', 1_000, '{"name":"Ac'],
        [
          '/sscs/sboms/upload',
          'multipart/form-data; boundary=b',
          50_000_000,
          '--b\r\nContent-Disposition: form-d',
        ],
      ] as const;
      for (const [path, type, length, start] of cases) {
        const answer = await rawRequest(port, head(path, type, length), start);
        const [status, ...rest] = answer.split('\r\n');
        assert.equal(status, 'HTTP/1.1 408 Request Timeout', path);
        assert.deepEqual(JSON.parse(rest.slice(rest.indexOf('') + 1).join('\r\n')), {
          data: null,
          error: {
            code: 'REQUEST_TIMEOUT',
            message: 'No request body data arrived for 0.3 s; the request was dropped',
          },
          meta: null,
        });
      }
    });

    it('a body trickling in past BODY_DEADLINE_MS is answered 408, however it keeps arriving', async (t) => {
      // The idle timeout far longer than the deadline, so that a loaded machine delaying the trickle cannot make
      // the answer the idle one.
      const env = await build(t, dialect, { config: { BODY_IDLE_TIMEOUT_MS: 5_000, BODY_DEADLINE_MS: 600 } });
      const org = await createOrg(env.services);
      await env.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = env.app.server.address() as { port: number };
      // A byte every 100 ms: never idle, so before the deadline it was never cut off (the 50 MB never come).
      const head =
        `POST /api/v1/sscs/sboms/upload HTTP/1.1\r\nHost: x\r\nAuthorization: ${org.bearer().authorization}\r\n` +
        'Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 50000000\r\n\r\n';
      const answer = await rawRequest(port, head, '--b\r\n', { every: 100, times: 100 });
      const [status, ...rest] = answer.split('\r\n');
      assert.equal(status, 'HTTP/1.1 408 Request Timeout');
      assert.deepEqual(JSON.parse(rest.slice(rest.indexOf('') + 1).join('\r\n')), {
        data: null,
        error: {
          code: 'REQUEST_TIMEOUT',
          message: 'The request body did not arrive whole within 0.6 s; the request was dropped',
        },
        meta: null,
      });
    });

    it('a slow body that keeps arriving is not cut off', async (t) => {
      const env = await build(t, dialect, { config: { BODY_IDLE_TIMEOUT_MS: 300 } });
      const org = await createOrg(env.services);
      await env.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = env.app.server.address() as { port: number };
      // 12 bytes over ~1.2 s, one every 100 ms: never idle for 300 ms. The JSON is invalid (x…): 400, not 408.
      const head =
        `POST /api/v1/sscs/vendors HTTP/1.1\r\nHost: x\r\nAuthorization: ${org.bearer().authorization}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 12\r\nConnection: close\r\n\r\n';
      const answer = await rawRequest(port, head, '', { every: 100, times: 12 });
      assert.match(answer, /^HTTP\/1.1 400 Bad Request/);
      assert.match(answer, /"code":"INVALID_REQUEST"/);
    });
  });
}

describe('upload buffers follow the bytes received', () => {
  it('a part declaring 50 MB but sending 70 KB holds a buffer of at most 1 MiB', async () => {
    const bytes = await readLimited(Readable.from([Buffer.alloc(70_000, 1)]), 52_428_800, 50_000_000);
    assert.equal(bytes.length, 70_000);
    assert.equal(bytes.buffer.byteLength, FIRST_BUFFER_BYTES);
  });

  it('grows up to the declared size when the bytes do arrive', async () => {
    const chunks = Array.from({ length: 30 }, () => Buffer.alloc(100_000, 2));
    const bytes = await readLimited(Readable.from(chunks), 52_428_800, 3_000_000);
    assert.equal(bytes.length, 3_000_000);
    assert.equal(bytes.buffer.byteLength, 3_000_000); // 1 MiB → the declared 3,000,000
  });
});
