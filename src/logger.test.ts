import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { build, createOrg } from '../test/support/app.ts';
import { createLogger } from './logger.ts';

/** A redacting logger at `level` whose lines the test can read. */
function captured(level: string): {
  logger: ReturnType<typeof createLogger>;
  lines: Array<Record<string, unknown>>;
} {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger(level, sink), lines };
}

describe('request logger (lazy child)', () => {
  it('at info: both request lines carry the request id, and the token is redacted', async (t) => {
    const { logger, lines } = captured('info');
    const env = await build(t, 'sqlite', { logger });
    const org = await createOrg(env.services);
    const res = await env.app.inject({ url: '/api/v1/sscs/vendors', headers: org.bearer() });
    assert.equal(res.statusCode, 200);
    const id = res.headers['x-request-id'];
    const own = lines.filter((l) => l.reqId === id);
    assert.deepEqual(
      own.map((l) => [l.level, l.msg]),
      [
        [30, 'incoming request'],
        [30, 'request completed'],
      ],
    );
    assert.equal((own[0]!.req as { headers?: unknown }).headers, undefined);
    assert.ok(!JSON.stringify(lines).includes(org.bearer().authorization.slice(7)));
  });

  it('at warn: request lines are skipped, an error line still carries the request id', async (t) => {
    const { logger, lines } = captured('warn');
    const env = await build(t, 'sqlite', { logger });
    env.app.get('/boom', async () => {
      throw new Error('kaput');
    });
    const res = await env.app.inject({ url: '/boom' });
    assert.equal(res.statusCode, 500);
    assert.deepEqual(
      lines.map((l) => [l.level, l.msg, l.reqId]),
      [[50, 'unhandled error', res.headers['x-request-id']]],
    );
  });
});
