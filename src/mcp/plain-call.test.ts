import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { seedOrg } from './mcp-test-kit.ts';
import { plainToolCall } from './plain-call.ts';
import { TOOL_NAMES } from './generated/tool-catalog.ts';

const HEADERS = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
const handlers = new Map(TOOL_NAMES.map((name) => [name, async () => ({})]));
const message = (params: unknown, extra: object = {}) => ({
  jsonrpc: '2.0',
  id: 4,
  method: 'tools/call',
  params,
  ...extra,
});

describe('plain tools/call', () => {
  it('takes only a single tools/call of a catalog tool that the SDK would pass on unchanged', () => {
    assert.deepEqual(
      plainToolCall(message({ name: 'supplier_list', arguments: { a: 1 } }), HEADERS, handlers),
      {
        id: 4,
        name: 'supplier_list',
        arguments: { a: 1 },
      },
    );
    assert.deepEqual(plainToolCall({ ...message({ name: 'risk_get' }), id: 'x' }, HEADERS, handlers), {
      id: 'x',
      name: 'risk_get',
      arguments: undefined,
    });
    const refused: Array<[string, unknown, Record<string, string>?]> = [
      ['a batch', [message({ name: 'supplier_list' })]],
      ['another method', { ...message({ name: 'supplier_list' }), method: 'tools/list' }],
      ['a notification', { jsonrpc: '2.0', method: 'tools/call', params: { name: 'supplier_list' } }],
      ['jsonrpc 1.0', { ...message({ name: 'supplier_list' }), jsonrpc: '1.0' }],
      ['a fractional id', { ...message({ name: 'supplier_list' }), id: 1.5 }],
      ['a null id', { ...message({ name: 'supplier_list' }), id: null }],
      ['an unsafe integer id', { ...message({ name: 'supplier_list' }), id: 2 ** 60 }],
      ['an extra member', message({ name: 'supplier_list' }, { extra: 1 })],
      ['no params', { jsonrpc: '2.0', id: 1, method: 'tools/call' }],
      ['_meta', message({ name: 'supplier_list', _meta: { progressToken: 1 } })],
      ['a task', message({ name: 'supplier_list', task: { ttl: 5 } })],
      ['an unknown tool', message({ name: 'no_such_tool' })],
      ['a name that is no string', message({ name: 5 })],
      ['null arguments', message({ name: 'supplier_list', arguments: null })],
      ['array arguments', message({ name: 'supplier_list', arguments: [] })],
      ['string arguments', message({ name: 'supplier_list', arguments: 'x' })],
      [
        'Accept without text/event-stream',
        message({ name: 'supplier_list' }),
        { accept: 'application/json' },
      ],
      ['another content type', message({ name: 'supplier_list' }), { 'content-type': 'text/plain' }],
      [
        'a content type with parameters',
        message({ name: 'supplier_list' }),
        { 'content-type': 'application/json; charset=utf-8' },
      ],
      [
        'an unsupported protocol version',
        message({ name: 'supplier_list' }),
        { 'mcp-protocol-version': '1999-01-01' },
      ],
    ];
    for (const [label, body, headers] of refused)
      assert.equal(plainToolCall(body, { ...HEADERS, ...headers }, handlers), undefined, label);
    assert.ok(
      plainToolCall(
        message({ name: 'supplier_list' }),
        { ...HEADERS, 'mcp-protocol-version': '2025-06-18' },
        handlers,
      ),
    );
  });
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: plain tools/call over HTTP`, () => {
    it('answers byte for byte as the SDK server does: results, tool errors, validation errors', async (t) => {
      const env = await build(t, dialect);
      await env.app.listen({ port: 0, host: '127.0.0.1' });
      const address = env.app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1/mcp`;
      const org = await createOrg(env.services, {});
      await seedOrg(env.services, env.store.db, org);
      const calls: Array<[string, unknown]> = [
        ['supplier_list', {}],
        ['risk_register_list', undefined],
        ['audit_trail_search', { limit: 2 }],
        ['audit_trail_search', { limit: -2, offset: 'a' }],
        ['risk_get', { id: 'risk_nope' }],
        ['risk_create_draft', { title: 'x', likelihood: 2, impact: 3 }],
        ['findings_search', {}],
      ];
      for (const [name, args] of calls) {
        const body = JSON.stringify({
          jsonrpc: '2.0',
          id: 9,
          method: 'tools/call',
          params: { name, arguments: args },
        });
        // The same call twice: as sent (answered directly) and with a charset parameter (through the SDK).
        const answers = [];
        for (const contentType of ['application/json', 'application/json; charset=utf-8']) {
          const response = await fetch(url, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${org.tokens.mcp}`,
              accept: HEADERS.accept,
              'content-type': contentType,
            },
            body,
          });
          answers.push({
            status: response.status,
            type: response.headers.get('content-type'),
            length: response.headers.get('content-length'),
            limit: response.headers.get('ratelimit-limit'),
            body: await response.text(),
          });
        }
        assert.deepEqual(answers[0], answers[1], name);
        assert.equal(answers[0]!.status, 200);
        assert.match(answers[0]!.body, /^\{"result":\{.*\},"jsonrpc":"2\.0","id":9\}$/);
      }
    });
  });
}
