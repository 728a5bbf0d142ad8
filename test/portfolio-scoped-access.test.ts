// Every registered route and every tool, classified; each one scoped by asset proves that a restricted member
// (team A: tag pay, reaching X) gets 404 or an empty list for team B's asset Y (tagged web), with two teams whose
// grants overlap on `pay`; each scoped write proves that a member who reaches Y only through a grant of role
// viewer gets 403 there and may write X. A new route or tool fails the first tests until it is classified here.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { registeredRoutes, toolHandlers } from '../src/app.ts';
import { DIALECTS } from './support/store.ts';
import { scopedWorld, type ScopedWorld } from './support/portfolio.ts';

type Kind = 'scoped' | 'org-wide' | 'admin-only' | 'public';

/**
 * Why each kind is safe: docs/portfolio-access.md, "What is scoped". Routes outside /api and /scim without an
 * auth config (probes, the OAuth server's own endpoints, the console's files) have no principal and serve no
 * organisation's data: they are left out, so a console build does not change the list.
 */
const ROUTES: Record<string, Kind> = {
  'GET /api/v1/docs': 'public',
  'GET /api/v1/docs/static/index.html': 'public',
  'GET /api/v1/docs/static/swagger-initializer.js': 'public',
  'GET /api/v1/docs/json': 'public',
  'GET /api/v1/docs/yaml': 'public',
  'GET /api/v1/docs/static/*': 'public',
  'GET /api/v1/openapi.json': 'public',
  'POST /api/v1/session': 'public',
  'GET /api/v1/session': 'org-wide',
  'DELETE /api/v1/session': 'org-wide',
  'GET /api/v1/tokens': 'admin-only',
  'POST /api/v1/tokens': 'admin-only',
  'DELETE /api/v1/tokens/:tokenId': 'admin-only',
  'GET /api/v1/users': 'admin-only',
  'POST /api/v1/users': 'admin-only',
  'PATCH /api/v1/users/:userId': 'org-wide',
  'DELETE /api/v1/users/:userId': 'admin-only',
  'GET /api/v1/org': 'org-wide',
  'PATCH /api/v1/org': 'admin-only',
  'GET /api/v1/teams': 'admin-only',
  'POST /api/v1/teams': 'admin-only',
  'GET /api/v1/teams/:teamId': 'admin-only',
  'PATCH /api/v1/teams/:teamId': 'admin-only',
  'DELETE /api/v1/teams/:teamId': 'admin-only',
  'GET /api/v1/session/mfa': 'org-wide',
  'POST /api/v1/session/mfa': 'org-wide',
  'POST /api/v1/session/mfa/confirm': 'org-wide',
  'DELETE /api/v1/session/mfa': 'org-wide',
  'GET /api/v1/session/sso': 'public',
  'GET /api/v1/session/sso/callback': 'public',
  'GET /api/v1/org/sso': 'admin-only',
  'PUT /api/v1/org/sso': 'admin-only',
  'DELETE /api/v1/org/sso': 'admin-only',
  'POST /api/v1/org/sso/test': 'admin-only',
  'GET /api/v1/sscs/vendors': 'org-wide',
  'GET /api/v1/sscs/vendors/risk-summary': 'org-wide',
  'POST /api/v1/sscs/vendors': 'org-wide',
  'PUT /api/v1/sscs/vendors/:vendorId': 'org-wide',
  'POST /api/v1/sscs/sboms/upload': 'scoped',
  'POST /api/v1/sscs/sboms': 'scoped',
  'GET /api/v1/sscs/sboms': 'scoped',
  'GET /api/v1/sscs/sboms/:sbomId': 'scoped',
  'GET /api/v1/sscs/sboms/:sbomId/components': 'scoped',
  'DELETE /api/v1/sscs/sboms/:sbomId': 'scoped',
  'GET /api/v1/sscs/findings': 'scoped',
  'GET /api/v1/sscs/findings/summary': 'scoped',
  'GET /api/v1/sscs/findings/packages': 'scoped',
  'GET /api/v1/sscs/findings/trend': 'scoped',
  'GET /api/v1/sscs/findings/:findingId': 'scoped',
  'PATCH /api/v1/sscs/findings/:findingId/status': 'scoped',
  'GET /api/v1/sscs/sboms/:sbomId/remediation': 'scoped',
  'GET /api/v1/sscs/policies': 'org-wide',
  'POST /api/v1/sscs/policies': 'org-wide',
  'POST /api/v1/sscs/policies/preview': 'scoped',
  'GET /api/v1/sscs/policies/:policyId': 'org-wide',
  'PUT /api/v1/sscs/policies/:policyId': 'org-wide',
  'DELETE /api/v1/sscs/policies/:policyId': 'org-wide',
  'GET /api/v1/sscs/license-groups': 'org-wide',
  'POST /api/v1/sscs/license-groups': 'org-wide',
  'GET /api/v1/sscs/license-groups/:groupId': 'org-wide',
  'PUT /api/v1/sscs/license-groups/:groupId': 'org-wide',
  'DELETE /api/v1/sscs/license-groups/:groupId': 'org-wide',
  'GET /api/v1/sscs/violations': 'scoped',
  'GET /api/v1/sscs/violations/summary': 'scoped',
  'GET /api/v1/sscs/violations/summary/sboms': 'scoped',
  'GET /api/v1/sscs/violations/:violationId': 'scoped',
  'PATCH /api/v1/sscs/violations/:violationId': 'scoped',
  'GET /api/v1/sscs/triage-rules': 'org-wide',
  'GET /api/v1/sscs/triage-rules/:ruleId': 'org-wide',
  'POST /api/v1/sscs/triage-rules': 'scoped',
  'POST /api/v1/sscs/triage-rules/preview': 'scoped',
  'PUT /api/v1/sscs/triage-rules/:ruleId': 'scoped',
  'DELETE /api/v1/sscs/triage-rules/:ruleId': 'scoped',
  'POST /api/v1/sscs/scan': 'scoped',
  'GET /api/v1/sscs/sboms/:sbomId/export': 'scoped',
  'POST /api/v1/sscs/vex': 'scoped',
  'GET /api/v1/sscs/sboms/:sbomId/diff': 'scoped',
  'GET /api/v1/sscs/assets/:assetId/export': 'scoped',
  'GET /api/v1/sscs/assets': 'scoped',
  'POST /api/v1/sscs/assets': 'scoped',
  'POST /api/v1/sscs/assets/retention/run': 'scoped',
  'GET /api/v1/sscs/assets/:assetId': 'scoped',
  'PATCH /api/v1/sscs/assets/:assetId': 'scoped',
  'DELETE /api/v1/sscs/assets/:assetId': 'scoped',
  'GET /api/v1/webhooks': 'admin-only',
  'POST /api/v1/webhooks': 'admin-only',
  'DELETE /api/v1/webhooks/:webhookId': 'admin-only',
  'GET /api/v1/webhooks/:webhookId/deliveries': 'admin-only',
  'POST /api/v1/webhooks/:webhookId/deliveries/:deliveryId/redeliver': 'admin-only',
  'GET /api/v1/vulndb/status': 'org-wide',
  'GET /api/v1/audit': 'admin-only',
  'POST /api/v1/governance/evidence/collect': 'admin-only',
  'GET /api/v1/governance/evidence/settings': 'org-wide',
  'PUT /api/v1/governance/evidence/settings': 'admin-only',
  'GET /api/v1/governance/soa/export': 'org-wide',
  // The tool server: its tools are classified below.
  'POST /api/v1/mcp': 'scoped',
  'GET /api/v1/mcp': 'public',
  'PUT /api/v1/mcp': 'public',
  'PATCH /api/v1/mcp': 'public',
  'DELETE /api/v1/mcp': 'public',
  'OPTIONS /api/v1/mcp': 'public',
  'GET /api/v1/oauth/requests/:uid': 'org-wide',
  'POST /api/v1/oauth/requests/:uid/approve': 'org-wide',
  'POST /api/v1/oauth/requests/:uid/deny': 'org-wide',
  'GET /api/v1/oauth/connections': 'org-wide',
  'DELETE /api/v1/oauth/connections/:id': 'org-wide',
  'GET /scim/v2/ServiceProviderConfig': 'admin-only',
  'GET /scim/v2/ResourceTypes': 'admin-only',
  'GET /scim/v2/Schemas': 'admin-only',
  'GET /scim/v2/Users': 'admin-only',
  'POST /scim/v2/Users': 'admin-only',
  'GET /scim/v2/Users/:id': 'admin-only',
  'PUT /scim/v2/Users/:id': 'admin-only',
  'PATCH /scim/v2/Users/:id': 'admin-only',
  'DELETE /scim/v2/Users/:id': 'admin-only',
  'GET /scim/v2/Groups': 'admin-only',
  'POST /scim/v2/Groups': 'admin-only',
  'GET /scim/v2/Groups/:id': 'admin-only',
  'PUT /scim/v2/Groups/:id': 'admin-only',
  'PATCH /scim/v2/Groups/:id': 'admin-only',
  'DELETE /scim/v2/Groups/:id': 'admin-only',
};

/** Governance tools read identities, risks, controls and evidence: no asset data, except posture_summary. */
const GOVERNANCE_TOOLS = [
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
  'risk_create_draft',
  'risk_get',
  'risk_register_list',
  'supplier_assessment_status',
  'supplier_list',
  'uar_status',
];
const TOOLS: Record<string, Kind> = {
  ...Object.fromEntries(GOVERNANCE_TOOLS.map((name) => [name, 'org-wide' as Kind])),
  posture_summary: 'scoped',
  findings_search: 'scoped',
  sbom_list: 'scoped',
  policy_violations: 'scoped',
  remediation_plan: 'scoped',
  asset_overview: 'scoped',
};

type Probe = (w: ScopedWorld) => Promise<void>;

const json = (body: unknown) => body as Record<string, unknown>;

async function request(
  w: ScopedWorld,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<{
  status: number;
  body: Record<string, unknown> & { data: unknown; error: { code: string } | null };
}> {
  const headers = method === 'GET' ? w.memberA.cookie : w.memberA.write;
  const res = await w.app.inject({
    method,
    url,
    headers,
    ...(payload ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

async function notFound(
  w: ScopedWorld,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const res = await request(w, method, url, payload);
  assert.deepEqual(
    [res.status, res.body.error?.code],
    [404, 'NOT_FOUND'],
    `${method} ${url}: ${JSON.stringify(res.body)}`,
  );
}

async function forbidden(w: ScopedWorld, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const res = await request(w, method, url, payload);
  assert.deepEqual([res.status, res.body.error?.code], [403, 'FORBIDDEN'], `${method} ${url}`);
}

async function findingIdsOf(w: ScopedWorld, sbomId: string): Promise<string[]> {
  const rows = await w.store.db
    .selectFrom('findings')
    .select('id')
    .where('sbom_id', '=', sbomId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

async function violationIdsOf(w: ScopedWorld, sbomId: string): Promise<string[]> {
  const rows = await w.store.db
    .selectFrom('policy_violations')
    .select('id')
    .where('sbom_id', '=', sbomId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

function multipart(parts: [string, string, string?][]): { payload: Buffer; contentType: string } {
  const boundary = 'scopedaccessboundary';
  const chunks = parts.map(([name, value, file]) =>
    file
      ? `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${file}"\r\ncontent-type: application/json\r\n\r\n${value}\r\n`
      : `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: Buffer.from(`${chunks.join('')}--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const { shopSbom } = await import('../src/pipeline/pipeline-fixture.ts');

/** One probe per scoped route: team B's asset Y (and its SBOM, findings, violations) is out of memberA's reach. */
const PROBES: Record<string, Probe> = {
  'POST /api/v1/sscs/sboms/upload': async (w) => {
    const { payload, contentType } = multipart([
      ['file', shopSbom('2.10', '0.3.7'), 'y.cdx.json'],
      ['assetName', 'web-shop'],
    ]);
    for (const assetName of ['web-shop', 'brand-new']) {
      const form = multipart([
        ['file', shopSbom('2.10', '0.3.7'), 'y.cdx.json'],
        ['assetName', assetName],
      ]);
      const res = await w.app.inject({
        method: 'POST',
        url: '/api/v1/sscs/sboms/upload',
        headers: { ...w.memberA.write, 'content-type': form.contentType },
        payload: form.payload,
      });
      assert.deepEqual([res.statusCode, res.json().error?.code], [404, 'NOT_FOUND'], assetName);
    }
    void payload;
    void contentType;
    const before = await w.store.db
      .selectFrom('assets')
      .select('name')
      .where('org_id', '=', w.org.id)
      .execute();
    assert.deepEqual(
      before.map((a) => a.name).sort(),
      ['ops-tool', 'pay-api', 'web-shop'],
      'nothing created',
    );
  },
  'POST /api/v1/sscs/sboms': (w) => notFound(w, 'POST', '/api/v1/sscs/sboms', { name: 'web-shop' }),
  'GET /api/v1/sscs/sboms': async (w) => {
    const res = await request(w, 'GET', '/api/v1/sscs/sboms');
    assert.deepEqual(
      (res.body.data as { id: string }[]).map((s) => s.id),
      [w.sboms.x],
    );
  },
  'GET /api/v1/sscs/sboms/:sbomId': (w) => notFound(w, 'GET', `/api/v1/sscs/sboms/${w.sboms.y}`),
  'GET /api/v1/sscs/sboms/:sbomId/components': (w) =>
    notFound(w, 'GET', `/api/v1/sscs/sboms/${w.sboms.y}/components`),
  'DELETE /api/v1/sscs/sboms/:sbomId': (w) => notFound(w, 'DELETE', `/api/v1/sscs/sboms/${w.sboms.y}`),
  'GET /api/v1/sscs/findings': async (w) => {
    const res = await request(w, 'GET', '/api/v1/sscs/findings');
    const rows = res.body.data as { id: string; sbomId: string }[];
    assert.deepEqual(rows.map((f) => f.id).sort(), await findingIdsOf(w, w.sboms.x));
    const bySbom = await request(w, 'GET', `/api/v1/sscs/findings?sbomId=${w.sboms.y}`);
    assert.deepEqual(bySbom.body.data, []);
  },
  'GET /api/v1/sscs/findings/summary': async (w) => {
    const res = await request(w, 'GET', '/api/v1/sscs/findings/summary');
    assert.deepEqual(res.body.data, { CRITICAL: 1, HIGH: 1, MEDIUM: 1, LOW: 0, total: 3, kev: 0 });
    await notFound(w, 'GET', `/api/v1/sscs/findings/summary?sbomId=${w.sboms.y}`);
    await notFound(w, 'GET', '/api/v1/sscs/findings/summary?assetName=web-shop');
  },
  'GET /api/v1/sscs/findings/packages': async (w) => {
    const res = await request(w, 'GET', '/api/v1/sscs/findings/packages');
    assert.deepEqual(
      (res.body.data as { name: string; open: number }[]).map((p) => [p.name, p.open]),
      [
        ['Jinja2', 2],
        ['golang.org/x/text', 1],
      ],
    );
  },
  'GET /api/v1/sscs/findings/trend': async (w) => {
    const res = await request(w, 'GET', '/api/v1/sscs/findings/trend?days=1');
    assert.deepEqual(
      (res.body.data as { points: { open: number }[] }).points.map((p) => p.open),
      [3],
    );
  },
  'GET /api/v1/sscs/findings/:findingId': async (w) => {
    for (const id of await findingIdsOf(w, w.sboms.y))
      await notFound(w, 'GET', `/api/v1/sscs/findings/${id}`);
  },
  'PATCH /api/v1/sscs/findings/:findingId/status': async (w) => {
    const [id] = await findingIdsOf(w, w.sboms.y);
    await notFound(w, 'PATCH', `/api/v1/sscs/findings/${id}/status`, { status: 'accepted_risk' });
  },
  'GET /api/v1/sscs/sboms/:sbomId/remediation': (w) =>
    notFound(w, 'GET', `/api/v1/sscs/sboms/${w.sboms.y}/remediation`),
  'GET /api/v1/sscs/violations': async (w) => {
    const res = await request(w, 'GET', '/api/v1/sscs/violations');
    assert.deepEqual(
      (res.body.data as { id: string }[]).map((v) => v.id).sort(),
      await violationIdsOf(w, w.sboms.x),
    );
    assert.equal((await violationIdsOf(w, w.sboms.x)).length, 2);
  },
  'GET /api/v1/sscs/violations/summary': async (w) => {
    const res = await request(w, 'GET', '/api/v1/sscs/violations/summary');
    assert.deepEqual(res.body.data, { fail: 2, warn: 0, info: 0, total: 2 });
  },
  'GET /api/v1/sscs/violations/summary/sboms': async (w) => {
    const res = await request(w, 'GET', '/api/v1/sscs/violations/summary/sboms');
    assert.deepEqual(res.body.data, [{ sbomId: w.sboms.x, fail: 2, warn: 0, info: 0, total: 2 }]);
  },
  'POST /api/v1/sscs/policies/preview': async (w) => {
    const res = await request(w, 'POST', '/api/v1/sscs/policies/preview', {
      name: 'High and over',
      kind: 'security',
      conditions: [{ subject: 'severity', operator: 'at_least', value: 'HIGH' }],
    });
    const data = res.body.data as { sboms: number; violations: number; sample: { sbomId: string }[] };
    assert.deepEqual([data.sboms, data.violations], [1, 2]);
    assert.deepEqual([...new Set(data.sample.map((v) => v.sbomId))], [w.sboms.x]);
  },
  'GET /api/v1/sscs/violations/:violationId': async (w) => {
    for (const id of await violationIdsOf(w, w.sboms.y))
      await notFound(w, 'GET', `/api/v1/sscs/violations/${id}`);
  },
  'PATCH /api/v1/sscs/violations/:violationId': async (w) => {
    const [id] = await violationIdsOf(w, w.sboms.y);
    await notFound(w, 'PATCH', `/api/v1/sscs/violations/${id}`, { status: 'suppressed' });
  },
  'POST /api/v1/sscs/triage-rules': (w) =>
    forbidden(w, 'POST', '/api/v1/sscs/triage-rules', {
      name: 'all',
      match: { vulnerabilityIds: ['GO-2022-0001'] },
      analysis: { status: 'false_positive', detail: 'not used' },
    }),
  'POST /api/v1/sscs/triage-rules/preview': (w) =>
    forbidden(w, 'POST', '/api/v1/sscs/triage-rules/preview', {
      name: 'all',
      match: { vulnerabilityIds: ['GO-2022-0001'] },
      analysis: { status: 'false_positive', detail: 'not used' },
    }),
  'PUT /api/v1/sscs/triage-rules/:ruleId': (w) =>
    forbidden(w, 'PUT', '/api/v1/sscs/triage-rules/trl_x', {
      name: 'all',
      match: { vulnerabilityIds: ['GO-2022-0001'] },
      analysis: { status: 'false_positive', detail: 'not used' },
    }),
  'DELETE /api/v1/sscs/triage-rules/:ruleId': (w) =>
    forbidden(w, 'DELETE', '/api/v1/sscs/triage-rules/trl_x'),
  'POST /api/v1/sscs/scan': async (w) => {
    const form = multipart([
      ['file', shopSbom('2.10', '0.3.7'), 'y.cdx.json'],
      ['assetName', 'web-shop'],
    ]);
    const res = await w.app.inject({
      method: 'POST',
      url: '/api/v1/sscs/scan',
      headers: { ...w.memberA.write, 'content-type': form.contentType },
      payload: form.payload,
    });
    assert.deepEqual([res.statusCode, res.json().error?.code], [404, 'NOT_FOUND']);
  },
  'GET /api/v1/sscs/assets/:assetId/export': (w) =>
    notFound(w, 'GET', `/api/v1/sscs/assets/${w.assets.y}/export?format=csv`),
  'GET /api/v1/sscs/sboms/:sbomId/export': (w) =>
    notFound(w, 'GET', `/api/v1/sscs/sboms/${w.sboms.y}/export?format=csv`),
  'POST /api/v1/sscs/vex': async (w) => {
    const doc = vexNotAffected(1);
    const res = await request(w, 'POST', '/api/v1/sscs/vex', doc);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const changed = await w.store.db
      .selectFrom('findings')
      .select('sbom_id')
      .where('status', '!=', 'open')
      .where('org_id', '=', w.org.id)
      .execute();
    // Only X's x/text finding: Y's and Z's carry the same vulnerability but are out of reach.
    assert.deepEqual(
      changed.map((f) => f.sbom_id),
      [w.sboms.x],
    );
  },
  'GET /api/v1/sscs/sboms/:sbomId/diff': async (w) => {
    await notFound(w, 'GET', `/api/v1/sscs/sboms/${w.sboms.y}/diff?against=${w.sboms.x}`);
    await notFound(w, 'GET', `/api/v1/sscs/sboms/${w.sboms.x}/diff?against=${w.sboms.y}`);
  },
  'GET /api/v1/sscs/assets': async (w) => {
    const res = await request(w, 'GET', '/api/v1/sscs/assets?active=all');
    assert.deepEqual(
      (res.body.data as { id: string }[]).map((a) => a.id),
      [w.assets.x],
    );
  },
  'POST /api/v1/sscs/assets': (w) => forbidden(w, 'POST', '/api/v1/sscs/assets', { name: 'mine' }),
  'POST /api/v1/sscs/assets/retention/run': (w) => forbidden(w, 'POST', '/api/v1/sscs/assets/retention/run'),
  'GET /api/v1/sscs/assets/:assetId': (w) => notFound(w, 'GET', `/api/v1/sscs/assets/${w.assets.y}`),
  'PATCH /api/v1/sscs/assets/:assetId': async (w) => {
    await notFound(w, 'PATCH', `/api/v1/sscs/assets/${w.assets.y}`, { tags: ['pay'] });
    // Nor may an asset in reach move under one that is not.
    await notFound(w, 'PATCH', `/api/v1/sscs/assets/${w.assets.x}`, { parentId: w.assets.y });
  },
  'DELETE /api/v1/sscs/assets/:assetId': (w) => notFound(w, 'DELETE', `/api/v1/sscs/assets/${w.assets.y}`),
  'POST /api/v1/mcp': async () => {
    // The tools behind it are probed one by one below.
  },
};

/** Tool probes: memberA's token principal, through the same handlers the tool server runs. */
const TOOL_PROBES: Record<string, Probe> = {
  findings_search: async (w) => {
    const out = await callTool(w, 'findings_search', { status: 'open' });
    const open = await w.store.db
      .selectFrom('findings')
      .select('id')
      .where('sbom_id', '=', w.sboms.x)
      .where('status', '=', 'open')
      .orderBy('id')
      .execute();
    assert.deepEqual(
      (out.items as { id: string }[]).map((f) => f.id).sort(),
      open.map((f) => f.id),
    );
    await assert.rejects(callTool(w, 'findings_search', { assetName: 'web-shop' }), { code: 'NOT_FOUND' });
  },
  policy_violations: async (w) => {
    const out = await callTool(w, 'policy_violations', {});
    assert.deepEqual(
      (out.items as { id: string }[]).map((v) => v.id).sort(),
      await violationIdsOf(w, w.sboms.x),
    );
    await assert.rejects(callTool(w, 'policy_violations', { sbomId: w.sboms.y }), { code: 'NOT_FOUND' });
  },
  remediation_plan: async (w) => {
    await assert.rejects(callTool(w, 'remediation_plan', { sbomId: w.sboms.y }), { code: 'NOT_FOUND' });
    await assert.rejects(callTool(w, 'remediation_plan', { assetName: 'web-shop' }), { code: 'NOT_FOUND' });
    const own = await callTool(w, 'remediation_plan', { assetName: 'pay-api' });
    assert.equal(own.sbomId, w.sboms.x);
  },
  sbom_list: async (w) => {
    const out = await callTool(w, 'sbom_list', {});
    assert.deepEqual([(out.items as { id: string }[]).map((s) => s.id), out.total], [[w.sboms.x], 1]);
  },
  asset_overview: async (w) => {
    await assert.rejects(callTool(w, 'asset_overview', { assetName: 'web-shop' }), { code: 'NOT_FOUND' });
  },
  posture_summary: async (w) => {
    const out = await callTool(w, 'posture_summary', {});
    const findings = JSON.stringify(out);
    const admin = JSON.stringify(await callTool(w, 'posture_summary', {}, w.tokens.admin));
    assert.notEqual(findings, admin, 'the findings figures differ between the member and the admin');
  },
};

async function callTool(
  w: ScopedWorld,
  name: string,
  args: Record<string, unknown>,
  token = w.tokens.memberA,
) {
  const principal = await w.services.tokens.authenticate(token);
  assert.ok(principal);
  const handler = toolHandlers().get(name)!;
  return (await handler({ ...w.services, principal }, args)) as Record<string, unknown>;
}

/**
 * Writes to an asset's data (docs/portfolio-access.md, "Grant roles"): `mixed`, a member of teams A and B, reaches
 * Y only through B's grant of role viewer, so each write is 403 FORBIDDEN on Y and changes nothing, while the
 * same write on X (A's grant, role member) passes. They run after the read probes, in this order. Every scoped
 * route that is not a GET is probed here or says in NOT_ASSET_WRITES why not.
 */
const WRITE_PROBES: Record<string, Probe> = {
  'PATCH /api/v1/sscs/findings/:findingId/status': async (w) => {
    const [onY] = await findingIdsOf(w, w.sboms.y);
    await readOnly(w, 'PATCH', `/api/v1/sscs/findings/${onY}/status`, { status: 'accepted_risk' });
    assert.deepEqual(await statusesOf(w, w.sboms.y, 'findings'), ['open']);
    const [onX] = await findingIdsOf(w, w.sboms.x);
    await allowed(w, 'PATCH', `/api/v1/sscs/findings/${onX}/status`, { status: 'accepted_risk' });
  },
  'PATCH /api/v1/sscs/violations/:violationId': async (w) => {
    const [onY] = await violationIdsOf(w, w.sboms.y);
    await readOnly(w, 'PATCH', `/api/v1/sscs/violations/${onY}`, { status: 'suppressed' });
    assert.deepEqual(await statusesOf(w, w.sboms.y, 'policy_violations'), ['open']);
    const [onX] = await violationIdsOf(w, w.sboms.x);
    await allowed(w, 'PATCH', `/api/v1/sscs/violations/${onX}`, { status: 'suppressed' });
  },
  'POST /api/v1/sscs/vex': async (w) => {
    // x/text is on every asset: X's finding already says not_affected (the read probe), Y's would change.
    await readOnly(w, 'POST', '/api/v1/sscs/vex', vexNotAffected(2));
    assert.deepEqual(await statusesOf(w, w.sboms.y, 'findings'), ['open']);
  },
  'POST /api/v1/sscs/sboms/upload': async (w) => {
    for (const [assetName, status] of [
      ['web-shop', 403],
      ['pay-api', 201],
    ] as const) {
      const form = multipart([
        ['file', shopSbom('2.10', '0.3.7'), 'v2.cdx.json'],
        ['assetName', assetName],
      ]);
      const res = await w.app.inject({
        method: 'POST',
        url: '/api/v1/sscs/sboms/upload',
        headers: { ...w.mixed.write, 'content-type': form.contentType },
        payload: form.payload,
      });
      assert.equal(res.statusCode, status, `${assetName}: ${res.body}`);
    }
    assert.equal((await sbomIdsOf(w, w.assets.y)).length, 1, 'no new version of Y');
  },
  'POST /api/v1/sscs/sboms': async (w) => {
    await readOnly(w, 'POST', '/api/v1/sscs/sboms', { name: 'web-shop', version: '9' });
    await readOnly(w, 'POST', '/api/v1/sscs/sboms', { name: 'ignored', assetId: w.assets.y });
    assert.equal((await sbomIdsOf(w, w.assets.y)).length, 1, 'no new version of Y');
    await allowed(w, 'POST', '/api/v1/sscs/sboms', { name: 'pay-api', version: '9' }, 201);
  },
  'DELETE /api/v1/sscs/sboms/:sbomId': async (w) => {
    await readOnly(w, 'DELETE', `/api/v1/sscs/sboms/${w.sboms.y}`);
    assert.deepEqual(await sbomIdsOf(w, w.assets.y), [w.sboms.y]);
    const newest = (await sbomIdsOf(w, w.assets.x)).at(-1)!;
    assert.notEqual(newest, w.sboms.x, 'a version the probes above added');
    await allowed(w, 'DELETE', `/api/v1/sscs/sboms/${newest}`);
  },
  'PATCH /api/v1/sscs/assets/:assetId': async (w) => {
    await readOnly(w, 'PATCH', `/api/v1/sscs/assets/${w.assets.y}`, { tags: ['web', 'mine'] });
    // Nor may an asset it may change move under one it may only view (Y's grants would then cover it).
    await readOnly(w, 'PATCH', `/api/v1/sscs/assets/${w.assets.x}`, { parentId: w.assets.y });
    await allowed(w, 'PATCH', `/api/v1/sscs/assets/${w.assets.x}`, { classifier: 'service' });
  },
  'DELETE /api/v1/sscs/assets/:assetId': async (w) => {
    await readOnly(w, 'DELETE', `/api/v1/sscs/assets/${w.assets.y}`);
    // A child of X is covered by A's grant like X: an admin makes one, mixed may delete it.
    const child = await w.app.inject({
      method: 'POST',
      url: '/api/v1/sscs/assets',
      headers: w.admin.write,
      payload: { name: 'pay-worker', parentId: w.assets.x },
    });
    assert.equal(child.statusCode, 201, child.body);
    await allowed(w, 'DELETE', `/api/v1/sscs/assets/${child.json().data.id}`);
  },
};

/** Scoped routes that are not GETs and write no single asset's data, with the reason (each probed above). */
const NOT_ASSET_WRITES: Record<string, string> = {
  'POST /api/v1/sscs/policies/preview': 'evaluates a policy without storing anything',
  'POST /api/v1/sscs/scan': 'matches a file without storing it',
  'POST /api/v1/sscs/triage-rules': 'organisation-wide: 403 for any restricted principal',
  'POST /api/v1/sscs/triage-rules/preview': 'organisation-wide: 403 for any restricted principal',
  'PUT /api/v1/sscs/triage-rules/:ruleId': 'organisation-wide: 403 for any restricted principal',
  'DELETE /api/v1/sscs/triage-rules/:ruleId': 'organisation-wide: 403 for any restricted principal',
  'POST /api/v1/sscs/assets': 'organisation-wide: 403 for any restricted principal',
  'POST /api/v1/sscs/assets/retention/run': 'organisation-wide: 403 for any restricted principal',
  'POST /api/v1/mcp': 'the tool server: its only write tool, risk_create_draft, is organisation-wide',
};

async function readOnly(
  w: ScopedWorld,
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<void> {
  const res = await w.app.inject({
    method,
    url,
    headers: w.mixed.write,
    ...(payload ? { payload: payload as object } : {}),
  });
  assert.deepEqual(
    [res.statusCode, res.json().error?.code],
    [403, 'FORBIDDEN'],
    `${method} ${url}: ${res.body}`,
  );
  assert.match(
    res.json().error.message,
    /^You may view but not change .*: your teams grant its asset with role viewer only$/,
  );
}

async function allowed(
  w: ScopedWorld,
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  status = 200,
): Promise<void> {
  const res = await w.app.inject({
    method,
    url,
    headers: w.mixed.write,
    ...(payload ? { payload: payload as object } : {}),
  });
  assert.equal(res.statusCode, status, `${method} ${url}: ${res.body}`);
}

async function statusesOf(w: ScopedWorld, sbomId: string, table: 'findings' | 'policy_violations') {
  const rows = await w.store.db.selectFrom(table).select('status').where('sbom_id', '=', sbomId).execute();
  return [...new Set(rows.map((r) => r.status))].sort();
}

async function sbomIdsOf(w: ScopedWorld, assetId: string): Promise<string[]> {
  const rows = await w.store.db
    .selectFrom('sboms')
    .select('id')
    .where('asset_id', '=', assetId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

describe('scoped access: classification', () => {
  it('classifies every registered route, and names no route that is gone', async (t) => {
    const { build } = await import('./support/app.ts');
    // An empty console build: a real one registers a route per file (its hashed names change with every build).
    const consoleDir = mkdtempSync(join(tmpdir(), 'bulwark-no-console-'));
    t.after(() => rmSync(consoleDir, { recursive: true, force: true }));
    const { app } = await build(t, 'sqlite', { consoleDir });
    const seen = new Set(
      registeredRoutes(app)
        .filter((r) => r.method !== 'HEAD')
        .filter((r) => r.auth !== undefined || r.url.startsWith('/api/') || r.url.startsWith('/scim/'))
        .map((r) => `${r.method} ${r.url}`),
    );
    const unclassified = [...seen].filter((key) => !(key in ROUTES));
    assert.deepEqual(unclassified, [], 'classify these routes in ROUTES (and probe the scoped ones)');
    assert.deepEqual(
      Object.keys(ROUTES).filter((key) => !seen.has(key)),
      [],
      'routes gone',
    );
    const scoped = Object.entries(ROUTES)
      .filter(([, kind]) => kind === 'scoped')
      .map(([key]) => key);
    assert.deepEqual(
      scoped.filter((key) => !(key in PROBES)),
      [],
      'every scoped route has a probe',
    );
    assert.deepEqual(
      scoped.filter(
        (key) => !key.startsWith('GET ') && !(key in WRITE_PROBES) === !(key in NOT_ASSET_WRITES),
      ),
      [],
      'every scoped write is probed as view-only (WRITE_PROBES) or says why not (NOT_ASSET_WRITES), not both',
    );
  });

  it('classifies every tool, and probes every scoped one', () => {
    const tools = [...toolHandlers().keys()].sort();
    assert.deepEqual(
      tools.filter((name) => !(name in TOOLS)),
      [],
      'classify these tools in TOOLS',
    );
    assert.deepEqual(
      Object.keys(TOOLS).filter((name) => !tools.includes(name)),
      [],
      'tools gone',
    );
    const scoped = Object.entries(TOOLS)
      .filter(([, kind]) => kind === 'scoped')
      .map(([name]) => name);
    assert.deepEqual(
      scoped.filter((name) => !(name in TOOL_PROBES)),
      [],
    );
  });
});

/** An OpenVEX document saying x/text 0.3.7 (on every asset of the world) is not affected by GO-2022-0001. */
const vexNotAffected = (n: number) => ({
  '@context': 'https://openvex.dev/ns/v0.2.0',
  '@id': `https://example.com/vex/${n}`,
  author: 'test',
  timestamp: '2026-01-01T00:00:00Z',
  version: 1,
  statements: [
    {
      vulnerability: { name: 'GO-2022-0001' },
      products: [{ '@id': 'pkg:golang/golang.org/x/text@0.3.7' }],
      status: 'not_affected',
      justification: 'vulnerable_code_not_in_execute_path',
    },
  ],
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: scoped access, two teams with overlapping tags`, () => {
    it('answers a restricted member 404 or an empty list for another team’s asset on every scoped route and tool, and 403 for a write to a view-only one', async (t) => {
      const w = await scopedWorld(t, dialect);
      await w.services.policies.reevaluation.idle();
      // The admin, unrestricted, sees all three assets' findings (3 each, hand-counted in the fixture).
      const all = await w.app.inject({ url: '/api/v1/sscs/findings/summary', headers: w.admin.cookie });
      assert.deepEqual(all.json().data, { CRITICAL: 3, HIGH: 3, MEDIUM: 3, LOW: 0, total: 9, kev: 0 });
      const b = await w.app.inject({ url: '/api/v1/sscs/findings/summary', headers: w.memberB.cookie });
      assert.deepEqual(b.json().data, { CRITICAL: 2, HIGH: 2, MEDIUM: 2, LOW: 0, total: 6, kev: 0 });
      for (const [key, probe] of Object.entries(PROBES)) {
        await t.test(key, () => probe(w));
      }
      for (const [name, probe] of Object.entries(TOOL_PROBES)) {
        await t.test(`tool ${name}`, () => probe(w));
      }
      for (const [key, probe] of Object.entries(WRITE_PROBES)) {
        await t.test(`${key} on a view-only asset`, () => probe(w));
      }
      void json;
    });
  });
}
