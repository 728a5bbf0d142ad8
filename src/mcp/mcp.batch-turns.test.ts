// A JSON-RPC batch's calls run one at a time with a turn of the event loop before each, within a time budget
// (docs/resilience.md, "Tool batches").
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { build, createOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { turnCounter } from '../../test/support/turns.ts';
import { callQueue } from './call-queue.ts';
import { MAX_BATCH_CALLS } from './mcp.routes.ts';

describe('callQueue', () => {
  it('runs calls in order, one at a time, and answers the ones past the budget without running them', async () => {
    let clock = 0;
    const queue = callQueue<string>(
      50,
      () => 'over',
      () => clock,
    );
    const log: string[] = [];
    let running = 0;
    const call = (name: string, ms: number) => async () => {
      running++;
      assert.equal(running, 1, 'one call at a time');
      log.push(`start ${name}`);
      await sleep(1);
      clock += ms; // the call's time, on the queue's clock
      running--;
      return name;
    };
    const answers = await Promise.all([queue(call('a', 10)), queue(call('b', 40)), queue(call('c', 1))]);
    // a and b start within the budget (0 and 10 ms); c would start at 50 ms: not over it yet, so it runs…
    assert.deepEqual(answers, ['a', 'b', 'c']);
    const later = await Promise.all([queue(call('d', 1)), queue(call('e', 1))]);
    // …d starts at 51 ms, past the budget: neither it nor e runs.
    assert.deepEqual(later, ['over', 'over']);
    assert.deepEqual(log, ['start a', 'start b', 'start c']);
  });

  it('a call that throws does not stop the ones after it', async () => {
    const queue = callQueue<string>(undefined, () => 'over');
    const failed = queue(async () => {
      throw new Error('boom');
    });
    const next = queue(async () => 'next');
    await assert.rejects(failed, /boom/);
    assert.equal(await next, 'next');
  });
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: a batch of tool calls`, () => {
    it(`gives the event loop a turn before each of its ${MAX_BATCH_CALLS} calls`, async (t) => {
      const env = await build(t, dialect);
      const org = await createOrg(env.services, { tokens: { mcp: ['mcp:read'] } });
      const calls = Array.from({ length: MAX_BATCH_CALLS }, (_, i) => ({
        jsonrpc: '2.0',
        id: i + 1,
        method: 'tools/call',
        params: { name: 'supplier_list', arguments: {} },
      }));
      const { stop } = turnCounter();
      const res = await env.app.inject({
        method: 'POST',
        url: '/api/v1/mcp',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${org.tokens.mcp!}`,
        },
        payload: JSON.stringify(calls),
      });
      const turns = stop();
      assert.equal(res.statusCode, 200);
      const answers = res.json() as Array<{ id: number; result: { isError?: boolean } }>;
      assert.deepEqual(
        answers.map((a) => [a.id, a.result.isError ?? false]),
        calls.map((c) => [c.id, false]),
      );
      // Before, the 20 calls started together and their synchronous SQLite queries left no turn at all.
      assert.ok(turns >= MAX_BATCH_CALLS, `${turns} turns during a batch of ${MAX_BATCH_CALLS}`);
    });
  });
}
