/**
 * The opt-in supply-chain tools: hidden and refused (NOT_PERMITTED) until the organisation turns
 * mcpSupplyChainTools on (PATCH /api/v1/org), then findings_search, sbom_list, asset_overview, policy_violations
 * and remediation_plan answer from the organisation's own SBOMs only; validated, paged, scoped, masked. Every
 * success is checked against the tool's output schema, as a client that validates would.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { build, createOrg, type TestOrg } from '../../test/support/app.ts';
import { signInAs } from '../../test/support/session.ts';
import { DIALECTS } from '../../test/support/store.ts';
import type { App } from '../http/app-type.ts';
import { loadAdvisories, shopSbom, upload } from '../pipeline/pipeline-fixture.ts';
import { TOOL_CATALOG } from './generated/tool-catalog.ts';

const validator = new AjvJsonSchemaValidator();
const OUTPUT = new Map(
  TOOL_CATALOG.map((t) => [
    t.name,
    validator.getValidator(t.outputSchema as Parameters<typeof validator.getValidator>[0]),
  ]),
);

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

async function call(
  app: App,
  org: TestOrg,
  name: string,
  args: Record<string, unknown> = {},
  token = 'mcp',
): Promise<RpcResult> {
  const result = await rpc(app, org, 'tools/call', { name, arguments: args }, token);
  if (result.isError !== true) {
    const checked = OUTPUT.get(name)!(result.structuredContent);
    assert.equal(checked.valid, true, `${name}: ${checked.errorMessage}`);
  } else assert.equal(result.structuredContent, undefined);
  return result;
}
const SUPPLY = ['asset_overview', 'findings_search', 'policy_violations', 'remediation_plan', 'sbom_list'];

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
      assert.equal((await names(org)).length, 28);
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
          openViolations: { fail: 0, warn: 0, info: 0, total: 0 },
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
      await services.organisations.update(other.id, { mcpSupplyChainTools: true });
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

    it('policy_violations and remediation_plan: the stored violations and upgrade plan, filtered, paged, masked', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadAdvisories(t, services);
      const tokens = { all: ['sbom:read' as const, 'sbom:write' as const], mcp: ['mcp:read' as const] };
      const org = await createOrg(services, { tokens });
      const other = await createOrg(services, { tokens });
      for (const as of [org, other])
        await services.organisations.update(as.id, { mcpSupplyChainTools: true });
      const policy = async (body: Record<string, unknown>) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/sscs/policies',
          headers: org.bearer('all'),
          payload: body,
        });
        assert.equal(res.statusCode, 201, res.body);
        return res.json().data.id as string;
      };
      // Before the uploads, so each upload evaluates them in its own transaction.
      const high = await policy({
        name: 'No high',
        kind: 'security',
        operator: 'any',
        violationState: 'fail',
        conditions: [{ subject: 'severity', operator: 'at_least', value: 'HIGH' }],
      });
      const licensed = await policy({
        name: 'Licensed',
        kind: 'operational',
        operator: 'any',
        violationState: 'warn',
        conditions: [{ subject: 'missing', operator: 'is', value: 'license' }],
      });
      // a: Jinja2 2.10 (CRITICAL + MEDIUM), x/text v0.3.7 (HIGH); b: Jinja2 2.10.1 (MEDIUM), x/text (HIGH).
      const a = (await upload(app, org, shopSbom('2.10', 'v0.3.7'), [['assetName', 'shop']])).json().data;
      const b = (await upload(app, org, shopSbom('2.10.1', 'v0.3.7'), [['assetName', 'shop']])).json().data;
      const theirs = (await upload(app, other, shopSbom('2.10', 'v0.3.7'), [['assetName', 'shop']])).json()
        .data;

      type Item = Record<string, unknown> & { id: string; component: { name: string } };
      const view = (items: unknown) =>
        (items as Item[])
          .map((v) => [
            v.sbomId === a.id ? 'a' : v.sbomId === b.id ? 'b' : '?',
            v.policyName,
            v.component.name,
            v.state,
            v.kind,
          ])
          .sort();
      const violations = async (args: Record<string, unknown> = {}) =>
        (await call(app, org, 'policy_violations', args)).structuredContent!;

      // Every open violation: three unlicensed components in each SBOM, and the HIGH-or-worse findings.
      const all = await violations();
      assert.equal(all.count, 9);
      assert.equal('nextCursor' in all, false);
      assert.deepEqual(view(all.items), [
        ['a', 'Licensed', 'Jinja2', 'warn', 'operational'],
        ['a', 'Licensed', 'golang.org/x/text', 'warn', 'operational'],
        ['a', 'Licensed', 'requests', 'warn', 'operational'],
        ['a', 'No high', 'Jinja2', 'fail', 'security'],
        ['a', 'No high', 'golang.org/x/text', 'fail', 'security'],
        ['b', 'Licensed', 'Jinja2', 'warn', 'operational'],
        ['b', 'Licensed', 'golang.org/x/text', 'warn', 'operational'],
        ['b', 'Licensed', 'requests', 'warn', 'operational'],
        ['b', 'No high', 'golang.org/x/text', 'fail', 'security'],
      ]);
      // The asset's latest SBOM only, and one violation in full.
      assert.deepEqual(
        view((await violations({ assetName: 'shop' })).items),
        view((all.items as Item[]).filter((v) => v.sbomId === b.id)),
      );
      const [xText] = (await violations({ assetName: 'shop', kind: 'security' })).items as Item[];
      const finding = (
        (await call(app, org, 'findings_search', { assetName: 'shop', severity: ['HIGH'] }))
          .structuredContent!.items as Item[]
      )[0]!;
      assert.deepEqual(
        { ...xText, id: undefined, componentId: undefined, createdAt: undefined },
        {
          id: undefined,
          policyId: high,
          policyName: 'No high',
          kind: 'security',
          state: 'fail',
          componentId: undefined,
          component: {
            name: 'golang.org/x/text',
            version: 'v0.3.7',
            purl: 'pkg:golang/golang.org/x/text@v0.3.7',
          },
          sbomId: b.id,
          findingId: finding.id,
          reason: 'CVE-2022-32149 has severity HIGH (at least HIGH)',
          status: 'open',
          createdAt: undefined,
        },
      );
      assert.equal((await violations({ state: 'fail' })).count, 3);
      assert.equal((await violations({ policyId: licensed, sbomId: a.id })).count, 3);
      assert.equal((await violations({ kind: 'license' })).count, 0);

      // Paged: 4 + 4 + 1, the same order as the whole list.
      const pages: Item[] = [];
      let cursor: unknown;
      let pageCount = 0;
      do {
        const page = await violations({ limit: 4, ...(cursor === undefined ? {} : { cursor }) });
        pages.push(...(page.items as Item[]));
        cursor = page.nextCursor;
        pageCount++;
      } while (cursor !== undefined);
      assert.equal(pageCount, 3);
      assert.deepEqual(
        pages.map((v) => v.id),
        (all.items as Item[]).map((v) => v.id),
      );

      // Suppressed with a comment naming a person: out of the default list, in the suppressed one, masked.
      const warned = (await violations({ assetName: 'shop', state: 'warn' })).items as Item[];
      const suppressed = await app.inject({
        method: 'PATCH',
        url: `/api/v1/sscs/violations/${warned[0]!.id}`,
        headers: org.bearer('all'),
        payload: { status: 'suppressed', comment: 'Licence confirmed by carol.jones@vendor.example' },
      });
      assert.equal(suppressed.statusCode, 200, suppressed.body);
      assert.equal((await violations()).count, 8);
      const hidden = await violations({ status: 'suppressed' });
      assert.deepEqual(
        (hidden.items as Item[]).map((v) => [v.id, v.status, v.comment]),
        [[warned[0]!.id, 'suppressed', 'Licence confirmed by c***@vendor.example']],
      );
      const overview = (await call(app, org, 'asset_overview', { assetName: 'shop' })).structuredContent!;
      assert.deepEqual(overview.openViolations, { fail: 1, warn: 2, info: 0, total: 3 });

      // remediation_plan: the asset's latest SBOM (b) or any SBOM by id; HIGH before MEDIUM, CRITICAL first.
      // No dependency graph in these SBOMs: nothing introduces a package, and null targetAbove is left out.
      const findingIds = async (sbomId: string, component: string) => {
        const res = await app.inject({
          url: `/api/v1/sscs/findings?sbomId=${sbomId}`,
          headers: org.bearer('all'),
        });
        return (res.json().data as Array<{ id: string; component: { name: string } }>)
          .filter((f) => f.component.name === component)
          .map((f) => f.id)
          .sort();
      };
      const step = (purl: string, from: string, to: string, ids: string[], bySeverity: number[]) => ({
        purl,
        currentVersion: from,
        targetVersion: to,
        fixes: {
          total: ids.length,
          bySeverity: {
            CRITICAL: bySeverity[0],
            HIGH: bySeverity[1],
            MEDIUM: bySeverity[2],
            LOW: bySeverity[3],
          },
          kev: 0,
        },
        remaining: 0,
        findingIds: ids,
        introducedBy: [],
      });
      const sorted = (plan: Record<string, unknown>) => ({
        ...plan,
        items: (plan.items as Array<{ findingIds: string[] }>).map((i) => ({
          ...i,
          findingIds: [...i.findingIds].sort(),
        })),
      });
      const xTextStep = async (sbomId: string) =>
        step(
          'pkg:golang/golang.org/x/text',
          'v0.3.7',
          '0.3.8',
          await findingIds(sbomId, 'golang.org/x/text'),
          [0, 1, 0, 0],
        );
      assert.deepEqual(
        sorted((await call(app, org, 'remediation_plan', { assetName: 'shop' })).structuredContent!),
        {
          sbomId: b.id,
          items: [
            await xTextStep(b.id),
            step('pkg:pypi/jinja2', '2.10.1', '2.11.3', await findingIds(b.id, 'Jinja2'), [0, 0, 1, 0]),
          ],
          total: 2,
          truncated: false,
        },
      );
      // a: 2.11.3 fixes Jinja2 2.10's CRITICAL and MEDIUM findings at once, so it ranks before x/text's HIGH.
      assert.deepEqual(
        sorted((await call(app, org, 'remediation_plan', { sbomId: a.id })).structuredContent!),
        {
          sbomId: a.id,
          items: [
            step('pkg:pypi/jinja2', '2.10', '2.11.3', await findingIds(a.id, 'Jinja2'), [1, 0, 1, 0]),
            await xTextStep(a.id),
          ],
          total: 2,
          truncated: false,
        },
      );

      // Bad input and tenancy: the documented codes, never another organisation's data.
      const code = async (as: TestOrg, name: string, args: Record<string, unknown>) =>
        (await call(app, as, name, args))._meta?.error;
      assert.deepEqual(await code(org, 'remediation_plan', {}), {
        code: 'VALIDATION_FAILED',
        message: 'Invalid arguments for remediation_plan: give sbomId or assetName (one of the two)',
      });
      assert.deepEqual(await code(org, 'remediation_plan', { sbomId: a.id, assetName: 'shop' }), {
        code: 'VALIDATION_FAILED',
        message: 'Invalid arguments for remediation_plan: give sbomId or assetName, not both',
      });
      assert.deepEqual(await code(org, 'policy_violations', { sbomId: a.id, assetName: 'shop' }), {
        code: 'VALIDATION_FAILED',
        message: 'Invalid arguments for policy_violations: give sbomId or assetName, not both',
      });
      assert.equal((await code(org, 'policy_violations', { state: 'error' }))?.code, 'VALIDATION_FAILED');
      assert.equal((await code(org, 'policy_violations', { limit: 101 }))?.code, 'VALIDATION_FAILED');
      assert.equal((await code(org, 'policy_violations', { extra: 1 }))?.code, 'VALIDATION_FAILED');
      assert.equal((await code(org, 'policy_violations', { assetName: 'nope' }))?.code, 'NOT_FOUND');
      assert.equal((await code(org, 'policy_violations', { sbomId: theirs.id }))?.code, 'NOT_FOUND');
      assert.equal((await code(org, 'remediation_plan', { sbomId: theirs.id }))?.code, 'NOT_FOUND');
      assert.equal((await code(org, 'remediation_plan', { sbomId: 'sbom_nope' }))?.code, 'NOT_FOUND');
      assert.equal((await code(other, 'remediation_plan', { sbomId: a.id }))?.code, 'NOT_FOUND');
      // The other organisation has no policies: no violations, and its own plan only.
      assert.deepEqual((await call(app, other, 'policy_violations')).structuredContent, {
        items: [],
        count: 0,
      });
      assert.equal(
        (await call(app, other, 'remediation_plan', { assetName: 'shop' })).structuredContent!.sbomId,
        theirs.id,
      );
    });
  });
}
