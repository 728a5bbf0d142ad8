import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { BulwarkClient } from '../../clients/typescript/bulwark-client.ts';
import { build, createOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { loadAdvisories, shopSbom } from './pipeline-fixture.ts';

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

// The pipeline's read endpoints through the generated Python client; prints what it saw as JSON.
const PYTHON_SCRIPT = `
import json, sys
sys.path.insert(0, sys.argv[1] + "/clients/python")
from bulwark_client import BulwarkClient
c = BulwarkClient(sys.argv[2], sys.argv[3])
assets = c.list_assets()
shop = assets[0]
older, newer = shop["versions"][1]["sbomId"], shop["versions"][0]["sbomId"]
diff = c.diff_sboms(newer, older)
page, cursor = c.list_findings_page(2, sort="severity", sbom_id=older)
print(json.dumps({
  "assets": [a["assetName"] for a in assets],
  "changed": [[d["from"], d["to"]] for d in diff["changed"]],
  "summary": c.findings_summary(asset_name="shop")["total"],
  "alias": [f["vulnerabilityId"] for f in c.list_findings(vulnerability_id="GHSA-jinja-0001")],
  "page": [len(page), cursor is not None],
  "csv": c.export_sbom(newer, "csv").decode("utf-8").splitlines()[0].split(",")[0],
}))
`;

for (const dialect of DIALECTS) {
  describe(`${dialect}: generated clients read assets, diffs, exports and pages`, () => {
    it('TypeScript and Python', async (t) => {
      const env = await build(t, dialect);
      await loadAdvisories(t, env.services);
      await env.app.listen({ port: 0, host: '127.0.0.1' });
      const baseUrl = `http://127.0.0.1:${(env.app.server.address() as { port: number }).port}/api/v1`;
      const org = await createOrg(env.services);
      const client = new BulwarkClient({ baseUrl, token: org.tokens.all! });
      const older = await client.uploadSbom(new Blob([shopSbom('2.10', 'v0.3.7')]), 'a.cdx.json', {
        assetName: 'shop',
      });
      const newer = await client.uploadSbom(new Blob([shopSbom('2.10.1', 'v0.3.7')]), 'b.cdx.json', {
        assetName: 'shop',
      });

      const assets = await client.listAssets();
      assert.deepEqual(
        assets.map((a) => [a.assetName, a.latestSbomId, a.openFindings.total]),
        [['shop', newer.id, 2]],
      );
      const diff = await client.diffSboms(newer.id, older.id);
      assert.deepEqual(diff.changed, [
        { name: 'Jinja2', purl: 'pkg:pypi/jinja2@2.10.1', from: '2.10', to: '2.10.1' },
      ]);
      assert.equal((await client.findingsSummary({ sbomId: older.id })).total, 3);
      const first = await client.listFindingsPage({ limit: 2, sort: 'severity', sbomId: older.id });
      const second = await client.listFindingsPage({
        limit: 2,
        sort: 'severity',
        sbomId: older.id,
        cursor: first.nextCursor!,
      });
      assert.deepEqual(
        [...first.findings, ...second.findings].map((f) => f.severity),
        ['CRITICAL', 'HIGH', 'MEDIUM'],
      );
      assert.equal(second.nextCursor, null);
      const sarif = JSON.parse(await client.exportSbom(newer.id, 'sarif'));
      assert.equal(sarif.runs[0].results.length, 2);
      await assert.rejects(client.exportSbom('sbom_missing', 'csv'), { code: 'NOT_FOUND', status: 404 });

      const { stdout } = await promisify(execFile)('python3', [
        '-c',
        PYTHON_SCRIPT,
        repoRoot,
        baseUrl,
        org.tokens.all!,
      ]);
      assert.deepEqual(JSON.parse(stdout), {
        assets: ['shop'],
        changed: [['2.10', '2.10.1']],
        summary: 2,
        alias: ['CVE-2019-10906'],
        page: [2, true],
        csv: 'vulnerabilityId',
      });
    });
  });
}
