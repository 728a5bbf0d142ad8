import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { searchAudit } from '../audit/audit.repository.ts';
import { build, createOrg, type TestEnv, type TestOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { TOOL_NAMES } from './generated/tool-catalog.ts';
import { call, callError, callOk, httpClient, seedOrg } from './mcp-test-kit.ts';
import { SUPPLY_CHAIN_TOOLS } from './tool-server.ts';

interface Running extends TestEnv {
  url: string;
  client: (org: TestOrg, token?: string) => Promise<Client>;
}

async function start(t: Parameters<typeof build>[0], dialect: (typeof DIALECTS)[number]): Promise<Running> {
  const env = await build(t, dialect);
  await env.app.listen({ port: 0, host: '127.0.0.1' });
  const address = env.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const clients: Client[] = [];
  t.after(async () => {
    for (const c of clients) await c.close();
  });
  return {
    ...env,
    url,
    client: async (org, token = 'all') => {
      const client = await httpClient(url, org.tokens[token]!);
      clients.push(client);
      await client.listTools();
      return client;
    },
  };
}

const post = (
  url: string,
  headers: Record<string, string>,
  body: unknown = { jsonrpc: '2.0', id: 1, method: 'tools/list' },
) =>
  fetch(`${url}/api/v1/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(body),
  });

for (const dialect of DIALECTS) {
  describe(`${dialect}: tool server over HTTP`, () => {
    it('lists the 23 tools with schemas and annotations', async (t) => {
      const env = await start(t, dialect);
      const org = await createOrg(env.services, { tokens: { all: ['mcp:read'] } });
      const client = await env.client(org);
      const { tools } = await client.listTools();
      assert.equal(tools.length, 23);
      // The supply-chain tools are the organisation's opt-in (src/mcp/supply-chain.tools.test.ts).
      assert.deepEqual(
        tools.map((x) => x.name),
        TOOL_NAMES.filter((n) => !SUPPLY_CHAIN_TOOLS.has(n)),
      );
      assert.deepEqual(
        tools.filter((x) => x.annotations?.readOnlyHint === false).map((x) => x.name),
        ['risk_create_draft'],
      );
      assert.equal(tools.filter((x) => x.annotations?.readOnlyHint === true).length, 22);
      for (const tool of tools) {
        assert.equal(tool.inputSchema.type, 'object');
        assert.equal(tool.outputSchema?.type, 'object');
        assert.ok(tool.title && tool.description, tool.name);
      }
      const audit = tools.find((x) => x.name === 'audit_trail_search')!;
      assert.deepEqual(audit.inputSchema.properties?.limit, {
        type: 'integer',
        minimum: 1,
        maximum: 200,
        default: 50,
        description: 'Page size (1–200, default 50).',
      });
      assert.deepEqual(client.getServerVersion(), {
        name: 'bulwark',
        version: JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version,
      });
    });

    it('answers 401 with WWW-Authenticate, 403 without mcp:read, 405 on every method but POST; no plan feature needed', async (t) => {
      const env = await start(t, dialect);
      const org = await createOrg(env.services, {
        plan: 'essentials',
        tokens: { sbom: ['sbom:read', 'sbom:write'], mcp: ['mcp:read'] },
      });
      const none = await post(env.url, {});
      assert.equal(none.status, 401);
      assert.match(none.headers.get('www-authenticate') ?? '', /^Bearer /);
      assert.equal(((await none.json()) as { error: { code: string } }).error.code, 'UNAUTHORIZED');
      const bad = await post(env.url, { authorization: 'Bearer bwk_notarealtoken000000000000000000000' });
      assert.equal(bad.status, 401);
      assert.match(bad.headers.get('www-authenticate') ?? '', /^Bearer /);
      assert.equal(((await bad.json()) as { error: { code: string } }).error.code, 'INVALID_TOKEN');
      const scopeless = await post(env.url, { authorization: `Bearer ${org.tokens.sbom}` });
      assert.equal(scopeless.status, 403);
      assert.deepEqual(await scopeless.json(), {
        data: null,
        error: { code: 'INSUFFICIENT_SCOPE', message: 'The token lacks the scope mcp:read' },
        meta: null,
      });
      // The essentials plan lacks supply_chain_security; the tool server does not need it.
      const listed = await post(env.url, { authorization: `Bearer ${org.tokens.mcp}` });
      assert.equal(listed.status, 200);
      assert.equal(((await listed.json()) as { result: { tools: unknown[] } }).result.tools.length, 23);
      for (const method of ['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
        const response = await fetch(`${env.url}/api/v1/mcp`, {
          method,
          headers: { authorization: `Bearer ${org.tokens.mcp}` },
        });
        assert.equal(response.status, 405, method);
        assert.equal(response.headers.get('allow'), 'POST');
        assert.equal(((await response.json()) as { error: { code: number } }).error.code, -32000);
      }
    });

    it('answers as JSON-RPC with the pipeline headers: request id, rate limits, -32700 for a malformed body', async (t) => {
      const env = await start(t, dialect);
      const org = await createOrg(env.services, { tokens: { mcp: ['mcp:read'] } });
      const listed = await post(env.url, { authorization: `Bearer ${org.tokens.mcp}` });
      assert.equal(listed.status, 200);
      assert.match(listed.headers.get('x-request-id') ?? '', /^req_/);
      assert.equal(listed.headers.get('ratelimit-limit'), '600');
      assert.equal(listed.headers.get('ratelimit-remaining'), '599');
      assert.match(listed.headers.get('ratelimit-reset') ?? '', /^[0-9]+$/);
      for (const body of ['{"jsonrpc":"2.0","id":1,', '']) {
        const malformed = await fetch(`${env.url}/api/v1/mcp`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${org.tokens.mcp}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
          body,
        });
        assert.equal(malformed.status, 400);
        assert.deepEqual(await malformed.json(), {
          jsonrpc: '2.0',
          error: { code: -32700, message: 'Parse error: the request body is not valid JSON' },
          id: null,
        });
      }
    });

    it('arguments: null is VALIDATION_FAILED with a plain message', async (t) => {
      const env = await start(t, dialect);
      const org = await createOrg(env.services, { tokens: { mcp: ['mcp:read'] } });
      const response = await post(
        env.url,
        { authorization: `Bearer ${org.tokens.mcp}` },
        { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'supplier_list', arguments: null } },
      );
      assert.equal(response.status, 200);
      const body = (await response.json()) as {
        id: number;
        result: { isError: boolean; structuredContent?: unknown; _meta: unknown };
      };
      assert.equal(body.id, 7);
      assert.equal(body.result.isError, true);
      assert.equal(body.result.structuredContent, undefined);
      assert.deepEqual(body.result._meta, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Invalid arguments for supplier_list: arguments must be an object (or left out), not null',
        },
      });
    });

    it('risk_create_draft: INSUFFICIENT_SCOPE without mcp:write, NOT_PERMITTED while write is disabled, else a draft', async (t) => {
      const env = await start(t, dialect);
      const tokens = { read: ['mcp:read' as const], write: ['mcp:read' as const, 'mcp:write' as const] };
      const closed = await createOrg(env.services, { tokens });
      const open = await createOrg(env.services, { tokens, mcpWriteEnabled: true });
      assert.deepEqual(await callError(await env.client(open, 'read'), 'risk_create_draft', { title: 'x' }), {
        code: 'INSUFFICIENT_SCOPE',
        message: 'The token lacks the scope mcp:write that risk_create_draft needs',
      });
      assert.deepEqual(
        await callError(await env.client(closed, 'write'), 'risk_create_draft', { title: 'x' }),
        {
          code: 'NOT_PERMITTED',
          message: `Write tools are not enabled for this organisation; an administrator enables them with: bulwark org update ${closed.slug} --mcp-write`,
        },
      );
      const writer = await env.client(open, 'write');
      const invalid = await callError(writer, 'risk_create_draft', { title: '', owner: 'x' });
      assert.equal(invalid.code, 'VALIDATION_FAILED');
      assert.match(invalid.message, /title: Too small.*arguments: Unrecognized key: "owner"/);
      assert.equal((await callError(writer, 'risk_create_draft', {})).code, 'VALIDATION_FAILED');

      const draft = await callOk(writer, 'risk_create_draft', {
        title: 'Unpatched VPN',
        likelihood: 3,
        impact: 4,
      });
      assert.equal(draft.status, 'draft');
      assert.equal(draft.score, 12);
      assert.equal(draft.createdBy, open.userId);
      const audit = await searchAudit(env.store.db, open.id, { actorId: open.userId, limit: 1, offset: 0 });
      assert.deepEqual([audit.rows[0]?.action, audit.rows[0]?.entity_id], ['risk.create_draft', draft.id]);
      assert.equal(
        (await searchAudit(env.store.db, closed.id, { actorId: closed.userId, limit: 5, offset: 0 })).total,
        0,
      );

      assert.deepEqual(await callOk(writer, 'risk_get', { id: draft.id }), draft);
      assert.deepEqual(await callOk(writer, 'risk_register_list'), { items: [], total: 0 });
      const approved = await env.services.risks.createRisk(open.id, open.userId, {
        title: 'Data centre fire',
        likelihood: 1,
        impact: 5,
      });
      const register = await callOk(writer, 'risk_register_list');
      assert.deepEqual(
        (register.items as Array<{ id: string }>).map((r) => r.id),
        [approved.id],
      );
      assert.equal(register.total, 1);
      // Another organisation's risk (draft or approved) and unknown ids are NOT_FOUND.
      const other = await env.client(closed, 'read');
      for (const id of [draft.id, approved.id, 'risk_unknown']) {
        assert.deepEqual(await callError(other, 'risk_get', { id }), {
          code: 'NOT_FOUND',
          message: `Risk '${id}' was not found`,
        });
      }
    });

    it('audit_trail_search pages newest first with the full total and an exact actor filter', async (t) => {
      const env = await start(t, dialect);
      const org = await createOrg(env.services, { tokens: { all: ['mcp:read'] } });
      const other = await createOrg(env.services, { tokens: { all: ['mcp:read'] } });
      const written = await seedAuditEntries(env, org, 120);
      const client = await env.client(org);
      // createOrg wrote organization.create, user.create and token.create (system actor) before ours.
      const everything = await callOk(client, 'audit_trail_search', { limit: 200 });
      const total = everything.total as number;
      assert.equal(total, 123);
      const ids = (everything.items as Array<{ id: string }>).map((e) => e.id);
      assert.deepEqual(ids, [...ids].sort().reverse());
      const first = await callOk(client, 'audit_trail_search');
      assert.equal(first.limit, 50);
      assert.equal(first.offset, 0);
      assert.equal(first.total, 123);
      assert.equal((first.items as unknown[]).length, 50);
      const last = await callOk(client, 'audit_trail_search', { offset: 100 });
      assert.deepEqual(
        (last.items as Array<{ id: string }>).map((e) => e.id),
        ids.slice(100),
      );
      const beyond = await callOk(client, 'audit_trail_search', { offset: 500 });
      assert.deepEqual([beyond.items, beyond.total], [[], 123]);

      const mine = await callOk(client, 'audit_trail_search', { actorId: org.userId, limit: 7, offset: 50 });
      assert.equal(mine.total, 60);
      const mineItems = mine.items as Array<{ id: string; action: string; actor: string; at: string }>;
      assert.deepEqual(
        mineItems.map((e) => e.id),
        written
          .filter((_, i) => i % 2 === 0)
          .reverse()
          .slice(50, 57),
      );
      assert.ok(
        mineItems.every((e) => e.actor === `o***@${org.slug}.example.com` && e.action === 'vendor.replace'),
      );
      assert.match(mineItems[0]!.at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const system = await callOk(client, 'audit_trail_search', { actorId: 'system', limit: 1 });
      assert.deepEqual([system.total, (system.items as Array<{ actor: string }>)[0]?.actor], [4, 'system']);
      assert.deepEqual(await callOk(client, 'audit_trail_search', { actorId: 'usr_nobody' }), {
        items: [],
        total: 0,
        limit: 50,
        offset: 0,
      });
      // Another organisation sees only its own three entries.
      assert.equal((await callOk(await env.client(other), 'audit_trail_search')).total, 3);
      for (const args of [{ limit: 201 }, { limit: 0 }, { offset: -1 }, { limit: 'ten' }, { actor: 'x' }]) {
        assert.equal(
          (await callError(client, 'audit_trail_search', args)).code,
          'VALIDATION_FAILED',
          JSON.stringify(args),
        );
      }
    });

    it('supplier tools leave internal vendors out and report completion figures', async (t) => {
      const env = await start(t, dialect);
      const org = await createOrg(env.services, { tokens: { all: ['mcp:read'] } });
      const seeded = await seedOrg(env.services, env.store.db, org);
      const client = await env.client(org);
      const list = await callOk(client, 'supplier_list');
      assert.deepEqual(list, {
        items: [
          {
            id: seeded.vendorIds['acme payroll'],
            name: 'acme payroll',
            type: 'commercial',
            riskTier: 1,
            assessmentStatus: 'in_progress',
            website: 'https://acme.example',
          },
          {
            id: seeded.vendorIds['Zeta Cloud'],
            name: 'Zeta Cloud',
            type: 'commercial',
            riskTier: 1,
            assessmentStatus: 'completed',
            website: 'https://zeta.example',
          },
          {
            id: seeded.vendorIds.OpenSSL,
            name: 'OpenSSL',
            type: 'oss',
            riskTier: 2,
            assessmentStatus: 'not_started',
            website: 'https://openssl.example',
          },
          {
            id: seeded.vendorIds.Mailer,
            name: 'Mailer',
            type: 'commercial',
            riskTier: 3,
            assessmentStatus: 'completed',
            website: 'https://mailer.example',
          },
        ],
        total: 4,
        truncated: false,
      });
      assert.deepEqual(await callOk(client, 'supplier_assessment_status'), {
        total: 4,
        notStarted: 1,
        inProgress: 1,
        completed: 2,
        completionRate: 50,
        byTier: {
          '1': { total: 2, completed: 1, completionRate: 50 },
          '2': { total: 1, completed: 0, completionRate: 0 },
          '3': { total: 1, completed: 1, completionRate: 100 },
        },
        unassessedCritical: 1,
      });
      const empty = await env.client(await createOrg(env.services, { tokens: { all: ['mcp:read'] } }));
      assert.deepEqual(await callOk(empty, 'supplier_list'), { items: [], total: 0, truncated: false });
      // Absent, not null: the output schemas have no nullable types (docs/mcp-oauth.md).
      assert.equal('completionRate' in (await callOk(empty, 'supplier_assessment_status')), false);
    });

    it('governance tools answer empty results, never invented figures, on an organisation without governance data', async (t) => {
      const env = await start(t, dialect);
      const org = await createOrg(env.services, { tokens: { all: ['mcp:read'] } });
      const client = await env.client(org);
      const governance = TOOL_NAMES.filter((n) =>
        /^(access_|uar_|iso_|evidence_|maturity_|posture_)/.test(n),
      );
      assert.equal(governance.length, 17);
      // What each tool answers, in one word: an error code, its items and total, or `no list` for the tools
      // that answer figures without a list.
      const answers: Record<string, unknown> = {};
      for (const name of governance) {
        const result = await call(client, name);
        const content = result.structuredContent as { items?: unknown[]; total?: number };
        answers[name] = result.isError
          ? (result._meta as { error: { code: string } }).error.code
          : content.items === undefined
            ? 'no list'
            : [content.items.length, content.total];
      }
      const empty = [0, 0];
      assert.deepEqual(answers, {
        access_anomaly_discovery: empty,
        access_concentration: empty,
        access_department_risk: empty,
        access_high_risk_lifecycle: empty,
        access_normalization_health: 'no list',
        access_offboarding_violations: empty,
        access_privileged_delta: empty,
        access_reviews_list: empty,
        // One point per month (6 by default) whose counts are all zero (below).
        access_security_debt_trend: [6, 6],
        access_stale_accounts: empty,
        evidence_log: empty,
        // No active ISO project to default to.
        iso_controls_list: 'NOT_FOUND',
        iso_gap_status: 'NOT_FOUND',
        iso_soa_summary: 'NOT_FOUND',
        maturity_scores: empty,
        posture_summary: 'no list',
        uar_status: empty,
      });
      const trend = (await callOk(client, 'access_security_debt_trend')) as { items: unknown[] };
      assert.equal(JSON.stringify(trend.items).match(/":[1-9]/), null, JSON.stringify(trend.items));
      assert.equal(
        (await callError(client, 'access_security_debt_trend', { months: 25 })).code,
        'VALIDATION_FAILED',
      );
      assert.equal((await callError(client, 'evidence_log', { limit: 5 })).code, 'VALIDATION_FAILED');
      assert.equal((await callError(client, 'iso_gap_status', { projectId: 'iso_x' })).code, 'NOT_FOUND');
    });
  });
}

/** `count` audited writes alternating between the org's owner and a second user; returns their audit ids in order. */
async function seedAuditEntries(env: TestEnv, org: TestOrg, count: number): Promise<string[]> {
  const second = await env.services.users.add(org.id, { email: 'second@example.org' });
  const vendor = await env.services.vendors.create(org.id, org.userId, {
    name: 'V',
    type: 'oss',
    riskTier: 2,
    assessmentStatus: 'not_started',
  });
  const ids: string[] = [];
  for (let i = 0; i < count - 2; i++) {
    await env.services.vendors.replace(org.id, i % 2 === 0 ? org.userId : second.id, vendor.id, {
      name: `V${i}`,
      type: 'oss',
      riskTier: 2,
      assessmentStatus: 'not_started',
    });
  }
  const rows = await searchAudit(env.store.db, org.id, { limit: 1000, offset: 0 });
  for (const row of [...rows.rows].reverse()) if (row.action === 'vendor.replace') ids.push(row.id);
  return ids;
}
