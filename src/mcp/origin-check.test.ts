/** DNS-rebinding protection: /api/v1/mcp refuses a browser Origin that is neither PUBLIC_URL's nor allowed. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';

const LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

for (const dialect of DIALECTS) {
  describe(`${dialect}: tool server Origin check`, () => {
    it('403 for a foreign Origin (before the token is looked at); 200 for ours, an allowed one, or none', async (t) => {
      const env = await build(t, dialect, {
        config: {
          PUBLIC_URL: ['https://api.bulwark.example', 'https://bulwark.example'],
          MCP_ALLOWED_ORIGINS: ['https://assistant.example'],
        },
      });
      const org = await createOrg(env.services, { tokens: { mcp: ['mcp:read'] } });
      const send = (headers: Record<string, string>) =>
        env.app.inject({
          method: 'POST',
          url: '/api/v1/mcp',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...headers,
          },
          payload: LIST,
        });
      const statusOf = async (headers: Record<string, string>) => (await send(headers)).statusCode;

      const evil = await send({
        origin: 'http://evil.example.com',
        host: 'evil.example.com',
        ...org.bearer('mcp'),
      });
      assert.equal(evil.statusCode, 403);
      assert.deepEqual(evil.json(), {
        data: null,
        error: {
          code: 'FORBIDDEN',
          message:
            "Origin 'http://evil.example.com' may not call the tool server; allowed: PUBLIC_URL's origins and MCP_ALLOWED_ORIGINS",
        },
        meta: null,
      });
      // Without a token too: the Origin is checked first.
      assert.equal(await statusOf({ origin: 'http://evil.example.com' }), 403);
      // A look-alike of ours (another scheme or port) is another origin.
      assert.equal(await statusOf({ origin: 'http://api.bulwark.example', ...org.bearer('mcp') }), 403);
      assert.equal(await statusOf({ origin: 'https://api.bulwark.example:8443', ...org.bearer('mcp') }), 403);
      assert.equal(await statusOf({ origin: 'null', ...org.bearer('mcp') }), 403);

      assert.equal(await statusOf({ origin: 'https://api.bulwark.example', ...org.bearer('mcp') }), 200);
      assert.equal(await statusOf({ origin: 'https://bulwark.example', ...org.bearer('mcp') }), 200);
      assert.equal(await statusOf({ origin: 'https://assistant.example', ...org.bearer('mcp') }), 200);
      assert.equal(await statusOf({ ...org.bearer('mcp') }), 200);
      // Other routes are not the tool server's: a foreign Origin there is the CORS policy's business.
      const health = await env.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { origin: 'http://evil.example.com' },
      });
      assert.equal(health.statusCode, 200);
    });
  });
}
