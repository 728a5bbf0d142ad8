// Tool server contract (docs/contract.md, Tool server) over real Streamable HTTP and stdio.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  BIN,
  DIALECTS,
  ISO_UTC,
  freshStore,
  cli,
  cliJson,
  cliProcess,
  serve,
  call,
  expectError,
  tenant,
  type Store,
  type Server,
  type Json,
} from './harness.ts';

const TOOLS = [
  'access_anomaly_discovery',
  'access_concentration',
  'access_department_risk',
  'access_high_risk_lifecycle',
  'access_normalization_health',
  'access_offboarding_violations',
  'access_privileged_delta',
  'access_reviews_list',
  'access_security_debt_trend',
  'access_stale_accounts',
  'audit_trail_search',
  'evidence_log',
  'iso_controls_list',
  'iso_gap_status',
  'iso_soa_summary',
  'maturity_scores',
  'posture_summary',
  'risk_create_draft',
  'risk_get',
  'risk_register_list',
  'supplier_assessment_status',
  'supplier_list',
  'uar_status',
];
const EMAIL = /[A-Za-z0-9._%+*-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+/g;

interface ToolResult {
  isError?: boolean;
  structuredContent?: Record<string, Json>;
  _meta?: { error?: { code: string; message: string } };
  content: Array<{ type: string; text?: string }>;
}

async function connect(server: Server, token: string): Promise<Client> {
  const client = new Client({ name: 'contract-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.api}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

async function tool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

function errorCode(r: ToolResult): string | undefined {
  return r.isError ? r._meta?.error?.code : undefined;
}

/** Every e-mail address in the text must be masked as first character + ***@domain. */
function assertMasked(label: string, text: string, secrets: string[]): void {
  for (const m of text.match(EMAIL) ?? [])
    assert.match(m, /^[^@*]\*\*\*@/, `${label}: e-mail in clear: ${m}`);
  for (const s of secrets) assert.ok(!text.includes(s), `${label}: contains ${s}`);
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: tool server contract`, { timeout: 240_000 }, () => {
    let store: Store;
    let server: Server;
    let readTok = '';
    let rwTok = '';
    let writerId = '';
    let client: Client;
    const api = (p: string) => `${server.api}${p}`;

    before(async () => {
      store = await freshStore(dialect);
      const demo = await cli(store, ['demo', '--org', 'demo', '--identities', '50']);
      assert.equal(demo.code, 0, demo.stderr);
      const user = await cliJson(store, [
        'user',
        'create',
        '--org',
        'demo',
        '--email',
        'wanda.writer@corp-demo.example.org',
        '--name',
        'Wanda Writerperson',
      ]);
      writerId = user.id as string;
      const [r, rw] = await Promise.all([
        cliJson(store, ['token', 'create', '--org', 'demo', '--scopes', 'mcp:read,sbom:read']),
        cliJson(store, [
          'token',
          'create',
          '--org',
          'demo',
          '--user',
          'wanda.writer@corp-demo.example.org',
          '--scopes',
          'mcp:read,mcp:write,sbom:read,sbom:write',
        ]),
      ]);
      readTok = r.token as string;
      rwTok = rw.token as string;
      server = await serve(store);
      client = await connect(server, readTok);
    });
    after(async () => {
      await client?.close();
      await server?.stop();
      await store?.cleanup();
    });

    it('the MCP endpoint: no or bad token → 401 with WWW-Authenticate; no mcp:read → 403 INSUFFICIENT_SCOPE', async () => {
      const rpc = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
      const headers = { accept: 'application/json, text/event-stream' };
      const none = await expectError(
        call(api('/mcp'), { method: 'POST', json: rpc, headers }),
        401,
        'UNAUTHORIZED',
      );
      assert.match(none.headers.get('www-authenticate') ?? '', /^Bearer/);
      const bad = await expectError(
        call(api('/mcp'), { method: 'POST', json: rpc, headers, token: 'bwk_nope' }),
        401,
        'INVALID_TOKEN',
      );
      assert.match(bad.headers.get('www-authenticate') ?? '', /^Bearer/);
      const sbomOnly = (await cliJson(store, ['token', 'create', '--org', 'demo', '--scopes', 'sbom:read']))
        .token as string;
      await expectError(
        call(api('/mcp'), { method: 'POST', json: rpc, headers, token: sbomOnly }),
        403,
        'INSUFFICIENT_SCOPE',
      );
    });

    it('tools/list: the 23 tools with schemas and readOnlyHint annotations', async () => {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), [...TOOLS].sort());
      for (const t of tools) {
        assert.equal(t.inputSchema.type, 'object', `${t.name} inputSchema`);
        assert.ok(t.outputSchema, `${t.name} outputSchema`);
        assert.equal(t.annotations?.readOnlyHint, t.name !== 'risk_create_draft', `${t.name} readOnlyHint`);
      }
    });

    it('every read tool answers on demo data: structuredContent plus the same JSON as text, masked', async () => {
      for (const name of TOOLS.filter((t) => t !== 'risk_create_draft' && t !== 'risk_get')) {
        const r = await tool(client, name);
        assert.ok(!r.isError, `${name}: ${JSON.stringify(r.structuredContent)}`);
        assert.ok(
          r.structuredContent && typeof r.structuredContent === 'object',
          `${name} structuredContent`,
        );
        const text = r.content.find((c) => c.type === 'text')?.text ?? '';
        assert.deepEqual(
          JSON.parse(text),
          r.structuredContent,
          `${name}: text is the JSON of structuredContent`,
        );
        assertMasked(name, text, ['wanda.writer@', 'Wanda Writerperson', 'security.lead@demo.example.com']);
      }
      const ev = (await tool(client, 'evidence_log')).structuredContent!;
      for (const v of Object.values(ev))
        if (Array.isArray(v)) assert.ok(v.length <= 50, 'evidence_log returns at most 50 entries');
      assert.ok(!(await tool(client, 'access_security_debt_trend', { months: 3 })).isError);
      for (const name of ['iso_controls_list', 'iso_gap_status', 'iso_soa_summary']) {
        assert.equal(
          errorCode(await tool(client, name, { projectId: 'iso_doesnotexist' })),
          'NOT_FOUND',
          name,
        );
      }
    });

    it('person names appear only redacted; ids stay', async () => {
      const NAME_KEYS = new Set(['displayName', 'holderName', 'ownerName', 'reviewerName', 'actorName']);
      const walk = (label: string, v: Json): void => {
        if (Array.isArray(v)) v.forEach((x) => walk(label, x));
        else if (v && typeof v === 'object') {
          for (const [k, x] of Object.entries(v)) {
            if (NAME_KEYS.has(k))
              assert.ok(x === null || x === '[redacted]', `${label}.${k} = ${JSON.stringify(x)}`);
            walk(label, x);
          }
        }
      };
      let redactions = 0;
      for (const name of TOOLS.filter((t) => t !== 'risk_create_draft' && t !== 'risk_get')) {
        const r = await tool(client, name);
        walk(name, r.structuredContent);
        redactions += (JSON.stringify(r.structuredContent).match(/\[redacted\]/g) ?? []).length;
      }
      assert.ok(redactions > 0, 'demo data has people, so some names are redacted');
    });

    it('suppliers are the REST vendors minus internal ones; ISO controls are the 93 of Annex A; months default 6', async () => {
      for (const body of [
        { name: 'Contract OSS Lib', type: 'oss', riskTier: 2, assessmentStatus: 'in_progress' },
        { name: 'Contract Internal Team', type: 'internal', riskTier: 1, assessmentStatus: 'not_started' },
      ])
        assert.equal(
          (await call(api('/sscs/vendors'), { method: 'POST', token: rwTok, json: body })).status,
          201,
        );
      const vendors = (await call(api('/sscs/vendors'), { token: rwTok })).body.data as Array<{
        id: string;
        type: string;
      }>;
      const suppliers = (await tool(client, 'supplier_list')).structuredContent!;
      const text = JSON.stringify(suppliers);
      assert.ok(text.includes('Contract OSS Lib'));
      assert.ok(!text.includes('Contract Internal Team'), 'internal vendors are not third parties');
      const thirdParties = vendors.filter((v) => v.type !== 'internal');
      for (const v of thirdParties) assert.ok(text.includes(v.id), `supplier_list has ${v.id}`);
      const status = (await tool(client, 'supplier_assessment_status')).structuredContent!;
      assert.equal(status.total, thirdParties.length);
      const controls =
        JSON.stringify((await tool(client, 'iso_controls_list')).structuredContent).match(
          /"A\.[5-8]\.\d+"/g,
        ) ?? [];
      const ids = new Set(controls.map((c) => c.slice(1, -1)));
      assert.equal(ids.size, 93);
      const expected = [
        [5, 37],
        [6, 8],
        [7, 14],
        [8, 34],
      ].flatMap(([t, n]) => Array.from({ length: n! }, (_, i) => `A.${t}.${i + 1}`));
      assert.deepEqual([...ids].sort(), expected.sort());
      const trend = (await tool(client, 'access_security_debt_trend')).structuredContent!;
      const three = (await tool(client, 'access_security_debt_trend', { months: 3 })).structuredContent!;
      const arrays = (o: Json) => Object.values(o).filter(Array.isArray) as Json[][];
      assert.ok(
        arrays(trend).some((a) => a.length === 6),
        'six monthly points by default',
      );
      assert.ok(
        arrays(three).some((a) => a.length === 3),
        'three monthly points for months: 3',
      );
    });

    it('risk_get: a listed risk by id; unknown id → NOT_FOUND', async () => {
      const listed = (await tool(client, 'risk_register_list')).structuredContent!;
      const text = JSON.stringify(listed);
      const ids = text.match(/risk_[A-Za-z0-9]+/g) ?? [];
      assert.ok(ids.length > 0, 'demo data has finalized risks');
      const one = await tool(client, 'risk_get', { id: ids[0]! });
      assert.ok(!one.isError, JSON.stringify(one.structuredContent));
      assert.ok(JSON.stringify(one.structuredContent).includes(ids[0]!));
      assert.equal(errorCode(await tool(client, 'risk_get', { id: 'risk_doesnotexist' })), 'NOT_FOUND');
    });

    it('audit_trail_search pages with limit/offset/total; entries are {id aud_, action, actor (masked), at}', async () => {
      // a REST write by Wanda puts her in the audit trail
      const v = await call(api('/sscs/vendors'), {
        method: 'POST',
        token: rwTok,
        json: { name: 'Audit Vendor', type: 'oss', riskTier: 3, assessmentStatus: 'not_started' },
      });
      assert.equal(v.status, 201);
      const first = (await tool(client, 'audit_trail_search')).structuredContent!;
      assert.deepEqual(Object.keys(first).sort(), ['items', 'limit', 'offset', 'total']);
      assert.equal(first.limit, 50);
      assert.equal(first.offset, 0);
      assert.ok(first.total >= 1);
      assert.equal(first.items.length, Math.min(50, first.total));
      for (const e of first.items) {
        assert.match(e.id, /^aud_/);
        assert.match(e.action, /^[a-z_]+\.[a-z_]+$/);
        assert.equal(typeof e.actor, 'string');
        assert.match(e.at, ISO_UTC);
      }
      const page = (await tool(client, 'audit_trail_search', { limit: 2, offset: 1 })).structuredContent!;
      assert.equal(page.limit, 2);
      assert.equal(page.offset, 1);
      assert.equal(page.total, first.total);
      assert.deepEqual(
        page.items.map((e: { id: string }) => e.id),
        first.items.slice(1, 3).map((e: { id: string }) => e.id),
      );
      const beyond = (await tool(client, 'audit_trail_search', { offset: first.total + 5 }))
        .structuredContent!;
      assert.deepEqual(beyond.items, []);
      assert.equal(beyond.total, first.total);
      const mine = (await tool(client, 'audit_trail_search', { actorId: writerId })).structuredContent!;
      assert.ok(mine.total >= 1);
      assert.equal(mine.items.length, mine.total);
      assert.ok(
        mine.items.every((e: { action: string }) => e.action === 'vendor.create'),
        'only Wanda’s writes, and she only created vendors',
      );
      assertMasked('audit actor', JSON.stringify(mine), ['wanda.writer@', 'Wanda Writerperson']);
      assert.equal(errorCode(await tool(client, 'audit_trail_search', { limit: -1 })), 'VALIDATION_FAILED');
    });

    it('risk_create_draft: INSUFFICIENT_SCOPE without mcp:write, NOT_PERMITTED until the org enables write; drafts stay out of risk_register_list', async () => {
      assert.equal(
        errorCode(await tool(client, 'risk_create_draft', { title: 'Read-only try' })),
        'INSUFFICIENT_SCOPE',
      );
      const writer = await connect(server, rwTok);
      try {
        const refused = await tool(writer, 'risk_create_draft', { title: 'Vendor lock-in' });
        assert.equal(errorCode(refused), 'NOT_PERMITTED');
        assert.equal(typeof refused._meta?.error?.message, 'string');
        const r = await cli(store, ['org', 'update', 'demo', '--mcp-write']);
        assert.equal(r.code, 0, r.stderr);
        const made = await tool(writer, 'risk_create_draft', { title: 'Vendor lock-in' });
        assert.ok(!made.isError, JSON.stringify(made.structuredContent));
        const id = JSON.stringify(made.structuredContent).match(/risk_[A-Za-z0-9]+/)?.[0];
        assert.ok(id, 'the draft has a risk_ id');
        assert.ok(JSON.stringify(made.structuredContent).includes('Vendor lock-in'));
        const listed = JSON.stringify((await tool(writer, 'risk_register_list')).structuredContent);
        assert.ok(
          !listed.includes(id) && !listed.includes('Vendor lock-in'),
          'drafts are not in risk_register_list',
        );
        const got = await tool(writer, 'risk_get', { id });
        assert.ok(!got.isError);
        assert.ok(JSON.stringify(got.structuredContent).includes('draft'));
        const audit = (await tool(writer, 'audit_trail_search', { actorId: writerId })).structuredContent!;
        assert.ok(audit.items.some((e: { action: string }) => e.action === 'risk.create_draft'));
        assert.equal(errorCode(await tool(writer, 'risk_create_draft', { title: '' })), 'VALIDATION_FAILED');
      } finally {
        await writer.close();
      }
    });

    it('another organisation’s ids are NOT_FOUND and its data is invisible', async () => {
      const risks =
        JSON.stringify((await tool(client, 'risk_register_list')).structuredContent).match(
          /risk_[A-Za-z0-9]+/g,
        ) ?? [];
      const project = (await tool(client, 'iso_controls_list')).structuredContent!.projectId as string;
      assert.match(project, /^iso_/);
      const stranger = await tenant(store, 'stranger', 'mcp:read');
      const other = await connect(server, stranger.token);
      try {
        assert.equal(errorCode(await tool(other, 'risk_get', { id: risks[0]! })), 'NOT_FOUND');
        assert.equal(errorCode(await tool(other, 'iso_controls_list', { projectId: project })), 'NOT_FOUND');
        const list = JSON.stringify((await tool(other, 'risk_register_list')).structuredContent);
        assert.ok(!risks.some((id) => list.includes(id)));
        const suppliers = JSON.stringify((await tool(other, 'supplier_list')).structuredContent);
        assert.ok(!suppliers.includes('vnd_'), 'a new organisation has no suppliers');
        const audit = (await tool(other, 'audit_trail_search')).structuredContent!;
        const mine = (await tool(client, 'audit_trail_search')).structuredContent!;
        const ids = new Set(mine.items.map((e: { id: string }) => e.id));
        assert.ok(!audit.items.some((e: { id: string }) => ids.has(e.id)));
      } finally {
        await other.close();
      }
    });

    it('stdio: `bulwark mcp` refuses to start without a valid BULWARK_TOKEN', async () => {
      // Processes: what is checked is that the binary exits instead of serving on its stdin.
      const [bad, none] = await Promise.all([
        cliProcess(store, ['mcp'], { BULWARK_TOKEN: 'bwk_nope' }),
        cliProcess(store, ['mcp'], { BULWARK_TOKEN: '' }),
      ]);
      assert.notEqual(bad.code, 0);
      assert.notEqual(none.code, 0);
    });

    it('stdio: `bulwark mcp` with BULWARK_TOKEN lists the same 23 tools', async () => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [BIN, 'mcp'],
        cwd: store.dir,
        env: {
          ...(process.env as Record<string, string>),
          ...store.env,
          BULWARK_TOKEN: readTok,
          LOG_LEVEL: 'warn',
        },
        stderr: 'ignore',
      });
      const stdio = new Client({ name: 'contract-test', version: '1.0.0' });
      await stdio.connect(transport);
      try {
        const { tools } = await stdio.listTools();
        assert.equal(tools.length, 23);
        const r = (await stdio.callTool({ name: 'posture_summary', arguments: {} })) as ToolResult;
        assert.ok(!r.isError);
      } finally {
        await stdio.close();
      }
    });
  });
}
