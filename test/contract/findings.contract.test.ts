// Findings contract (docs/contract.md, Findings): real Go advisories, a real Go SBOM.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DIALECTS,
  DATA,
  HAS_DATA,
  NO_DATA,
  ISO_UTC,
  freshStore,
  cli,
  serve,
  call,
  expectError,
  tenant,
  type Store,
  type Server,
  type Json,
} from './harness.ts';

const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'];
const FINDING_FIELDS = [
  'id',
  'sbomId',
  'componentId',
  'component',
  'vulnerabilityId',
  'aliases',
  'summary',
  'severity',
  'severitySource',
  'cvssScore',
  'cvssVector',
  'fixedVersions',
  'references',
  'status',
  'remediationNotes',
  'createdAt',
  'updatedAt',
  'statusChangedAt',
];
const PROTON = 'proton-bridge__proton-bridge-v1.8.0.bom';

function upload(server: Server, token: string, file: string, name: string) {
  const fd = new FormData();
  fd.append('name', name);
  fd.append('file', new Blob([readFileSync(join(DATA, 'sboms/cyclonedx', file))]), file);
  return call(`${server.api}/sscs/sboms/upload`, { method: 'POST', token, body: fd });
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: findings contract`, { skip: HAS_DATA ? false : NO_DATA }, () => {
    let store: Store;
    let server: Server;
    let admin = '';
    let other = '';
    let sbomJson = '';
    let sbomXml = '';
    const api = (p: string) => `${server.api}${p}`;

    before(async () => {
      store = await freshStore(dialect);
      server = await serve(store);
      admin = readFileSync(join(store.env.DATA_DIR!, 'bootstrap-token'), 'utf8').trim();
      other = (await tenant(store, 'other', 'sbom:read,sbom:write')).token;
    });
    after(async () => {
      await server?.stop();
      await store?.cleanup();
    });

    it(
      'an SBOM uploaded before the import gets its findings when advisories are imported (re-match)',
      { timeout: 120_000 },
      async () => {
        const before = await upload(server, admin, `${PROTON}.json`, 'proton-json');
        assert.equal(before.status, 201, JSON.stringify(before.body.error));
        assert.equal(before.body.data.findingCount, 0, 'no advisories yet');
        sbomJson = before.body.data.id;
        const r = await cli(store, ['vulndb', 'import', join(DATA, 'osv/Go-all.zip')]);
        assert.equal(r.code, 0, r.stderr);
        const list = await call(api(`/sscs/findings?sbomId=${sbomJson}`), { token: admin });
        assert.equal(list.status, 200);
        assert.ok(list.body.data.length > 0, 'proton-bridge v1.8.0 has known Go vulnerabilities');
      },
    );

    it('uploading the same SBOM as XML after the import yields the same findings at once', async () => {
      const xml = await upload(server, admin, `${PROTON}.xml`, 'proton-xml');
      assert.equal(xml.status, 201, JSON.stringify(xml.body.error));
      sbomXml = xml.body.data.id;
      const a = (await call(api(`/sscs/findings?sbomId=${sbomJson}`), { token: admin })).body.data as Array<
        Record<string, Json>
      >;
      const b = (await call(api(`/sscs/findings?sbomId=${sbomXml}`), { token: admin })).body.data as Array<
        Record<string, Json>
      >;
      assert.equal(xml.body.data.findingCount, b.length);
      const key = (f: Record<string, Json>) =>
        `${f.component.name}@${f.component.version}:${f.vulnerabilityId}`;
      assert.deepEqual(b.map(key).sort(), a.map(key).sort());
      const listed = (await call(api('/sscs/sboms?q=proton-json'), { token: admin })).body.data[0];
      assert.equal(listed.findingCount, a.length, 'the list shows the re-matched finding count');
    });

    it('list: default status open, documented fields, uppercase severity, filters', async () => {
      const all = (await call(api('/sscs/findings'), { token: admin })).body.data as Array<
        Record<string, Json>
      >;
      assert.ok(all.length > 0);
      for (const f of all) {
        for (const k of FINDING_FIELDS) assert.ok(k in f, `finding has ${k}`);
        assert.match(f.id, /^fnd_/);
        assert.match(f.componentId, /^cmp_/);
        assert.ok([sbomJson, sbomXml].includes(f.sbomId));
        assert.equal(f.status, 'open');
        assert.ok(SEVERITIES.includes(f.severity), `severity ${f.severity}`);
        assert.ok(Array.isArray(f.aliases) && Array.isArray(f.fixedVersions) && Array.isArray(f.references));
        assert.equal(typeof f.component.name, 'string');
        assert.ok('version' in f.component && 'purl' in f.component);
        assert.match(f.createdAt, ISO_UTC);
        assert.match(f.updatedAt, ISO_UTC);
        if (f.cvssScore !== null) {
          const s = f.cvssScore as number;
          const expected = s >= 9 ? 'CRITICAL' : s >= 7 ? 'HIGH' : s >= 4 ? 'MEDIUM' : 'LOW';
          assert.equal(f.severity, expected, `${f.vulnerabilityId}: score ${s} → ${expected}`);
        }
      }
      const explicitOpen = (await call(api('/sscs/findings?status=open'), { token: admin })).body.data;
      assert.equal(explicitOpen.length, all.length);
      let sum = 0;
      for (const sev of SEVERITIES) {
        const part = (await call(api(`/sscs/findings?severity=${sev}`), { token: admin })).body
          .data as Array<{ severity: string; status: string }>;
        assert.ok(part.every((f) => f.severity === sev && f.status === 'open'));
        sum += part.length;
      }
      assert.equal(sum, all.length);
      const bySbom = (await call(api(`/sscs/findings?sbomId=${sbomXml}`), { token: admin })).body
        .data as Array<{ sbomId: string }>;
      assert.ok(bySbom.length > 0 && bySbom.every((f) => f.sbomId === sbomXml));
      assert.deepEqual(
        (await call(api('/sscs/findings?sbomId=sbom_unknown'), { token: admin })).body.data,
        [],
      );
      for (const q of ['status=closed', 'severity=high', 'severity=MODERATE']) {
        await expectError(call(api(`/sscs/findings?${q}`), { token: admin }), 400, 'VALIDATION_FAILED');
      }
      assert.deepEqual(
        (await call(api('/sscs/findings'), { token: other })).body.data,
        [],
        'another organisation sees none',
      );
    });

    it('summary: {CRITICAL, HIGH, MEDIUM, LOW, total} over open findings', async () => {
      const all = (await call(api('/sscs/findings'), { token: admin })).body.data as Array<{
        severity: string;
      }>;
      const s = (await call(api('/sscs/findings/summary'), { token: admin })).body.data;
      assert.deepEqual(Object.keys(s).sort(), ['CRITICAL', 'HIGH', 'LOW', 'MEDIUM', 'kev', 'total']);
      for (const sev of SEVERITIES) assert.equal(s[sev], all.filter((f) => f.severity === sev).length, sev);
      assert.equal(s.total, all.length);
      assert.deepEqual((await call(api('/sscs/findings/summary'), { token: other })).body.data, {
        CRITICAL: 0,
        HIGH: 0,
        MEDIUM: 0,
        LOW: 0,
        total: 0,
        kev: 0,
      });
    });

    it('PATCH status with remediationNotes; history; list filters follow the status', async () => {
      const all = (await call(api('/sscs/findings'), { token: admin })).body.data as Array<
        Record<string, Json>
      >;
      const target = all[0]!;
      const before = (await call(api('/sscs/findings/summary'), { token: admin })).body.data;
      const r = await call(api(`/sscs/findings/${target.id}/status`), {
        method: 'PATCH',
        token: admin,
        json: { status: 'mitigated', remediationNotes: 'WAF rule 42' },
      });
      assert.equal(r.status, 200, JSON.stringify(r.body.error));
      assert.equal(r.body.data.id, target.id);
      assert.equal(r.body.data.status, 'mitigated');
      assert.equal(r.body.data.remediationNotes, 'WAF rule 42');
      assert.match(r.body.data.statusChangedAt, ISO_UTC);
      const open = (await call(api('/sscs/findings'), { token: admin })).body.data as Array<{ id: string }>;
      assert.ok(!open.some((f) => f.id === target.id), 'no longer open');
      const mitigated = (await call(api('/sscs/findings?status=mitigated'), { token: admin })).body
        .data as Array<{ id: string }>;
      assert.deepEqual(
        mitigated.map((f) => f.id),
        [target.id],
      );
      const after = (await call(api('/sscs/findings/summary'), { token: admin })).body.data;
      assert.equal(after.total, before.total - 1);
      assert.equal(after[target.severity], before[target.severity] - 1);
      // any status may move to any of the five
      for (const status of ['accepted_risk', 'false_positive', 'fixed', 'open']) {
        const step = await call(api(`/sscs/findings/${target.id}/status`), {
          method: 'PATCH',
          token: admin,
          json: { status },
        });
        assert.equal(step.status, 200);
        assert.equal(step.body.data.status, status);
      }
      const one = await call(api(`/sscs/findings/${target.id}`), { token: admin });
      assert.equal(one.status, 200);
      assert.equal(one.body.data.status, 'open');
      assert.ok(
        JSON.stringify(one.body.data).includes('WAF rule 42') || one.body.data.remediationNotes === null,
        'history kept',
      );
    });

    it('PATCH errors: invalid status/body → VALIDATION_FAILED; unknown or foreign finding → 404', async () => {
      const id = (
        (await call(api('/sscs/findings'), { token: admin })).body.data as Array<{ id: string }>
      )[0]!.id;
      const patch = (fid: string, json: unknown, token = admin) =>
        call(api(`/sscs/findings/${fid}/status`), { method: 'PATCH', token, json });
      await expectError(patch(id, { status: 'resolved' }), 400, 'VALIDATION_FAILED');
      await expectError(patch(id, { status: 'OPEN' }), 400, 'VALIDATION_FAILED');
      await expectError(patch(id, {}), 400, 'VALIDATION_FAILED');
      await expectError(patch(id, { status: 'fixed', severity: 'LOW' }), 400, 'VALIDATION_FAILED');
      await expectError(patch(id, { status: 'fixed', remediationNotes: 5 }), 400, 'VALIDATION_FAILED');
      await expectError(patch('fnd_doesnotexist', { status: 'fixed' }), 404, 'NOT_FOUND');
      await expectError(patch(id, { status: 'fixed' }, other), 404, 'NOT_FOUND');
      await expectError(call(api(`/sscs/findings/${id}`), { token: other }), 404, 'NOT_FOUND');
      // validation (400) comes before existence (404)
      await expectError(patch('fnd_doesnotexist', { status: 'nope' }), 400, 'VALIDATION_FAILED');
      assert.equal(
        (await call(api(`/sscs/findings/${id}`), { token: admin })).body.data.status,
        'open',
        'the refused changes changed nothing',
      );
    });

    it('deleting an SBOM removes its findings from the lists and the summary', async () => {
      const before = (await call(api('/sscs/findings/summary'), { token: admin })).body.data;
      const own = (await call(api(`/sscs/findings?sbomId=${sbomXml}`), { token: admin })).body.data
        .length as number;
      const del = await call(api(`/sscs/sboms/${sbomXml}`), { method: 'DELETE', token: admin });
      assert.equal(del.status, 200);
      assert.deepEqual((await call(api(`/sscs/findings?sbomId=${sbomXml}`), { token: admin })).body.data, []);
      assert.equal(
        (await call(api('/sscs/findings/summary'), { token: admin })).body.data.total,
        before.total - own,
      );
    });
  });
}
