import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { eventually } from '../../test/support/poll.ts';
import { AppError } from '../errors.ts';
import { installErrorHandling } from './error-handler.ts';
import { sendList } from './stream-array.ts';
import type { App } from './app-type.ts';

async function appServing(pages: () => AsyncGenerator<unknown[]>) {
  const app = Fastify() as unknown as App;
  installErrorHandling(app);
  app.get('/list', async (_request, reply) => sendList(reply, pages()));
  return app;
}

describe('sendList', () => {
  it('writes several pages as one envelope, byte for byte what JSON.stringify would give', async () => {
    const app = await appServing(async function* () {
      yield [{ a: 1 }, { b: 'x"y' }];
      yield [{ c: null }];
      yield [{ d: [1, 2] }];
    });
    const res = await app.inject({ url: '/list' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-length'], undefined);
    assert.equal(
      res.body,
      '{"data":[{"a":1},{"b":"x\\"y"},{"c":null},{"d":[1,2]}],"error":null,"meta":null}',
    );
  });

  it('answers a single page or no page like any other response', async () => {
    const one = await appServing(async function* () {
      yield [{ a: 1 }];
    });
    const res = await one.inject({ url: '/list' });
    assert.equal(res.headers['content-length'], String(res.body.length));
    assert.equal(res.body, '{"data":[{"a":1}],"error":null,"meta":null}');
    const none = await appServing(async function* () {});
    assert.equal((await none.inject({ url: '/list' })).body, '{"data":[],"error":null,"meta":null}');
  });

  it('a failure before the stream starts is a clean error envelope', async () => {
    const app = await appServing(async function* () {
      yield [{ a: 1 }];
      throw new AppError('DB_ERROR', 500, 'The data store failed');
    });
    const res = await app.inject({ url: '/list' });
    assert.equal(res.statusCode, 500);
    assert.deepEqual(res.json(), {
      data: null,
      error: { code: 'DB_ERROR', message: 'The data store failed' },
      meta: null,
    });
  });

  it('stops reading pages when the client goes away', async () => {
    let read = 0;
    let finished = false;
    const app = await appServing(async function* () {
      try {
        for (;;) {
          read++;
          yield [{ filler: 'x'.repeat(64 * 1024) }];
        }
      } finally {
        finished = true;
      }
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/list`, { signal: controller.signal });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    // The generator is closed at its next step after the socket is gone.
    assert.equal(await eventually(() => finished, Boolean), true);
    await app.close();
    assert.ok(read < 1000, `${read} pages read for a client that left`);
  });
});
