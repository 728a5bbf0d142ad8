import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { MAX_BATCH_CALLS } from './mcp.routes.ts';

const listCall = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'supplier_list', arguments: {} },
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: JSON-RPC batches`, () => {
    async function start(t: Parameters<typeof build>[0], max: number) {
      const env = await build(t, dialect, { config: { RATE_LIMIT_MAX: max } });
      await env.app.listen({ port: 0, host: '127.0.0.1' });
      const address = env.app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1/mcp`;
      const org = await createOrg(env.services, { tokens: { mcp: ['mcp:read'] } });
      const post = (body: unknown) =>
        fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            authorization: `Bearer ${org.tokens.mcp!}`,
          },
          body: JSON.stringify(body),
        });
      return { post };
    }

    it('every call of a batch counts against the rate limit', async (t) => {
      const { post } = await start(t, 5);
      const first = await post([listCall(1), listCall(2), listCall(3)]);
      assert.equal(first.status, 200);
      assert.equal(first.headers.get('ratelimit-remaining'), '2');
      const answers = (await first.json()) as Array<{ id: number; result: { isError?: boolean } }>;
      assert.deepEqual(
        answers.map((a) => [a.id, a.result.isError ?? false]),
        [
          [1, false],
          [2, false],
          [3, false],
        ],
      );
      // 3 of 5 spent: a second batch of 3 goes over the limit and none of it runs.
      const second = await post([listCall(4), listCall(5), listCall(6)]);
      assert.equal(second.status, 429);
      assert.equal(((await second.json()) as { error: { code: string } }).error.code, 'RATE_LIMITED');
      assert.equal(second.headers.get('ratelimit-remaining'), '0');
      assert.ok(Number(second.headers.get('retry-after')) > 0);
    });

    it(`a batch of more than ${MAX_BATCH_CALLS} calls is refused whole`, async (t) => {
      const { post } = await start(t, 600);
      const calls = Array.from({ length: MAX_BATCH_CALLS + 1 }, (_, i) => listCall(i + 1));
      const res = await post(calls);
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), {
        jsonrpc: '2.0',
        error: { code: -32600, message: 'A batch holds at most 20 calls; this one has 21' },
        id: null,
      });
      const ok = await post(calls.slice(0, MAX_BATCH_CALLS));
      assert.equal(ok.status, 200);
      assert.equal(((await ok.json()) as unknown[]).length, 20);
    });
  });
}
