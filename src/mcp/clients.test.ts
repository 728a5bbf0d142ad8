import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { BulwarkClient, BulwarkError } from '../../clients/typescript/bulwark-client.ts';
import { build, createOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { seedOrg } from './mcp-test-kit.ts';

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

// Exercises the generated Python client against the running server and prints what it saw as JSON.
const PYTHON_SCRIPT = `
import json, sys
sys.path.insert(0, sys.argv[1] + "/clients/python")
from bulwark_client import BulwarkClient, BulwarkError
c = BulwarkClient(sys.argv[2], sys.argv[3])
out = {}
created = c.create_vendor("Py Vendor", "oss", 2, "in_progress", website="https://py.example")
out["created"] = [created["name"], created["riskTier"]]
out["vendors"] = sorted(v["name"] for v in c.list_vendors())
out["summaryTotal"] = c.vendor_risk_summary()["total"]
out["suppliers"] = c.supplier_list()["total"]
out["assessment"] = c.supplier_assessment_status()["completionRate"]
page = c.audit_trail_search(limit=2, offset=1)
out["audit"] = [page["limit"], page["offset"], len(page["items"])]
out["debt"] = c.access_security_debt_trend(months=2)["months"]
def code(fn):
    try:
        fn()
        return None
    except BulwarkError as e:
        return [e.code, e.status]
out["errors"] = [
    code(lambda: c.risk_get(id="risk_missing")),
    code(lambda: c.risk_create_draft(title="x")),
    code(lambda: c.replace_vendor("vnd_missing", "A", "oss", 1, "completed")),
    code(lambda: c.create_vendor("A", "saas", 1, "completed")),
    code(lambda: BulwarkClient(sys.argv[2], "bwk_wrong").list_vendors()),
]
out["toolNames"] = len(BulwarkClient.TOOL_NAMES)
print(json.dumps(out))
`;

for (const dialect of DIALECTS) {
  describe(`${dialect}: generated clients against a running server`, () => {
    it('TypeScript client: REST and tools, errors as BulwarkError', async (t) => {
      const env = await build(t, dialect);
      await env.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (env.app.server.address() as { port: number }).port;
      const org = await createOrg(env.services);
      await seedOrg(env.services, env.store.db, org);
      const client = new BulwarkClient({
        baseUrl: `http://127.0.0.1:${port}/api/v1/`,
        token: org.tokens.all!,
      });
      const created = await client.createVendor({
        name: 'TS Vendor',
        type: 'oss',
        riskTier: 3,
        assessmentStatus: 'completed',
      });
      assert.equal(created.website, null);
      assert.equal((await client.listVendors()).length, 6);
      assert.equal((await client.vendorRiskSummary()).total, 6);
      const replaced = await client.replaceVendor(created.id, {
        name: 'TS Vendor 2',
        type: 'commercial',
        riskTier: 1,
        assessmentStatus: 'not_started',
      });
      assert.deepEqual([replaced.name, replaced.riskTier], ['TS Vendor 2', 1]);
      const suppliers = await client.supplierList();
      assert.deepEqual([suppliers.total, suppliers.items[0]?.name], [5, 'acme payroll']);
      assert.equal((await client.supplierAssessmentStatus()).unassessedCritical, 2);
      const page = await client.auditTrailSearch({ limit: 3 });
      assert.deepEqual(
        [page.items.length, page.items[0]?.action, page.limit, page.offset],
        [3, 'vendor.replace', 3, 0],
      );
      const posture = await client.postureSummary();
      // Third parties only, as supplier_list counts them: the internal vendor is left out.
      assert.equal((posture.vendors as { total: number }).total, 5);
      const failure = (promise: Promise<unknown>) =>
        promise.then(
          () => assert.fail('expected a BulwarkError'),
          (e: unknown) => (assert.ok(e instanceof BulwarkError), [e.code, e.status]),
        );
      assert.deepEqual(await failure(client.riskCreateDraft({ title: 'x' })), ['NOT_PERMITTED', 200]);
      assert.deepEqual(await failure(client.riskGet({ id: 'risk_missing' })), ['NOT_FOUND', 200]);
      assert.deepEqual(
        await failure(
          client.replaceVendor('vnd_missing', {
            name: 'A',
            type: 'oss',
            riskTier: 1,
            assessmentStatus: 'completed',
          }),
        ),
        ['NOT_FOUND', 404],
      );
      const reader = new BulwarkClient({
        baseUrl: `http://127.0.0.1:${port}/api/v1`,
        token: org.tokens.read!,
      });
      assert.deepEqual(await failure(reader.supplierList()), ['INSUFFICIENT_SCOPE', 403]);
    });

    it('Python client (standard library): REST and tools, errors as BulwarkError', async (t) => {
      const env = await build(t, dialect);
      await env.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (env.app.server.address() as { port: number }).port;
      const org = await createOrg(env.services);
      await seedOrg(env.services, env.store.db, org);
      const { stdout } = await promisify(execFile)('python3', [
        '-c',
        PYTHON_SCRIPT,
        repoRoot,
        `http://127.0.0.1:${port}/api/v1`,
        org.tokens.all!,
      ]);
      assert.deepEqual(JSON.parse(stdout), {
        created: ['Py Vendor', 2],
        vendors: ['Helpdesk (in-house)', 'Mailer', 'OpenSSL', 'Py Vendor', 'Zeta Cloud', 'acme payroll'],
        summaryTotal: 6,
        suppliers: 5,
        assessment: 40,
        audit: [2, 1, 2],
        debt: 2,
        errors: [
          ['NOT_FOUND', 200],
          ['NOT_PERMITTED', 200],
          ['NOT_FOUND', 404],
          ['VALIDATION_FAILED', 400],
          ['INVALID_TOKEN', 401],
        ],
        toolNames: 28,
      });
    });
  });
}
