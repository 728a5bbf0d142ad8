/**
 * The opt-in supply-chain tools: hidden and refused (NOT_PERMITTED) until the organisation turns
 * mcpSupplyChainTools on (PATCH /api/v1/org), then findings_search, sbom_list and asset_overview answer from the
 * organisation's own SBOMs only; validated, paged, scoped.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg, type TestOrg } from '../../test/support/app.ts';
import { signInAs } from '../../test/support/session.ts';
import { DIALECTS } from '../../test/support/store.ts';
import type { App } from '../http/app-type.ts';
import { loadAdvisories, shopSbom, upload } from '../pipeline/pipeline-fixture.ts';

interface RpcResult {
  tools?: Array<{ name: string }>;
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  _meta?: { error: { code: string; message: string } };
}

async function rpc(
  app: App,
  org: TestOrg,
  method: string,
  params: unknown = {},
  token = 'mcp',
): Promise<RpcResult> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/mcp',
    headers: { ...org.bearer(token), accept: 'application/json, text/event-stream' },
    payload: { jsonrpc: '2.0', id: 1, method, params },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().result as RpcResult;
}

const call = (app: App, org: TestOrg, name: string, args: Record<string, unknown> = {}, token = 'mcp') =>
  rpc(app, org, 'tools/call', { name, arguments: args }, token);
const SUPPLY = ['asset_overview', 'findings_search', 'sbom_list'];

for (const dialect of DIALECTS) {
  describe(`${dialect}: supply-chain tools (opt-in)`, () => {
    it('hidden and NOT_PERMITTED by default; listed and answering once an admin turns them on', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadAdvisories(t, services);
      const tokens = {
        all: ['sbom:read' as const, 'sbom:write' as const],
        mcp: ['mcp:read' as const],
        none: ['sbom:read' as const],
      };
      const org = await createOrg(services, { tokens });
      const other = await createOrg(services, { tokens });
      const a = (await upload(app, org, shopSbom('2.10', 'v0.3.7'), [['assetName', 'shop']])).json().data;
      const b = (await upload(app, org, shopSbom('2.10.1', 'v0.3.7'), [['assetName', 'shop']])).json().data;

      const names = async (as: TestOrg) => (await rpc(app, as, 'tools/list')).tools!.map((x) => x.name);
      assert.equal((await names(org)).length, 23);
      assert.deepEqual(
        (await names(org)).filter((n) => SUPPLY.includes(n)),
        [],
      );
      const refused = await call(app, org, 'findings_search');
      assert.equal(refused.isError, true);
      assert.deepEqual(refused._meta!.error, {
        code: 'NOT_PERMITTED',
        message: `Supply-chain tools are not enabled for this organisation; an administrator enables them with: bulwark org update ${org.slug} --mcp-supply-chain-tools`,
      });

      const admin = await signInAs(app, services, org, 'admin');
      const patched = await app.inject({
        method: 'PATCH',
        url: '/api/v1/org',
        headers: admin.write,
        payload: { mcpSupplyChainTools: true },
      });
      assert.equal(patched.statusCode, 200, patched.body);
      assert.equal(patched.json().data.mcpSupplyChainTools, true);
      assert.equal((await names(org)).length, 26);
      assert.deepEqual(
        (await names(org)).filter((n) => SUPPLY.includes(n)),
        SUPPLY,
      );
      assert.equal((await names(other)).length, 23, 'another organisation keeps the 23');

      // findings_search: every open finding, newest first, then filtered and paged.
      const all = (await call(app, org, 'findings_search')).structuredContent!;
      assert.equal(all.count, 5);
      assert.equal('nextCursor' in all, false, 'absent on the last page, not null');
      const critical = (await call(app, org, 'findings_search', { severity: ['CRITICAL'] }))
        .structuredContent!;
      const [only] = critical.items as Array<Record<string, unknown>>;
      assert.deepEqual(
        { ...only, id: typeof only!.id, aliases: undefined, summary: undefined, fixedVersions: undefined },
        {
          id: 'string',
          vulnerabilityId: 'CVE-2019-10906',
          aliases: undefined,
          summary: undefined,
          severity: 'CRITICAL',
          status: 'open',
          sbomId: a.id,
          // A purl's '@' is its version separator: never masked as an address.
          component: { name: 'Jinja2', version: '2.10', purl: 'pkg:pypi/jinja2@2.10' },
          kev: false,
          fixedVersions: undefined,
        },
      );
      const shop = (await call(app, org, 'findings_search', { assetName: 'shop' })).structuredContent!;
      assert.deepEqual(
        (shop.items as Array<{ sbomId: string; severity: string }>).map((f) => [f.sbomId, f.severity]).sort(),
        [
          [b.id, 'HIGH'],
          [b.id, 'MEDIUM'],
        ],
      );
      const first = (await call(app, org, 'findings_search', { limit: 3 })).structuredContent!;
      assert.equal(first.count, 3);
      const second = (await call(app, org, 'findings_search', { limit: 3, cursor: first.nextCursor }))
        .structuredContent!;
      assert.equal(second.count, 2);
      assert.equal('nextCursor' in second, false);
      const pagedIds = [
        ...(first.items as Array<{ id: string }>),
        ...(second.items as Array<{ id: string }>),
      ].map((f) => f.id);
      assert.deepEqual(
        pagedIds,
        (all.items as Array<{ id: string }>).map((f) => f.id),
      );
      assert.equal(
        (await call(app, org, 'findings_search', { status: 'fixed' })).structuredContent!.count,
        0,
      );

      // sbom_list and asset_overview.
      const sboms = (await call(app, org, 'sbom_list')).structuredContent!;
      assert.deepEqual(
        {
          total: sboms.total,
          truncated: sboms.truncated,
          ids: (sboms.items as Array<{ id: string }>).map((s) => s.id).sort(),
        },
        { total: 2, truncated: false, ids: [a.id, b.id].sort() },
      );
      const overview = (await call(app, org, 'asset_overview', { assetName: 'shop' })).structuredContent!;
      assert.deepEqual(
        { ...overview, versions: (overview.versions as Array<{ sbomId: string }>).map((v) => v.sbomId) },
        {
          assetName: 'shop',
          latestSbomId: b.id,
          versions: [b.id, a.id],
          openFindings: { CRITICAL: 0, HIGH: 1, MEDIUM: 1, LOW: 0, total: 2, kev: 0 },
        },
      );

      // Bad input and tenancy: the documented codes, never another organisation's data.
      const code = async (as: TestOrg, name: string, args: Record<string, unknown>, token = 'mcp') =>
        (await call(app, as, name, args, token))._meta?.error.code;
      assert.equal(await code(org, 'asset_overview', {}), 'VALIDATION_FAILED');
      assert.equal(await code(org, 'asset_overview', { assetName: 'nope' }), 'NOT_FOUND');
      assert.equal(await code(org, 'findings_search', { severity: ['SEVERE'] }), 'VALIDATION_FAILED');
      assert.equal(await code(org, 'findings_search', { epssMin: 2 }), 'VALIDATION_FAILED');
      assert.equal(await code(org, 'findings_search', { cursor: 'abc' }), 'VALIDATION_FAILED');
      assert.equal(await code(org, 'findings_search', { assetName: 'nope' }), 'NOT_FOUND');
      await services.tenancy.updateOrganization(other.slug, { mcpSupplyChainTools: true });
      assert.equal(await code(other, 'asset_overview', { assetName: 'shop' }), 'NOT_FOUND');
      assert.deepEqual((await call(app, other, 'sbom_list')).structuredContent, {
        items: [],
        total: 0,
        truncated: false,
      });
      assert.equal((await call(app, other, 'findings_search')).structuredContent!.count, 0);
      const scopeless = await app.inject({
        method: 'POST',
        url: '/api/v1/mcp',
        headers: { ...org.bearer('none'), accept: 'application/json, text/event-stream' },
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      });
      assert.deepEqual([scopeless.statusCode, scopeless.json().error.code], [403, 'INSUFFICIENT_SCOPE']);

      // Off again: hidden and refused at once.
      await app.inject({
        method: 'PATCH',
        url: '/api/v1/org',
        headers: admin.write,
        payload: { mcpSupplyChainTools: false },
      });
      assert.equal((await names(org)).length, 23);
      assert.equal(await code(org, 'sbom_list', {}), 'NOT_PERMITTED');
    });
  });
}
