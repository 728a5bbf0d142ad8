import assert from 'node:assert/strict';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { connect } from 'node:net';
import { once } from 'node:events';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { Redis } from 'ioredis';
import pino from 'pino';
import { build, createOrg } from '../../test/support/app.ts';
import { eventually } from '../../test/support/poll.ts';
import { redisSkip } from '../../test/support/services.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { connectRedis } from '../server.ts';
import { AUTH_FAILURES_PER_MINUTE } from './rate-limit.ts';

/** A logger whose lines the test can read. */
function capturedLogger(): { logger: pino.Logger; lines: Array<{ level: number; msg: string }> } {
  const lines: Array<{ level: number; msg: string }> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

/** A TCP port with nothing listening on it (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/** Forwards a port to the real Redis; `close()` drops every connection through it. */
function redisProxy(port: number): Promise<Server & { closeAll: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(6379, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = (): void => void (client.destroy(), upstream.destroy());
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  return new Promise((done) =>
    server.listen(port, '127.0.0.1', () =>
      done(
        Object.assign(server, {
          closeAll: () =>
            new Promise<void>((closed) => {
              for (const s of sockets) s.destroy();
              server.close(() => closed());
            }),
        }),
      ),
    ),
  );
}

// Announced once per run when absent; a failure under BULWARK_REQUIRE_SERVICES=1 (CI).
const redisUp = async (): Promise<boolean> => (await redisSkip()) === false;

for (const dialect of DIALECTS) {
  describe(`${dialect}: Redis unreachable`, () => {
    it('requests are served and limited per instance; readyz and metrics say degraded; logged once', async (t) => {
      const port = await closedPort();
      const redis = await connectRedis(`redis://127.0.0.1:${port}`);
      t.after(() => redis.disconnect());
      const { logger, lines } = capturedLogger();
      const env = await build(t, dialect, { redis, logger, config: { RATE_LIMIT_MAX: 3 } });
      const org = await createOrg(env.services);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await env.app.inject({ url: '/api/v1/sscs/vendors', headers: org.bearer() });
        statuses.push(res.statusCode);
      }
      assert.deepEqual(statuses, [200, 200, 200, 429]);

      const ready = await env.app.inject({ url: '/readyz' });
      assert.equal(ready.statusCode, 200);
      assert.deepEqual(ready.json().data, { status: 'degraded', store: dialect, redis: 'unreachable' });
      const metrics = await env.app.inject({ url: '/metrics' });
      assert.match(metrics.body, /^bulwark_redis_up 0$/m);

      // ioredis keeps retrying, and failing, in the background: wait for two more failures, still one line.
      for (let i = 0; i < 2; i++) await once(redis, 'error');
      const outage = lines.filter((l) => /Redis/.test(l.msg));
      assert.deepEqual(
        outage.map((l) => [l.level, l.msg]),
        [[40, "Redis unreachable: rate limits fall back to this instance's memory until it reconnects"]],
      );
    });

    it('reconnects by itself: limits are shared again and readyz is ready', async (t) => {
      if (!(await redisUp())) return t.skip('no Redis at 127.0.0.1:6379');
      const port = await closedPort();
      const redis = await connectRedis(`redis://127.0.0.1:${port}`);
      t.after(() => redis.disconnect());
      const { logger, lines } = capturedLogger();
      const env = await build(t, dialect, { redis, logger });
      assert.equal((await env.app.inject({ url: '/readyz' })).json().data.status, 'degraded');

      const proxy = await redisProxy(port);
      t.after(() => proxy.closeAll());
      const ready = await eventually(
        async () => (await env.app.inject({ url: '/readyz' })).json().data,
        (data: { status: string }) => data.status === 'ready',
        10_000,
      );
      assert.deepEqual(ready, { status: 'ready', store: dialect, redis: 'up' });
      assert.match((await env.app.inject({ url: '/metrics' })).body, /^bulwark_redis_up 1$/m);
      assert.ok(lines.some((l) => l.msg === 'Redis reachable again: rate limits are shared again'));

      // Counted in Redis now: another client sees the key.
      const org = await createOrg(env.services);
      const res = await env.app.inject({ url: '/api/v1/sscs/vendors', headers: org.bearer() });
      assert.equal(res.statusCode, 200);
      const direct = new Redis(6379, '127.0.0.1');
      t.after(() => direct.disconnect());
      const principal = await env.services.tokens.authenticate(org.bearer().authorization.slice(7));
      assert.equal(await direct.get(`bulwark-rl:tok:${principal!.tokenId}`), '1');
    });
  });

  describe(`${dialect}: failed authentication`, () => {
    it(`is limited per client address: ${AUTH_FAILURES_PER_MINUTE} failures, then 429 even for a good token`, async (t) => {
      const env = await build(t, dialect);
      const org = await createOrg(env.services);
      const from = (remoteAddress: string, authorization: string) =>
        env.app.inject({ url: '/api/v1/sscs/vendors', remoteAddress, headers: { authorization } });
      for (let i = 0; i < AUTH_FAILURES_PER_MINUTE; i++) {
        const res = await from('10.1.1.1', `Bearer wrong-${i}`);
        assert.equal(res.statusCode, 401);
      }
      const blocked = await from('10.1.1.1', org.bearer().authorization);
      assert.equal(blocked.statusCode, 429);
      assert.equal(blocked.json().error.code, 'RATE_LIMITED');
      assert.equal(blocked.json().data, null);
      const retryAfter = Number(blocked.headers['retry-after']);
      assert.ok(retryAfter > 0 && retryAfter <= 60, `Retry-After ${retryAfter}`);
      // Another address is not affected, and a good token there works.
      assert.equal((await from('10.1.1.2', 'Bearer wrong')).statusCode, 401);
      assert.equal((await from('10.1.1.2', org.bearer().authorization)).statusCode, 200);
    });
  });
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: limits without Redis`, () => {
    // Without REDIS_URL the limits are counted in memory without @fastify/rate-limit's hook; with Redis configured
    // but unreachable the plugin counts in the same memory. Both must answer the same sequence identically.
    it('answer as @fastify/rate-limit does: headers, Retry-After, the 429 envelope, public routes', async (t) => {
      const answers = async (redis: Redis | undefined) => {
        const env = await build(t, dialect, { ...(redis ? { redis } : {}), config: { RATE_LIMIT_MAX: 3 } });
        const org = await createOrg(env.services);
        const seen = [];
        for (const [url, headers] of [
          ...Array.from({ length: 4 }, () => ['/api/v1/sscs/vendors', org.bearer()] as const),
          ['/api/v1/openapi.json', {}] as const,
          ['/healthz', {}] as const,
        ]) {
          const res = await env.app.inject({ url, headers });
          seen.push({
            status: res.statusCode,
            limit: res.headers['ratelimit-limit'],
            remaining: res.headers['ratelimit-remaining'],
            reset: res.headers['ratelimit-reset'],
            retryAfter: res.headers['retry-after'],
            ...(res.statusCode === 429 ? { body: res.json() } : {}),
          });
        }
        return seen;
      };
      const memory = await answers(undefined);
      const redis = await connectRedis(`redis://127.0.0.1:${await closedPort()}`);
      t.after(() => redis.disconnect());
      const plugin = await answers(redis);
      const ok = (remaining: string) => ({
        status: 200,
        limit: '3',
        remaining,
        reset: '60',
        retryAfter: undefined,
      });
      assert.deepEqual(memory, [
        ok('2'),
        ok('1'),
        ok('0'),
        {
          status: 429,
          limit: '3',
          remaining: '0',
          reset: '60',
          retryAfter: '60',
          body: {
            data: null,
            error: {
              code: 'RATE_LIMITED',
              message: 'Rate limit of 3 requests per 1 minute exceeded; retry later',
            },
            meta: null,
          },
        },
        ok('2'),
        { status: 200, limit: undefined, remaining: undefined, reset: undefined, retryAfter: undefined },
      ]);
      assert.deepEqual(plugin, memory);
    });
  });
}
