import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg, type TestOrg } from '../../test/support/app.ts';
import { schemaErrors, schemasSkip } from '../../test/support/json-schemas.ts';
import { DIALECTS } from '../../test/support/store.ts';
import type { App } from '../http/app-type.ts';
import { formRequest, loadAdvisories, shopSbom, upload } from './pipeline-fixture.ts';

const get = (app: App, org: TestOrg, url: string) =>
  app.inject({ method: 'GET', url, headers: org.bearer() });

async function triage(
  app: App,
  org: TestOrg,
  sbomId: string,
  changes: Record<string, readonly [string, string?]>,
) {
  const list = (await get(app, org, `/api/v1/sscs/findings?sbomId=${sbomId}`)).json().data;
  for (const f of list as { id: string; vulnerabilityId: string }[]) {
    const change = changes[f.vulnerabilityId];
    if (!change) continue;
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/sscs/findings/${f.id}/status`,
      headers: org.bearer(),
      payload: { status: change[0], ...(change[1] ? { remediationNotes: change[1] } : {}) },
    });
    assert.equal(res.statusCode, 200, res.body);
  }
}

/** vulnerabilityId → [status, remediationNotes] of every finding of an SBOM (any status). */
async function statuses(
  app: App,
  org: TestOrg,
  sbomId: string,
): Promise<Record<string, [string, string | null]>> {
  const out: Record<string, [string, string | null]> = {};
  for (const status of ['open', 'mitigated', 'accepted_risk', 'false_positive', 'fixed']) {
    const list = (await get(app, org, `/api/v1/sscs/findings?sbomId=${sbomId}&status=${status}`)).json().data;
    for (const f of list) out[f.vulnerabilityId] = [f.status, f.remediationNotes];
  }
  return out;
}

const TRIAGE = {
  'CVE-2019-10906': ['false_positive', 'template sandbox not used'],
  'CVE-2022-32149': ['fixed'],
} as const;

for (const dialect of DIALECTS) {
  // Its one test validates each export against the published schemas of the shared data.
  describe(`${dialect}: exports`, { skip: schemasSkip() }, () => {
    it('writes each format as a file that validates against its published schema', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadAdvisories(t, services);
      const org = await createOrg(services);
      const other = await createOrg(services);
      const sbom = (
        await upload(app, org, shopSbom('2.10', 'v0.3.7'), [
          ['name', 'web shop'],
          ['version', '1.0'],
        ])
      ).json().data;
      await triage(app, org, sbom.id, { ...TRIAGE });
      const exported = async (format: string) => {
        const res = await get(app, org, `/api/v1/sscs/sboms/${sbom.id}/export?format=${format}`);
        assert.equal(res.statusCode, 200, res.body);
        return res;
      };

      const cdx = await exported('cyclonedx');
      assert.equal(cdx.headers['content-type'], 'application/vnd.cyclonedx+json; version=1.6');
      assert.equal(cdx.headers['content-disposition'], 'attachment; filename="web_shop-1.0.cdx.json"');
      const bom = cdx.json();
      assert.equal(schemaErrors('cyclonedx', bom), '');
      assert.equal(bom.specVersion, '1.6');
      assert.equal(bom.components.length, 3);
      assert.deepEqual(
        bom.vulnerabilities
          .map((v: { id: string; analysis: { state: string } }) => [v.id, v.analysis.state])
          .sort(),
        [
          ['CVE-2019-10906', 'false_positive'],
          ['CVE-2022-32149', 'resolved'],
          ['PYSEC-2020-0002', 'in_triage'],
        ],
      );

      const vex = (await exported('cyclonedx-vex')).json();
      assert.equal(schemaErrors('cyclonedx', vex), '');
      assert.deepEqual(vex.components.map((c: { name: string }) => c.name).sort(), [
        'Jinja2',
        'golang.org/x/text',
      ]);

      const openvex = (await exported('openvex')).json();
      assert.equal(schemaErrors('openvex', openvex), '');
      assert.deepEqual(
        openvex.statements
          .map((s: { vulnerability: { name: string }; status: string; products: { '@id': string }[] }) => [
            s.vulnerability.name,
            s.status,
            s.products[0]!['@id'],
          ])
          .sort(),
        [
          ['CVE-2019-10906', 'not_affected', 'pkg:pypi/jinja2@2.10'],
          ['CVE-2022-32149', 'fixed', 'pkg:golang/golang.org/x/text@v0.3.7'],
          ['PYSEC-2020-0002', 'under_investigation', 'pkg:pypi/jinja2@2.10'],
        ],
      );

      const sarifRes = await exported('sarif');
      assert.equal(sarifRes.headers['content-type'], 'application/sarif+json');
      const sarif = sarifRes.json();
      assert.equal(schemaErrors('sarif', sarif), '');
      assert.deepEqual(
        sarif.runs[0].tool.driver.rules.map((r: { id: string }) => r.id),
        ['CVE-2019-10906', 'CVE-2022-32149', 'PYSEC-2020-0002'],
      );
      assert.deepEqual(
        sarif.runs[0].results
          .map((r: { ruleId: string; level: string; suppressions?: unknown[] }) => [
            r.ruleId,
            r.level,
            !!r.suppressions,
          ])
          .sort(),
        [
          ['CVE-2019-10906', 'error', true],
          ['CVE-2022-32149', 'error', false],
          ['PYSEC-2020-0002', 'warning', false],
        ],
      );

      const csv = await exported('csv');
      assert.equal(csv.headers['content-type'], 'text/csv; charset=utf-8');
      const lines = csv.body.trimEnd().split('\r\n');
      assert.equal(
        lines[0],
        'vulnerabilityId,aliases,severity,severitySource,cvssScore,status,component,version,purl,fixedVersions,summary,remediationNotes',
      );
      assert.equal(lines.length, 4);
      assert.ok(
        lines.includes(
          'CVE-2022-32149,GO-2022-0001,HIGH,cvss_v3,7.5,fixed,golang.org/x/text,v0.3.7,pkg:golang/golang.org/x/text@v0.3.7,0.3.8,GO-2022-0001 summary,',
        ),
        lines.join('\n'),
      );

      const bad = await get(app, org, `/api/v1/sscs/sboms/${sbom.id}/export?format=pdf`);
      assert.equal(bad.json().error.code, 'VALIDATION_FAILED');
      const extra = await get(app, org, `/api/v1/sscs/sboms/${sbom.id}/export?format=csv&x=1`);
      assert.equal(extra.json().error.code, 'VALIDATION_FAILED');
      const foreign = await get(app, other, `/api/v1/sscs/sboms/${sbom.id}/export?format=csv`);
      assert.equal(foreign.statusCode, 404);
      assert.equal(foreign.json().error.code, 'NOT_FOUND');
    });
  });

  describe(`${dialect}: VEX`, () => {
    for (const format of ['cyclonedx-vex', 'openvex']) {
      it(`${format}: a round trip into a second organisation gives the same statuses, idempotently`, async (t) => {
        const { app, services, store } = await build(t, dialect);
        await loadAdvisories(t, services);
        const source = await createOrg(services);
        const target = await createOrg(services);
        const a = (await upload(app, source, shopSbom('2.10', 'v0.3.7'))).json().data;
        const b = (await upload(app, target, shopSbom('2.10', 'v0.3.7'))).json().data;
        await triage(app, source, a.id, { ...TRIAGE });
        const doc = (await get(app, source, `/api/v1/sscs/sboms/${a.id}/export?format=${format}`)).body;

        const first = await app.inject({
          method: 'POST',
          url: '/api/v1/sscs/vex',
          headers: { ...target.bearer(), 'content-type': 'application/json' },
          payload: doc,
        });
        assert.equal(first.statusCode, 200, first.body);
        assert.deepEqual(first.json().data, { applied: 2, unchanged: 1, unmatched: [] });
        assert.deepEqual(await statuses(app, target, b.id), await statuses(app, source, a.id));
        assert.deepEqual((await statuses(app, target, b.id))['CVE-2019-10906'], [
          'false_positive',
          'template sandbox not used',
        ]);

        // Again, as a multipart file: nothing changes.
        const again = await formRequest(app, target, '/api/v1/sscs/vex', [['file', doc, 'vex.json']]);
        assert.deepEqual(again.json().data, { applied: 0, unchanged: 3, unmatched: [] });

        const fp = (
          await get(app, target, `/api/v1/sscs/findings?sbomId=${b.id}&status=false_positive`)
        ).json().data[0];
        const history = (await get(app, target, `/api/v1/sscs/findings/${fp.id}`)).json().data.history;
        assert.deepEqual(history.at(-1).notes, 'from VEX: template sandbox not used');
        const audit = await store.db
          .selectFrom('audit_log')
          .select('details')
          .where('org_id', '=', target.id)
          .where('action', '=', 'finding.status_change')
          .execute();
        assert.equal(audit.length, 2);
      });
    }

    it('maps each state, reports unmatched statements, rejects what is not VEX', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadAdvisories(t, services);
      const org = await createOrg(services);
      const sbom = (await upload(app, org, shopSbom('2.10', 'v0.3.7'))).json().data;
      const post = (body: unknown, token = 'all') =>
        app.inject({
          method: 'POST',
          url: '/api/v1/sscs/vex',
          headers: org.bearer(token),
          payload: body as object,
        });
      const openvex = (statements: object[]) => ({
        '@context': 'https://openvex.dev/ns/v0.2.0',
        '@id': 'https://example.com/vex/1',
        author: 'x',
        timestamp: '2026-01-01T00:00:00Z',
        version: 1,
        statements,
      });
      const res = await post(
        openvex([
          {
            vulnerability: { name: 'GHSA-jinja-0001' },
            products: [{ '@id': 'pkg:pypi/jinja2' }],
            status: 'not_affected',
            justification: 'vulnerable_code_not_in_execute_path',
            impact_statement: 'never rendered',
          },
          {
            vulnerability: { name: 'GO-2022-0001' },
            products: [{ '@id': 'pkg:golang/golang.org/x/text@v0.3.7' }],
            status: 'fixed',
          },
          {
            vulnerability: { name: 'CVE-2000-0001' },
            products: [{ '@id': 'pkg:pypi/jinja2@2.10' }],
            status: 'fixed',
          },
          {
            vulnerability: { name: 'PYSEC-2020-0002' },
            products: [{ '@id': 'pkg:pypi/jinja2@2.10' }],
            status: 'bogus',
          },
        ]),
      );
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json().data, {
        applied: 2,
        unchanged: 0,
        unmatched: [
          {
            vulnerabilityId: 'CVE-2000-0001',
            product: 'pkg:pypi/jinja2@2.10',
            reason: 'no finding of this vulnerability on this package',
          },
          {
            vulnerabilityId: 'PYSEC-2020-0002',
            product: 'pkg:pypi/jinja2@2.10',
            reason: "unknown status 'bogus'",
          },
        ],
      });
      const s = await statuses(app, org, sbom.id);
      assert.deepEqual(s['CVE-2019-10906'], [
        'false_positive',
        'vulnerable_code_not_in_execute_path: never rendered',
      ]);
      assert.deepEqual(s['CVE-2022-32149'], ['fixed', null]);

      const cdx = await post({
        bomFormat: 'CycloneDX',
        specVersion: '1.5',
        version: 1,
        vulnerabilities: [
          {
            id: 'CVE-2019-10906',
            analysis: { state: 'exploitable' },
            affects: [{ ref: 'pkg:pypi/jinja2@2.10' }],
          },
          {
            id: 'CVE-2022-32149',
            analysis: { state: 'in_triage' },
            affects: [{ ref: 'urn:cdx:1/1#pkg:golang/golang.org/x/text@v0.3.7' }],
          },
          { id: 'PYSEC-2020-0002', analysis: { state: 'resolved' }, affects: [{ ref: 'jinja' }] },
        ],
        components: [{ 'bom-ref': 'jinja', name: 'Jinja2', purl: 'pkg:pypi/jinja2@2.10' }],
      });
      assert.deepEqual(cdx.json().data, { applied: 3, unchanged: 0, unmatched: [] });
      const after = await statuses(app, org, sbom.id);
      assert.deepEqual(
        Object.entries(after)
          .map(([id, [status]]) => [id, status])
          .sort(),
        [
          ['CVE-2019-10906', 'open'],
          ['CVE-2022-32149', 'open'],
          ['PYSEC-2020-0002', 'fixed'],
        ],
      );

      const old = await post({ bomFormat: 'CycloneDX', specVersion: '1.3', vulnerabilities: [] });
      assert.equal(old.json().error.code, 'UNSUPPORTED_FORMAT');
      assert.match(
        old.json().error.message,
        /CycloneDX 1\.3 seen; accepted: CycloneDX VEX 1\.4–1\.7 JSON, OpenVEX 0\.2\.0/,
      );
      assert.equal((await post({ hello: 1 })).json().error.code, 'UNSUPPORTED_FORMAT');
      assert.equal((await post(openvex([{ products: [] }]))).json().error.code, 'PARSE_ERROR');
      assert.equal((await post(openvex([]), 'read')).json().error.code, 'INSUFFICIENT_SCOPE');
    });
  });
}
