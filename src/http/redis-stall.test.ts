// A Redis that keeps its connection open but stops answering (SIGSTOP): requests time out of it fast, the
// breaker keeps them away from it, /readyz says degraded, and it recovers by itself after SIGCONT
// (docs/resilience.md, "Redis unreachable or stalled").
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { describe, it, type TestContext } from 'node:test';
import type { Redis } from 'ioredis';
import { build, createOrg } from '../../test/support/app.ts';
import { eventually } from '../../test/support/poll.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { connectRedis } from '../server.ts';
import { RedisBreaker, REDIS_BREAKER_OPEN_MS, REDIS_REPLY_TIMEOUT_MS } from './redis-breaker.ts';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/** A private redis-server on a loopback port of its own, killed when the test ends. */
async function privateRedis(t: TestContext): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  t.after(() => {
    child.kill('SIGCONT');
    child.kill('SIGKILL');
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await eventually(
    () => out,
    (text) => text.includes('Ready to accept connections'),
    10_000,
  );
  return { child, url: `redis://127.0.0.1:${port}` };
}

/** Counts the commands the client sends. */
function countCommands(redis: Redis): () => number {
  let sent = 0;
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = ((...args: Parameters<Redis['sendCommand']>) => {
    sent++;
    return send(...args);
  }) as Redis['sendCommand'];
  return () => sent;
}

describe('RedisBreaker', () => {
  it('opens on a failure, lets one probe through after the open time, and closes on its success', () => {
    let now = 0;
    const log: string[] = [];
    const breaker = new RedisBreaker(
      true,
      { onDown: (e) => log.push(`down: ${e.message}`), onUp: () => log.push('up') },
      { openMs: 1000, now: () => now },
    );
    assert.equal(breaker.allow(), 'ask');
    breaker.failed(new Error('no answer within 200 ms'));
    breaker.failed(new Error('again'));
    assert.equal(breaker.up, false);
    now = 999;
    assert.equal(breaker.allow(), 'skip');
    now = 1000;
    assert.equal(breaker.allow(), 'probe');
    assert.equal(breaker.allow(), 'skip', 'one probe at a time');
    breaker.failed(new Error('still stalled'));
    now = 1999;
    assert.equal(breaker.allow(), 'skip', 'open again for openMs after the failed probe');
    now = 2000;
    assert.equal(breaker.allow(), 'probe');
    breaker.succeeded();
    assert.equal(breaker.up, true);
    assert.equal(breaker.allow(), 'ask');
    assert.deepEqual(log, ['down: no answer within 200 ms', 'up']);
  });

  it('a lost connection is down until the client connects again', () => {
    const log: string[] = [];
    const breaker = new RedisBreaker(true, { onDown: () => log.push('down'), onUp: () => log.push('up') });
    breaker.disconnected(new Error('ECONNRESET'));
    assert.deepEqual([breaker.up, breaker.allow()], [false, 'skip']);
    breaker.connected();
    assert.deepEqual([breaker.up, breaker.allow()], [true, 'ask']);
    assert.deepEqual(log, ['down', 'up']);
  });
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: Redis stopped with SIGSTOP`, () => {
    it('times out fast, stops asking, reports degraded, and recovers after SIGCONT', async (t) => {
      const { child, url } = await privateRedis(t);
      const redis = await connectRedis(url);
      t.after(() => redis.disconnect());
      const env = await build(t, dialect, { redis });
      const org = await createOrg(env.services);
      const get = () => env.app.inject({ url: '/api/v1/sscs/vendors', headers: org.bearer() });
      assert.equal((await get()).statusCode, 200);
      assert.deepEqual((await env.app.inject({ url: '/readyz' })).json().data, {
        status: 'ready',
        store: dialect,
        redis: 'up',
      });

      child.kill('SIGSTOP');
      const sent = countCommands(redis);
      // The first request waits for Redis once (the failed-authentication read), REDIS_REPLY_TIMEOUT_MS at most,
      // and is served from memory; before, ioredis's 500 ms command timeout applied to each of its commands.
      const start = performance.now();
      assert.equal((await get()).statusCode, 200);
      const first = performance.now() - start;
      assert.equal(sent(), 1, 'one command, then the breaker is open');
      assert.ok(first >= REDIS_REPLY_TIMEOUT_MS - 5, `first request ${first.toFixed(0)} ms`);

      // While the breaker is open no request asks Redis at all.
      for (let i = 0; i < 20; i++) assert.equal((await get()).statusCode, 200);
      assert.equal(sent(), 1);
      const degraded = await env.app.inject({ url: '/readyz' });
      assert.equal(degraded.statusCode, 200);
      assert.deepEqual(degraded.json().data, { status: 'degraded', store: dialect, redis: 'unreachable' });
      assert.match((await env.app.inject({ url: '/metrics' })).body, /^bulwark_redis_up 0$/m);

      child.kill('SIGCONT');
      // After REDIS_BREAKER_OPEN_MS a request sends a probe (without waiting for it); its answer closes the breaker.
      const ready = await eventually(
        async () => {
          await get();
          return (await env.app.inject({ url: '/readyz' })).json().data as { status: string };
        },
        (data) => data.status === 'ready',
        REDIS_BREAKER_OPEN_MS + 5_000,
      );
      assert.deepEqual(ready, { status: 'ready', store: dialect, redis: 'up' });
      const before = sent();
      assert.equal((await get()).statusCode, 200);
      assert.ok(sent() > before, 'counted in Redis again');
    });
  });
}
