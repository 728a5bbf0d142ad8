import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { build, createOrg, type TestOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { searchAudit } from '../audit/audit.repository.ts';
import type { App } from '../http/app-type.ts';

/** A multipart upload of one SBOM file, as curl would send it. */
export async function uploadSbom(app: App, org: TestOrg, content: string | Uint8Array, fileName: string) {
  const form = new FormData();
  form.append('file', new Blob([content]), fileName);
  const response = new Response(form);
  const payload = Buffer.from(await response.arrayBuffer());
  return app.inject({
    method: 'POST',
    url: '/api/v1/sscs/sboms/upload',
    payload,
    headers: { 'content-type': response.headers.get('content-type')!, ...org.bearer() },
  });
}

const cdx = (components: [string, string][]) =>
  JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    components: components.map(([name, version]) => ({
      type: 'library',
      name,
      version,
      purl: `pkg:npm/${name}@${version}`,
    })),
  });

const advisory = (id: string, over: Record<string, unknown>) => ({
  schema_version: '1.6.0',
  id,
  modified: '2024-01-01T00:00:00Z',
  summary: `${id} summary`,
  references: [{ type: 'ADVISORY', url: `https://example.com/${id}` }],
  ...over,
});
const npm = (name: string, events: object[], versions?: string[]) => ({
  package: { ecosystem: 'npm', name },
  ...(events.length ? { ranges: [{ type: 'SEMVER', events }] } : {}),
  ...(versions ? { versions } : {}),
});

const LEFT_PAD_GHSA = advisory('GHSA-1111-2222-3333', {
  aliases: ['CVE-2020-0001'],
  severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
  affected: [npm('left-pad', [{ introduced: '0' }, { fixed: '1.3.1' }])],
});
// Another database's record of the same CVE: one vulnerability with the GHSA, not a second finding.
const LEFT_PAD_OSV = advisory('OSV-2020-1', {
  aliases: ['CVE-2020-0001'],
  affected: [npm('left-pad', [], ['1.3.0'])],
});
const LODASH = advisory('GHSA-4444-5555-6666', {
  affected: [npm('lodash', [{ introduced: '4.0.0' }, { fixed: '4.17.21' }])],
  database_specific: { severity: 'MODERATE' },
});

function feed(documents: object[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'bulwark-osv-'));
  writeFileSync(join(dir, 'feed.json'), JSON.stringify(documents));
  return dir;
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: findings`, () => {
    it('matches on upload, triages, survives re-matching, retracts withdrawn advisories', async (t) => {
      const { app, services, store } = await build(t, dialect);
      const org = await createOrg(services);
      const other = await createOrg(services);
      const dirs = [feed([LEFT_PAD_GHSA, LEFT_PAD_OSV, LODASH])];
      t.after(() => dirs.forEach((d) => rmSync(d, { recursive: true })));
      const first = await services.vulndb.import(dirs);
      assert.deepEqual([first.added, first.rejected, first.warnings], [3, [], []]);

      const sbom = (
        await uploadSbom(
          app,
          org,
          cdx([
            ['left-pad', '1.3.0'],
            ['lodash', '4.17.20'],
            ['express', '4.0.0'],
          ]),
          'web.cdx.json',
        )
      ).json().data;
      assert.equal(sbom.findingCount, 2);
      await uploadSbom(app, other, cdx([['express', '4.0.0']]), 'other.cdx.json');

      const list = (await app.inject({ url: '/api/v1/sscs/findings', headers: org.bearer('read') })).json()
        .data;
      assert.equal(list.length, 2);
      const [lodash, leftPad] = list; // newest first; both created in one upload, left-pad first
      assert.match(leftPad.id, /^fnd_/);
      assert.deepEqual(
        {
          ...leftPad,
          id: undefined,
          componentId: undefined,
          createdAt: undefined,
          updatedAt: undefined,
          statusChangedAt: undefined,
        },
        {
          id: undefined,
          sbomId: sbom.id,
          componentId: undefined,
          component: { name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' },
          vulnerabilityId: 'CVE-2020-0001',
          aliases: ['GHSA-1111-2222-3333', 'OSV-2020-1'],
          summary: 'GHSA-1111-2222-3333 summary',
          severity: 'CRITICAL',
          severitySource: 'cvss_v3',
          cvssScore: 9.8,
          cvssVector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
          fixedVersions: ['1.3.1'],
          references: [
            { type: 'ADVISORY', url: 'https://example.com/GHSA-1111-2222-3333' },
            { type: 'ADVISORY', url: 'https://example.com/OSV-2020-1' },
          ],
          status: 'open',
          remediationNotes: null,
          justification: null,
          response: null,
          detail: null,
          triageRuleId: null,
          createdAt: undefined,
          updatedAt: undefined,
          statusChangedAt: undefined,
          kev: null,
          epss: null,
          // The SBOM names no dependencies: no graph (docs/remediation.md).
          direct: null,
          paths: [],
        },
      );
      assert.deepEqual(
        [lodash.vulnerabilityId, lodash.severity, lodash.severitySource, lodash.cvssScore],
        ['GHSA-4444-5555-6666', 'MEDIUM', 'advisory', null],
      );
      assert.deepEqual(
        (await app.inject({ url: '/api/v1/sscs/findings/summary', headers: org.bearer('read') })).json().data,
        { CRITICAL: 1, HIGH: 0, MEDIUM: 1, LOW: 0, total: 2, kev: 0 },
      );

      // Triage.
      const patched = await app.inject({
        method: 'PATCH',
        url: `/api/v1/sscs/findings/${leftPad.id}/status`,
        headers: org.bearer('write'),
        payload: { status: 'accepted_risk', remediationNotes: 'not reachable' },
      });
      assert.equal(patched.statusCode, 200, patched.body);
      assert.deepEqual(
        [patched.json().data.status, patched.json().data.remediationNotes],
        ['accepted_risk', 'not reachable'],
      );
      assert.deepEqual(
        patched
          .json()
          .data.history.map((h: { event: string; fromStatus: string; toStatus: string; actorId: string }) => [
            h.event,
            h.fromStatus,
            h.toStatus,
            h.actorId,
          ]),
        [
          ['created', null, 'open', 'system'],
          ['status_change', 'open', 'accepted_risk', org.userId],
        ],
      );
      assert.deepEqual(patched.json().data.matchedBy, [
        {
          advisoryId: 'GHSA-1111-2222-3333',
          reason: {
            kind: 'range',
            rangeIndex: 0,
            rangeType: 'SEMVER',
            introduced: '0',
            until: { kind: 'fixed', value: '1.3.1' },
          },
        },
        { advisoryId: 'OSV-2020-1', reason: { kind: 'versions', version: '1.3.0' } },
      ]);
      const audit = await searchAudit(store.db, org.id, { limit: 1, offset: 0 });
      assert.deepEqual(
        audit.rows.map((r) => [r.action, r.entity_id, r.actor_id]),
        [['finding.status_change', leftPad.id, org.userId]],
      );
      assert.deepEqual(
        (await app.inject({ url: '/api/v1/sscs/findings?status=accepted_risk', headers: org.bearer('read') }))
          .json()
          .data.map((f: { id: string }) => f.id),
        [leftPad.id],
      );
      assert.deepEqual(
        (await app.inject({ url: '/api/v1/sscs/findings/summary', headers: org.bearer('read') })).json().data
          .total,
        1,
      );

      // A corrected range drops lodash 4.17.20, a new advisory hits express in both organisations.
      const EXPRESS = advisory('GHSA-7777-8888-9999', {
        affected: [npm('express', [{ introduced: '0' }, { fixed: '4.1.0' }])],
      });
      dirs.push(
        feed([
          {
            ...LODASH,
            modified: '2024-02-01T00:00:00Z',
            affected: [npm('lodash', [{ introduced: '4.0.0' }, { fixed: '4.17.20' }])],
          },
          EXPRESS,
          LEFT_PAD_GHSA,
        ]),
      );
      const second = await services.vulndb.import([dirs[1]!]);
      assert.deepEqual([second.added, second.updated, second.unchanged], [1, 1, 1]);
      assert.deepEqual(second.rematch, {
        components: 3,
        created: 2,
        updated: 0,
        retracted: 1,
        reinstated: 0,
      });
      const open = (await app.inject({ url: '/api/v1/sscs/findings', headers: org.bearer('read') })).json()
        .data;
      assert.deepEqual(
        open.map((f: { vulnerabilityId: string }) => f.vulnerabilityId),
        ['GHSA-7777-8888-9999'],
      );
      const otherOpen = (
        await app.inject({ url: '/api/v1/sscs/findings', headers: other.bearer('read') })
      ).json().data;
      assert.deepEqual(
        otherOpen.map((f: { vulnerabilityId: string }) => f.vulnerabilityId),
        ['GHSA-7777-8888-9999'],
      );
      const kept = (
        await app.inject({ url: `/api/v1/sscs/findings/${leftPad.id}`, headers: org.bearer('read') })
      ).json().data;
      assert.deepEqual(
        [kept.status, kept.remediationNotes, kept.retractedAt],
        ['accepted_risk', 'not reachable', null],
      );
      const retracted = (
        await app.inject({ url: `/api/v1/sscs/findings/${lodash.id}`, headers: org.bearer('read') })
      ).json().data;
      assert.ok(retracted.retractedAt);
      assert.deepEqual(retracted.history.at(-1), {
        event: 'retracted',
        fromStatus: 'open',
        toStatus: null,
        notes: 'no longer affected by any advisory',
        actorId: 'system',
        at: retracted.retractedAt,
        justification: null,
        response: null,
        detail: null,
        ruleId: null,
      });

      // Withdrawing the GHSA keeps the vulnerability (OSV-2020-1 still lists 1.3.0) but loses its CVSS.
      dirs.push(
        feed([{ ...LEFT_PAD_GHSA, modified: '2024-03-01T00:00:00Z', withdrawn: '2024-03-01T00:00:00Z' }]),
      );
      const third = await services.vulndb.import([dirs[2]!]);
      assert.deepEqual([third.updated, third.withdrawn, third.rematch?.retracted], [1, 1, 0]);
      const downgraded = (
        await app.inject({ url: `/api/v1/sscs/findings/${leftPad.id}`, headers: org.bearer('read') })
      ).json().data;
      assert.deepEqual(
        [
          downgraded.vulnerabilityId,
          downgraded.aliases,
          downgraded.severity,
          downgraded.severitySource,
          downgraded.status,
        ],
        ['CVE-2020-0001', ['OSV-2020-1'], 'MEDIUM', 'default', 'accepted_risk'],
      );
      // …and withdrawing the last advisory retracts it, history kept.
      dirs.push(
        feed([{ ...LEFT_PAD_OSV, modified: '2024-03-01T00:00:00Z', withdrawn: '2024-03-01T00:00:00Z' }]),
      );
      await services.vulndb.import([dirs[3]!]);
      const gone = (
        await app.inject({ url: `/api/v1/sscs/findings/${leftPad.id}`, headers: org.bearer('read') })
      ).json().data;
      assert.deepEqual(
        gone.history.map((h: { event: string }) => h.event),
        ['created', 'status_change', 'retracted'],
      );
      assert.equal(gone.history.at(-1).notes, 'withdrawn: OSV-2020-1');
      assert.deepEqual(
        (
          await app.inject({ url: '/api/v1/sscs/findings?status=accepted_risk', headers: org.bearer('read') })
        ).json().data,
        [],
      );
      const sboms = (await app.inject({ url: '/api/v1/sscs/sboms', headers: org.bearer('read') })).json()
        .data;
      assert.equal(sboms[0].findingCount, 1, 'retracted findings are not counted');
    });

    it('rejects bad queries and bodies, hides other organisations, enforces scope and plan', async (t) => {
      const { app, services, store } = await build(t, dialect);
      const org = await createOrg(services);
      const other = await createOrg(services);
      const essentials = await createOrg(services, { plan: 'essentials' });
      const dir = feed([LODASH]);
      t.after(() => rmSync(dir, { recursive: true }));
      await services.vulndb.import([dir]);
      const sbom = (await uploadSbom(app, org, cdx([['lodash', '4.17.20']]), 'web.cdx.json')).json().data;
      const [finding] = (
        await app.inject({ url: '/api/v1/sscs/findings', headers: org.bearer('read') })
      ).json().data;
      const url = `/api/v1/sscs/findings/${finding.id}`;
      const cases: [
        string,
        { method?: 'GET' | 'PATCH'; url: string; headers: Record<string, string>; payload?: object },
        number,
        string,
      ][] = [
        [
          'status outside the enum',
          { url: '/api/v1/sscs/findings?status=closed', headers: org.bearer('read') },
          400,
          'VALIDATION_FAILED',
        ],
        [
          'lower-case severity',
          { url: '/api/v1/sscs/findings?severity=high', headers: org.bearer('read') },
          400,
          'VALIDATION_FAILED',
        ],
        [
          'unknown query field',
          { url: '/api/v1/sscs/findings?colour=red', headers: org.bearer('read') },
          400,
          'VALIDATION_FAILED',
        ],
        [
          'unknown body field',
          {
            method: 'PATCH',
            url: `${url}/status`,
            headers: org.bearer(),
            payload: { status: 'fixed', by: 'me' },
          },
          400,
          'VALIDATION_FAILED',
        ],
        [
          'missing status',
          {
            method: 'PATCH',
            url: `${url}/status`,
            headers: org.bearer(),
            payload: { remediationNotes: 'x' },
          },
          400,
          'VALIDATION_FAILED',
        ],
        [
          'status outside the enum',
          { method: 'PATCH', url: `${url}/status`, headers: org.bearer(), payload: { status: 'closed' } },
          400,
          'VALIDATION_FAILED',
        ],
        ['another organisation reads', { url, headers: other.bearer('read') }, 404, 'NOT_FOUND'],
        [
          'another organisation triages',
          { method: 'PATCH', url: `${url}/status`, headers: other.bearer(), payload: { status: 'fixed' } },
          404,
          'NOT_FOUND',
        ],
        [
          'unknown id',
          { url: '/api/v1/sscs/findings/fnd_nope', headers: org.bearer('read') },
          404,
          'NOT_FOUND',
        ],
        [
          'read token triages',
          {
            method: 'PATCH',
            url: `${url}/status`,
            headers: org.bearer('read'),
            payload: { status: 'fixed' },
          },
          403,
          'INSUFFICIENT_SCOPE',
        ],
        [
          'write token lists',
          { url: '/api/v1/sscs/findings', headers: org.bearer('write') },
          403,
          'INSUFFICIENT_SCOPE',
        ],
        [
          'plan without the feature',
          { url: '/api/v1/sscs/findings/summary', headers: essentials.bearer('read') },
          403,
          'FORBIDDEN',
        ],
        ['no token', { url: '/api/v1/sscs/findings', headers: {} }, 401, 'UNAUTHORIZED'],
      ];
      for (const [name, request, status, code] of cases) {
        const res = await app.inject(request);
        assert.equal(res.statusCode, status, `${name}: ${res.body}`);
        assert.equal(res.json().error.code, code, name);
      }
      assert.equal(
        (await app.inject({ url: '/api/v1/sscs/findings', headers: other.bearer('read') })).json().data
          .length,
        0,
      );
      const fixed = await app.inject({
        method: 'PATCH',
        url: `${url}/status`,
        headers: org.bearer(),
        payload: { status: 'fixed' },
      });
      assert.deepEqual(
        [fixed.statusCode, fixed.json().data.status, fixed.json().data.remediationNotes],
        [200, 'fixed', null],
      );
      assert.deepEqual(
        (
          await app.inject({
            url: `/api/v1/sscs/findings?status=fixed&sbomId=${sbom.id}&severity=MEDIUM`,
            headers: org.bearer('read'),
          })
        )
          .json()
          .data.map((f: { id: string }) => f.id),
        [finding.id],
      );
      assert.deepEqual(
        (
          await app.inject({
            url: '/api/v1/sscs/findings?status=fixed&sbomId=sbom_other',
            headers: org.bearer('read'),
          })
        ).json().data,
        [],
      );

      // Deleting the SBOM deletes its components, findings and their history.
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/v1/sscs/sboms/${sbom.id}`,
        headers: org.bearer(),
      });
      assert.equal(deleted.statusCode, 200, deleted.body);
      assert.equal((await app.inject({ url, headers: org.bearer('read') })).statusCode, 404);
      assert.deepEqual(
        await store.db
          .selectFrom('finding_history')
          .select('id')
          .where('finding_id', '=', finding.id)
          .execute(),
        [],
      );
    });
  });
}
