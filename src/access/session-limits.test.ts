import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { addUser, PASSWORD, signInAs, type SignedIn } from '../../test/support/session.ts';
import { DIALECTS } from '../../test/support/store.ts';
import type { App } from '../http/app-type.ts';

const MINUTE = 60_000;

/** What the tool server or the auth hook answers, as far as these tests read it. */
interface RpcAnswer {
  result: {
    tools: unknown[];
    isError?: boolean;
    structuredContent: { title: string; status: string };
    _meta: { error: { code: string } };
  };
  error: { code: string };
}

function clock(start = Date.parse('2026-11-23T09:00:00.000Z')) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const attempt = (app: App, email: string, password: string, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/v1/session', payload: { email, password }, remoteAddress });

async function uploadAs(app: App, who: SignedIn) {
  const form = new FormData();
  const bom = { bomFormat: 'CycloneDX', specVersion: '1.5', version: 1, components: [] };
  form.append('file', new Blob([JSON.stringify(bom)]), 'app.cdx.json');
  const response = new Response(form);
  return app.inject({
    method: 'POST',
    url: '/api/v1/sscs/sboms/upload',
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')!, ...who.write },
  });
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: sign-in throttle and roles on the public API`, () => {
    it('answers the 11th sign-in within 15 minutes after 10 failures for one e-mail with 429, right password or not', async (t) => {
      const time = clock();
      const { app, services } = await build(t, dialect, { now: time.now });
      const org = await createOrg(services, { tokens: {} });
      const user = await addUser(services, org, 'member');
      // Spread over 14 minutes and several client addresses: the e-mail alone counts.
      for (let i = 0; i < 10; i++) {
        const res = await attempt(app, user.email, `wrong password ${i}`, `10.0.0.${i}`);
        assert.equal(res.statusCode, 401, `failure ${i + 1}`);
        time.advance(84_000);
      }
      const blocked = await attempt(app, user.email, PASSWORD, '10.0.1.1');
      assert.equal(blocked.statusCode, 429);
      assert.deepEqual(blocked.json().error.code, 'RATE_LIMITED');
      // The first failure was 14 minutes ago: the window reopens in one minute.
      assert.equal(blocked.headers['retry-after'], '60');
      const unknownCase = await attempt(app, user.email.toUpperCase(), PASSWORD, '10.0.1.2');
      assert.equal(unknownCase.statusCode, 429, 'the e-mail is compared case-insensitively');

      time.advance(MINUTE);
      const allowed = await attempt(app, user.email, PASSWORD, '10.0.1.3');
      assert.equal(allowed.statusCode, 200, 'the oldest failure left the window');
    });

    it('answers a client with more than 10 failures within 15 minutes with 429, whatever the e-mail', async (t) => {
      const time = clock();
      const { app, services } = await build(t, dialect, { now: time.now });
      const org = await createOrg(services, { tokens: {} });
      const user = await addUser(services, org, 'viewer');
      for (let i = 0; i < 10; i++) {
        const res = await attempt(app, `guess${i}@example.com`, 'some guessed password', '192.0.2.7');
        assert.equal(res.statusCode, 401);
      }
      const blocked = await attempt(app, user.email, PASSWORD, '192.0.2.7');
      assert.deepEqual([blocked.statusCode, blocked.json().error.code], [429, 'RATE_LIMITED']);
      assert.equal(blocked.headers['retry-after'], '900');
      const elsewhere = await attempt(app, user.email, PASSWORD, '192.0.2.8');
      assert.equal(elsewhere.statusCode, 200, 'another client is not throttled');
      time.advance(15 * MINUTE);
      assert.equal((await attempt(app, user.email, PASSWORD, '192.0.2.7')).statusCode, 200);
    });

    it('lets the role stand in for scopes on the SBOM, finding and vendor endpoints', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services, { tokens: {} });
      const viewer = await signInAs(app, services, org, 'viewer');
      const member = await signInAs(app, services, org, 'member');
      const vendor = { name: 'Acme', type: 'oss', riskTier: 2, assessmentStatus: 'completed' };

      const viewerWrite = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/vendors',
        headers: viewer.write,
        payload: vendor,
      });
      assert.equal(viewerWrite.statusCode, 403);
      assert.deepEqual(viewerWrite.json().error, {
        code: 'INSUFFICIENT_SCOPE',
        message: 'The role viewer does not allow sbom:write',
      });
      const viewerUpload = await uploadAs(app, viewer);
      assert.deepEqual([viewerUpload.statusCode, viewerUpload.json().error.code], [403, 'FORBIDDEN']);

      const memberWrite = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/vendors',
        headers: member.write,
        payload: vendor,
      });
      assert.equal(memberWrite.statusCode, 201);
      const upload = await uploadAs(app, member);
      assert.equal(upload.statusCode, 201, upload.body);
      const sbomId = upload.json().data.id;

      for (const url of [
        '/api/v1/sscs/vendors',
        '/api/v1/sscs/vendors/risk-summary',
        '/api/v1/sscs/sboms',
        `/api/v1/sscs/sboms/${sbomId}`,
        `/api/v1/sscs/sboms/${sbomId}/components`,
        '/api/v1/sscs/findings',
        '/api/v1/sscs/findings/summary',
      ]) {
        const res = await app.inject({ method: 'GET', url, headers: viewer.cookie });
        assert.equal(res.statusCode, 200, url);
      }
      const viewerDelete = await app.inject({
        method: 'DELETE',
        url: `/api/v1/sscs/sboms/${sbomId}`,
        headers: viewer.write,
      });
      assert.equal(viewerDelete.statusCode, 403);
      const memberDelete = await app.inject({
        method: 'DELETE',
        url: `/api/v1/sscs/sboms/${sbomId}`,
        headers: member.write,
      });
      assert.deepEqual(memberDelete.json().data, { id: sbomId, deleted: true });

      // The plan still applies to sessions: essentials lacks supply_chain_security.
      const small = await createOrg(services, { plan: 'essentials', tokens: {} });
      const smallOwner = await signInAs(app, services, small, 'owner');
      const planned = await app.inject({
        method: 'GET',
        url: '/api/v1/sscs/vendors',
        headers: smallOwner.cookie,
      });
      assert.deepEqual([planned.statusCode, planned.json().error.code], [403, 'FORBIDDEN']);
    });

    it('serves the tool server to sessions: members read, only admins draft risks, writes need the CSRF header', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services, { mcpWriteEnabled: true, tokens: {} });
      const member = await signInAs(app, services, org, 'member');
      const admin = await signInAs(app, services, org, 'admin');
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1/mcp`;
      const rpc = async (headers: Record<string, string>, method: string, params?: object) => {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...headers,
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) }),
        });
        return { status: res.status, body: (await res.json()) as RpcAnswer };
      };
      const draft = { name: 'risk_create_draft', arguments: { title: 'Laptop theft' } };

      const listed = await rpc(member.write, 'tools/list');
      assert.equal(listed.body.result.tools.length, 23);
      const noCsrf = await rpc(member.cookie, 'tools/list');
      assert.deepEqual([noCsrf.status, noCsrf.body.error.code], [403, 'FORBIDDEN']);

      const refused = await rpc(member.write, 'tools/call', draft);
      assert.equal(refused.body.result.isError, true);
      assert.equal(refused.body.result._meta.error.code, 'INSUFFICIENT_SCOPE');
      const drafted = await rpc(admin.write, 'tools/call', draft);
      assert.equal(drafted.body.result.isError, undefined);
      assert.equal(drafted.body.result.structuredContent.title, 'Laptop theft');
      assert.equal(drafted.body.result.structuredContent.status, 'draft');
    });
  });
}
