import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { callError, httpClient } from '../src/mcp/mcp-test-kit.ts';
import { controlCharacterProblem } from '../src/shared/control-characters.ts';
import { build, createOrg } from './support/app.ts';
import { DIALECTS } from './support/store.ts';
import { uploadFile } from './support/upload.ts';

describe('control characters: the rule', () => {
  const cases: Array<[string, boolean, string | undefined]> = [
    ['plain', false, undefined],
    ['a\u0000b', false, 'must not contain control characters: U+0000 at position 1'],
    ['tab\there', false, 'must not contain control characters: U+0009 at position 3'],
    ['line\r\nbreak', false, 'must not contain control characters: U+000D at position 4'],
    ['line\nbreak\tand tab\r\nok', true, undefined],
    [
      'bare\rCR',
      true,
      'must not contain control characters (tab and line breaks are allowed): U+000D at position 4',
    ],
    [
      'bell\u0007',
      true,
      'must not contain control characters (tab and line breaks are allowed): U+0007 at position 4',
    ],
    ['del\u007f', false, 'must not contain control characters: U+007F at position 3'],
    ['c1\u0085', false, 'must not contain control characters: U+0085 at position 2'],
    ['émoji 🎉 and ß', false, undefined],
  ];
  for (const [text, freeText, expected] of cases) {
    it(`${JSON.stringify(text)} as ${freeText ? 'free text' : 'a name'}`, () =>
      assert.equal(controlCharacterProblem(text, freeText), expected));
  }
});

const NUL = 'must not contain control characters: U+0000 at position 1';
const NUL_TEXT =
  'must not contain control characters (tab and line breaks are allowed): U+0000 at position 1';

for (const dialect of DIALECTS) {
  describe(`${dialect}: NUL and control characters are a 400 naming the field`, () => {
    it('in a query, a path, a JSON body and an upload form', async (t) => {
      const env = await build(t, dialect);
      const org = await createOrg(env.services);
      const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
        env.app.inject({
          method,
          url: `/api/v1${url}`,
          headers: org.bearer(),
          ...(payload ? { payload } : {}),
        });
      const expect400 = (res: Awaited<ReturnType<typeof send>>, path: string, message: string) => {
        assert.equal(res.statusCode, 400, res.body);
        assert.deepEqual(res.json(), {
          data: null,
          error: {
            code: 'VALIDATION_FAILED',
            message: `Request validation failed: ${path}: ${message}`,
            details: [{ path, message }],
          },
          meta: null,
        });
      };
      const vendor = { type: 'commercial', riskTier: 2, assessmentStatus: 'not_started' };

      expect400(await send('GET', '/sscs/sboms?q=a%00'), 'querystring.q', NUL);
      expect400(await send('GET', '/sscs/findings?sbomId=s%00'), 'querystring.sbomId', NUL);
      expect400(await send('GET', '/sscs/findings/f%00'), 'params.findingId', NUL);
      expect400(await send('POST', '/sscs/vendors', { ...vendor, name: 'a\u0000b' }), 'body.name', NUL);
      expect400(
        await send('POST', '/sscs/vendors', { ...vendor, name: 'a\tb' }),
        'body.name',
        'must not contain control characters: U+0009 at position 1',
      );
      expect400(
        await send('POST', '/sscs/vendors', { ...vendor, name: 'Acme', notes: 'a\u0000' }),
        'body.notes',
        NUL_TEXT,
      );
      expect400(await send('POST', '/sscs/sboms', { name: 'a\u0000' }), 'body.name', NUL);
      expect400(
        await send('PATCH', '/sscs/findings/fnd_x/status', {
          status: 'accepted',
          remediationNotes: 'o\u0000k',
        }),
        'body.remediationNotes',
        NUL_TEXT,
      );

      // Free text keeps its tabs and line breaks.
      const created = await send('POST', '/sscs/vendors', {
        ...vendor,
        name: 'Acme',
        notes: 'one\ntwo\tthree\r\nfour',
      });
      assert.equal(created.statusCode, 201);
      assert.equal(created.json().data.notes, 'one\ntwo\tthree\r\nfour');

      const sbom = JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', components: [] });
      const upload = await uploadFile(env.app, org, sbom, 'ok.cdx.json', {});
      assert.equal(upload.statusCode, 201);
      const form = new FormData();
      form.append('name', 'a\u0000b');
      form.append('file', new Blob([sbom]), 'ok.cdx.json');
      const response = new Response(form);
      const named = await env.app.inject({
        method: 'POST',
        url: '/api/v1/sscs/sboms/upload',
        payload: Buffer.from(await response.arrayBuffer()),
        headers: { 'content-type': response.headers.get('content-type')!, ...org.bearer() },
      });
      assert.equal(named.statusCode, 400);
      assert.deepEqual(named.json().error, {
        code: 'VALIDATION_FAILED',
        message: `Upload validation failed: body.name: ${NUL}`,
        details: [{ path: 'body.name', message: NUL }],
      });
    });

    it('vendor website: http(s) URLs only', async (t) => {
      const env = await build(t, dialect);
      const org = await createOrg(env.services);
      const vendor = { name: 'Acme', type: 'commercial', riskTier: 2, assessmentStatus: 'not_started' };
      for (const website of [
        'javascript:alert(1)',
        'data:text/html,x',
        'ftp://acme.example',
        'acme.example',
      ]) {
        const res = await env.app.inject({
          method: 'POST',
          url: '/api/v1/sscs/vendors',
          headers: org.bearer(),
          payload: { ...vendor, website },
        });
        assert.equal(res.statusCode, 400, website);
        assert.deepEqual(res.json().error.details, [
          { path: 'body.website', message: 'must be an http:// or https:// URL' },
        ]);
      }
      const ok = await env.app.inject({
        method: 'POST',
        url: '/api/v1/sscs/vendors',
        headers: org.bearer(),
        payload: { ...vendor, website: 'HTTPS://acme.example/security?x=1' },
      });
      assert.equal(ok.statusCode, 201);
    });

    it('tool arguments: VALIDATION_FAILED', async (t) => {
      const env = await build(t, dialect);
      await env.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = env.app.server.address() as { port: number };
      const org = await createOrg(env.services, { tokens: { mcp: ['mcp:read'] } });
      const client = await httpClient(`http://127.0.0.1:${port}`, org.tokens.mcp!);
      t.after(() => client.close());
      await client.listTools();
      assert.deepEqual(await callError(client, 'risk_get', { id: 'r\u0000' }), {
        code: 'VALIDATION_FAILED',
        message: `Invalid arguments for risk_get: id: ${NUL}`,
      });
    });
  });
}
