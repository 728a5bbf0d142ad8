// Triage with VEX analysis: PATCH fields and history, one consistent history under 30 concurrent PATCHes, the VEX
// round trip of all five statuses through both formats (lossless and idempotent), control characters in VEX.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../../test/support/app.ts';
import { DIALECTS } from '../../../test/support/store.ts';
import { findingsByPackage, loadTriageAdvisories, patchStatus, uploadAsset } from './triage-fixture.ts';

/** What each package's finding is triaged to before the round trip. */
const TRIAGE: Record<string, object> = {
  'pkg-a': { status: 'open' },
  'pkg-b': {
    status: 'false_positive',
    justification: 'code_not_reachable',
    detail: 'only the CLI calls it',
    remediationNotes: 'checked by Ann',
  },
  'pkg-c': { status: 'mitigated', detail: 'WAF rule 42' },
  'pkg-d': {
    status: 'accepted_risk',
    response: ['can_not_fix'],
    detail: 'end of life',
    remediationNotes: 'x',
  },
  'pkg-e': { status: 'fixed', response: ['update'] },
};

for (const dialect of DIALECTS) {
  describe(`${dialect}: triage analysis`, () => {
    it('PATCH records justification, response and detail; null clears; bad values are 400 naming the field', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadTriageAdvisories(t, services);
      const org = await createOrg(services);
      const sbom = await uploadAsset(app, org, 'shop');
      const a = (await findingsByPackage(app, org, sbom.id))['pkg-a']!;
      const first = await patchStatus(app, org, a.id, {
        status: 'false_positive',
        justification: 'code_not_present',
        response: ['will_not_fix', 'update'],
        detail: 'line one\nline two',
      });
      assert.equal(first.statusCode, 200, first.body);
      const data = first.json().data;
      assert.deepEqual(
        [data.status, data.justification, data.response, data.detail, data.remediationNotes],
        ['false_positive', 'code_not_present', ['will_not_fix', 'update'], 'line one\nline two', null],
      );
      assert.deepEqual(
        [data.history.at(-1).justification, data.history.at(-1).response, data.history.at(-1).ruleId],
        ['code_not_present', ['will_not_fix', 'update'], null],
      );
      // Left out: kept; null: cleared.
      const second = (await patchStatus(app, org, a.id, { status: 'mitigated', justification: null })).json()
        .data;
      assert.deepEqual(
        [second.status, second.justification, second.response, second.detail],
        ['mitigated', null, ['will_not_fix', 'update'], 'line one\nline two'],
      );
      for (const [body, path] of [
        [{ status: 'open', justification: 'because' }, 'body.justification'],
        [{ status: 'open', response: ['later'] }, 'body.response.0'],
        [{ status: 'open', response: ['update', 'update'] }, 'body.response'],
        [{ status: 'open', detail: 'a\u0000b' }, 'body.detail'],
      ] as const) {
        const res = await patchStatus(app, org, a.id, body);
        assert.equal(res.statusCode, 400, JSON.stringify(body));
        assert.equal(res.json().error.code, 'VALIDATION_FAILED');
        assert.ok(
          res.json().error.details.some((d: { path: string }) => d.path === path),
          `${JSON.stringify(res.json().error.details)} names ${path}`,
        );
      }
      const other = await createOrg(services);
      assert.equal((await patchStatus(app, other, a.id, { status: 'open' })).statusCode, 404);
    });

    it('30 concurrent PATCHes of one finding leave a history where each from is the previous to', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadTriageAdvisories(t, services);
      const org = await createOrg(services);
      const sbom = await uploadAsset(app, org, 'shop', ['pkg-a']);
      const a = (await findingsByPackage(app, org, sbom.id))['pkg-a']!;
      const statuses = ['mitigated', 'accepted_risk', 'false_positive', 'fixed', 'open'];
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => patchStatus(app, org, a.id, { status: statuses[i % 5] })),
      );
      assert.deepEqual(
        answers.map((r) => r.statusCode),
        Array.from({ length: 30 }, () => 200),
      );
      const detail = (
        await app.inject({ url: `/api/v1/sscs/findings/${a.id}`, headers: org.bearer() })
      ).json().data;
      const changes = detail.history.filter((h: { event: string }) => h.event === 'status_change');
      assert.equal(changes.length, 30);
      let previous = 'open';
      for (const h of changes) {
        assert.equal(h.fromStatus, previous);
        previous = h.toStatus;
      }
      assert.equal(detail.status, previous);
    });

    for (const format of ['cyclonedx-vex', 'openvex'] as const) {
      it(`${format}: all five statuses round trip losslessly; a repeat changes nothing`, async (t) => {
        const { app, services, store } = await build(t, dialect);
        await loadTriageAdvisories(t, services);
        const source = await createOrg(services);
        const target = await createOrg(services);
        const a = await uploadAsset(app, source, 'shop');
        const b = await uploadAsset(app, target, 'shop');
        const before = await findingsByPackage(app, source, a.id);
        for (const [name, body] of Object.entries(TRIAGE))
          assert.equal((await patchStatus(app, source, before[name]!.id, body)).statusCode, 200);
        const doc = (
          await app.inject({
            url: `/api/v1/sscs/sboms/${a.id}/export?format=${format}`,
            headers: source.bearer(),
          })
        ).body;
        const post = (org: typeof source) =>
          app.inject({
            method: 'POST',
            url: '/api/v1/sscs/vex',
            headers: { ...org.bearer(), 'content-type': 'application/json' },
            payload: doc,
          });
        // Into the source itself: everything is already recorded.
        const historyCount = async () =>
          Number(
            (
              await store.db
                .selectFrom('finding_history')
                .select((eb) => eb.fn.countAll().as('n'))
                .where('org_id', '=', source.id)
                .executeTakeFirstOrThrow()
            ).n,
          );
        const entries = await historyCount();
        assert.deepEqual((await post(source)).json().data, { applied: 0, unchanged: 5, unmatched: [] });
        assert.equal(await historyCount(), entries);

        assert.deepEqual((await post(target)).json().data, { applied: 4, unchanged: 1, unmatched: [] });
        assert.deepEqual((await post(target)).json().data, { applied: 0, unchanged: 5, unmatched: [] });
        const got = await findingsByPackage(app, target, b.id);
        const view = (f: (typeof got)[string]) => [
          f.status,
          f.justification,
          f.response,
          f.detail,
          f.remediationNotes,
        ];
        // OpenVEX has no responses and coarser justifications: the status, detail and notes survive.
        assert.deepEqual(
          Object.fromEntries(Object.entries(got).map(([name, f]) => [name, view(f)])),
          format === 'cyclonedx-vex'
            ? {
                'pkg-a': ['open', null, null, null, null],
                'pkg-b': [
                  'false_positive',
                  'code_not_reachable',
                  null,
                  'only the CLI calls it',
                  'checked by Ann',
                ],
                'pkg-c': ['mitigated', 'protected_by_mitigating_control', null, 'WAF rule 42', null],
                'pkg-d': ['accepted_risk', null, ['can_not_fix', 'will_not_fix'], 'end of life', 'x'],
                'pkg-e': ['fixed', null, ['update'], null, null],
              }
            : {
                'pkg-a': ['open', null, null, null, null],
                'pkg-b': [
                  'false_positive',
                  'code_not_reachable',
                  null,
                  'only the CLI calls it',
                  'checked by Ann',
                ],
                'pkg-c': ['mitigated', 'protected_by_mitigating_control', null, 'WAF rule 42', null],
                'pkg-d': ['accepted_risk', null, null, 'end of life', 'x'],
                'pkg-e': ['fixed', null, null, null, null],
              },
        );
      });
    }

    it('VEX text with control characters is 400 naming the field, on both dialects, and nothing is stored', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadTriageAdvisories(t, services);
      const org = await createOrg(services);
      const sbom = await uploadAsset(app, org, 'shop', ['pkg-a']);
      for (const bad of ['a\u0000b', 'a\u001bb', 'a\u0085b']) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/sscs/vex',
          headers: org.bearer(),
          payload: {
            '@context': 'https://openvex.dev/ns/v0.2.0',
            '@id': 'https://example.com/vex/1',
            author: 'x',
            timestamp: '2026-01-01T00:00:00Z',
            version: 1,
            statements: [
              {
                vulnerability: { name: 'CVE-2026-0001' },
                products: [{ '@id': 'pkg:npm/pkg-a@1.0.0' }],
                status: 'not_affected',
                impact_statement: bad,
              },
            ],
          },
        });
        assert.equal(res.statusCode, 400, res.body);
        assert.equal(res.json().error.code, 'VALIDATION_FAILED');
        assert.deepEqual(
          res.json().error.details.map((d: { path: string }) => d.path),
          ['body.statements.0.impact_statement'],
        );
      }
      assert.equal((await findingsByPackage(app, org, sbom.id))['pkg-a']!.status, 'open');
    });
  });
}
