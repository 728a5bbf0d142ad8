// Triage rules end to end: a rule triages existing findings when saved and new ones as they are created (before
// any event, and never failing a scan); expiry and deletion reopen exactly what the rule set and nobody changed;
// a person's triage wins; priority; bad input; another organisation's rule is 404.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg, type TestOrg } from '../../../test/support/app.ts';
import { DIALECTS } from '../../../test/support/store.ts';
import { insertSubscription } from '../../../test/support/webhook.ts';
import type { App } from '../../http/app-type.ts';
import type { Store } from '../../db/connect.ts';
import { DEFERRED_EXPANDERS } from '../../webhooks/dispatcher.ts';
import { expandPending } from '../../events/deferred.ts';
import { applyRules, compileRule } from './rule-engine.ts';
import {
  assetSbom,
  findingsByPackage,
  formRequest,
  loadTriageAdvisories,
  patchStatus,
  uploadAsset,
} from './triage-fixture.ts';

const rule = (over: Record<string, unknown> = {}) => ({
  name: 'pkg-a and pkg-b are test-only',
  match: { purls: ['pkg:npm/pkg-a', 'pkg:npm/pkg-b'] },
  analysis: { status: 'false_positive', justification: 'code_not_reachable', detail: 'test tooling only' },
  ...over,
});

const post = (app: App, org: TestOrg, url: string, payload: object, token = 'all') =>
  app.inject({ method: 'POST', url: `/api/v1/sscs/triage-rules${url}`, headers: org.bearer(token), payload });

const statusesOf = async (app: App, org: TestOrg, sbomId: string) =>
  Object.fromEntries(
    Object.entries(await findingsByPackage(app, org, sbomId)).map(([name, f]) => [name, f.status]),
  );

/** Stores, as the rule service would, a rule mitigating every npm finding of the organisation. */
const storeNpmRule = async (db: Store['db'], org: TestOrg, id: string) => {
  const now = new Date().toISOString();
  const row = {
    id,
    org_id: org.id,
    name: 'everything',
    match: JSON.stringify({ purls: ['pkg:npm/*'] }),
    status: 'mitigated',
    justification: null,
    response: '[]',
    detail: 'behind the proxy',
    valid_from: null,
    valid_until: null,
    priority: 50,
    created_by: org.userId,
    created_at: now,
    updated_at: now,
    started_at: now,
    expired_at: null,
  };
  await db.insertInto('triage_rules').values(row).execute();
  return row;
};

for (const dialect of DIALECTS) {
  describe(`${dialect}: triage rules`, () => {
    it('a rule saved later triages existing findings; history and audit name it; deletion reopens them', async (t) => {
      const { app, services, store } = await build(t, dialect);
      await loadTriageAdvisories(t, services);
      const org = await createOrg(services);
      const sbom = await uploadAsset(app, org, 'shop');
      const created = await post(app, org, '', rule());
      assert.equal(created.statusCode, 201, created.body);
      const body = created.json().data;
      assert.match(body.id, /^trl_/);
      assert.deepEqual([body.priority, body.active, body.effect], [50, true, { triaged: 2, reopened: 0 }]);
      const after = await findingsByPackage(app, org, sbom.id);
      assert.deepEqual(
        Object.fromEntries(
          Object.entries(after).map(([n, f]) => [n, [f.status, f.justification, f.detail, f.triageRuleId]]),
        ),
        {
          'pkg-a': ['false_positive', 'code_not_reachable', 'test tooling only', body.id],
          'pkg-b': ['false_positive', 'code_not_reachable', 'test tooling only', body.id],
          'pkg-c': ['open', null, null, null],
          'pkg-d': ['open', null, null, null],
          'pkg-e': ['open', null, null, null],
        },
      );
      const detail = (
        await app.inject({ url: `/api/v1/sscs/findings/${after['pkg-a']!.id}`, headers: org.bearer() })
      ).json().data;
      assert.deepEqual(
        [detail.history.at(-1).notes, detail.history.at(-1).ruleId, detail.history.at(-1).actorId],
        [`rule ${body.id} (pkg-a and pkg-b are test-only)`, body.id, 'system'],
      );
      const audit = await store.db
        .selectFrom('audit_log')
        .select(['action', 'entity_id', 'details'])
        .where('org_id', '=', org.id)
        .where('entity_type', '=', 'triage_rule')
        .orderBy('at')
        .execute();
      assert.deepEqual(
        audit.map((a) => [a.action, a.entity_id, JSON.parse(a.details!).findings ?? null]),
        [
          ['triage_rule.create', body.id, null],
          ['finding.status_change', body.id, 2],
        ],
      );

      // A person's later triage wins: pkg-b stays accepted_risk when the rule goes.
      await patchStatus(app, org, after['pkg-b']!.id, { status: 'accepted_risk' });
      const other = await createOrg(services);
      const foreign = await app.inject({
        method: 'DELETE',
        url: `/api/v1/sscs/triage-rules/${body.id}`,
        headers: other.bearer(),
      });
      assert.equal(foreign.statusCode, 404);
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/v1/sscs/triage-rules/${body.id}`,
        headers: org.bearer(),
      });
      assert.equal(deleted.statusCode, 200, deleted.body);
      assert.deepEqual(deleted.json().data.effect, { triaged: 0, reopened: 1 });
      assert.deepEqual(await statusesOf(app, org, sbom.id), {
        'pkg-a': 'open',
        'pkg-b': 'accepted_risk',
        'pkg-c': 'open',
        'pkg-d': 'open',
        'pkg-e': 'open',
      });
      const reopened = (
        await app.inject({ url: `/api/v1/sscs/findings/${after['pkg-a']!.id}`, headers: org.bearer() })
      ).json().data;
      assert.deepEqual(
        [reopened.justification, reopened.triageRuleId, reopened.history.at(-1).notes],
        [null, null, `rule ${body.id} deleted`],
      );
    });

    it('a rule triages new findings before finding.created and before a scan verdict', async (t) => {
      const { app, services, store } = await build(t, dialect);
      await loadTriageAdvisories(t, services);
      const org = await createOrg(services);
      await insertSubscription(store, org, { eventTypes: ['finding.created'] });
      assert.equal(
        (await post(app, org, '', rule({ match: { vulnerabilityIds: ['GHSA-0003-aaaa-bbbb'] } }))).statusCode,
        201,
      );
      const sbom = await uploadAsset(app, org, 'shop', ['pkg-a', 'pkg-c']);
      assert.deepEqual(await statusesOf(app, org, sbom.id), { 'pkg-a': 'open', 'pkg-c': 'false_positive' });
      assert.equal(await expandPending(store.db, DEFERRED_EXPANDERS), 1);
      const events = await store.db
        .selectFrom('events')
        .select('payload')
        .where('org_id', '=', org.id)
        .where('type', '=', 'finding.created')
        .execute();
      assert.deepEqual(
        events.map((e) => JSON.parse(e.payload).data.finding.component.name),
        ['pkg-a'],
      );
      // The scan applies the same rule: pkg-c's HIGH finding does not count.
      const scan = await formRequest(app, org, '/api/v1/sscs/scan', [
        ['file', assetSbom('shop', ['pkg-c']), 'shop.cdx.json'],
      ]);
      assert.equal(scan.statusCode, 200, scan.body);
      assert.deepEqual(
        scan
          .json()
          .data.findings.map((f: { status: string; justification: string | null }) => [
            f.status,
            f.justification,
          ]),
        [['false_positive', 'code_not_reachable']],
      );
      assert.equal(scan.json().data.summary.total, 0);
    });

    it('a rule naming tags triages the findings of assets with one of them, existing and new', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadTriageAdvisories(t, services);
      const org = await createOrg(services);
      const shop = await uploadAsset(app, org, 'shop', ['pkg-a']);
      const blog = await uploadAsset(app, org, 'blog', ['pkg-a']);
      const asset = await services.portfolio.assets.resolve(org.id, 'shop');
      await services.portfolio.assets.update(org.id, org.userId, asset.id, { tags: ['pci'] });
      const created = await post(app, org, '', rule({ match: { tags: ['pci', 'prod'] } }));
      assert.equal(created.statusCode, 201, created.body);
      assert.equal(created.json().data.effect.triaged, 1);
      assert.deepEqual(await statusesOf(app, org, shop.id), { 'pkg-a': 'false_positive' });
      assert.deepEqual(await statusesOf(app, org, blog.id), { 'pkg-a': 'open' });
      // A new version of the tagged asset is triaged as its findings are created.
      const next = await uploadAsset(app, org, 'shop', ['pkg-a', 'pkg-b']);
      assert.deepEqual(await statusesOf(app, org, next.id), {
        'pkg-a': 'false_positive',
        'pkg-b': 'false_positive',
      });
    });

    it('priority decides between rules; expiry reopens what the rule set and nobody changed', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadTriageAdvisories(t, services);
      const org = await createOrg(services);
      const sbom = await uploadAsset(app, org, 'shop');
      const low = (
        await post(app, org, '', rule({ name: 'low', match: { purls: ['pkg:npm/pkg-*'] }, priority: 10 }))
      ).json().data;
      assert.deepEqual(low.effect, { triaged: 5, reopened: 0 });
      const until = new Date(Date.now() + 3_600_000).toISOString();
      const high = (
        await post(
          app,
          org,
          '',
          rule({
            name: 'high',
            match: {
              assetNames: ['shop'],
              expression: 'vuln.severity == "HIGH" && component.name != "pkg-d"',
            },
            analysis: { status: 'accepted_risk', response: ['will_not_fix'], detail: 'until the release' },
            validUntil: until,
            priority: 90,
          }),
        )
      ).json().data;
      // pkg-a..pkg-c are HIGH (CVSS 7.5) and not pkg-d; pkg-e has no score (MEDIUM by default).
      assert.deepEqual(high.effect, { triaged: 3, reopened: 0 });
      assert.deepEqual(await statusesOf(app, org, sbom.id), {
        'pkg-a': 'accepted_risk',
        'pkg-b': 'accepted_risk',
        'pkg-c': 'accepted_risk',
        'pkg-d': 'false_positive',
        'pkg-e': 'false_positive',
      });
      const before = await findingsByPackage(app, org, sbom.id);
      await patchStatus(app, org, before['pkg-a']!.id, { status: 'fixed' });
      // The schedule check after validUntil: the high rule's findings fall back to the low rule, pkg-a stays.
      assert.equal(
        await services.triageRules.checkSchedule(new Date(Date.now() + 7_200_000).toISOString()),
        1,
      );
      const after = await findingsByPackage(app, org, sbom.id);
      assert.deepEqual(
        Object.fromEntries(Object.entries(after).map(([n, f]) => [n, [f.status, f.triageRuleId]])),
        {
          'pkg-a': ['fixed', null],
          'pkg-b': ['false_positive', low.id],
          'pkg-c': ['false_positive', low.id],
          'pkg-d': ['false_positive', low.id],
          'pkg-e': ['false_positive', low.id],
        },
      );
      const history = (
        await app.inject({ url: `/api/v1/sscs/findings/${after['pkg-b']!.id}`, headers: org.bearer() })
      ).json().data.history;
      assert.deepEqual(
        history.map((h: { fromStatus: string; toStatus: string; notes: string }) => [
          h.fromStatus,
          h.toStatus,
          h.notes,
        ]),
        [
          [null, 'open', null],
          ['open', 'false_positive', `rule ${low.id} (low)`],
          ['false_positive', 'accepted_risk', `rule ${high.id} (high)`],
          ['accepted_risk', 'false_positive', `rule ${low.id} (low)`],
        ],
      );
      assert.equal(
        await services.triageRules.checkSchedule(new Date(Date.now() + 7_200_000).toISOString()),
        0,
      );

      // A rule starting later triages nothing until the schedule check passes its validFrom.
      const later = (
        await post(
          app,
          org,
          '',
          rule({
            name: 'later',
            match: { purls: ['pkg:npm/pkg-b'] },
            analysis: { status: 'mitigated', detail: 'from the next release' },
            validFrom: new Date(Date.now() + 3_600_000).toISOString(),
            priority: 95,
          }),
        )
      ).json().data;
      assert.deepEqual([later.active, later.effect], [false, { triaged: 0, reopened: 0 }]);
      const future = new Date(Date.now() + 7_200_000).toISOString();
      assert.equal(await services.triageRules.checkSchedule(future), 1);
      assert.equal(await services.triageRules.checkSchedule(future), 0);
      const started = (await findingsByPackage(app, org, sbom.id))['pkg-b']!;
      assert.deepEqual([started.status, started.triageRuleId], ['mitigated', later.id]);
    });

    it('four passes applying rules at once write each finding once', async (t) => {
      const { app, services, store } = await build(t, dialect);
      await loadTriageAdvisories(t, services);
      const org = await createOrg(services);
      for (let i = 0; i < 8; i++) await uploadAsset(app, org, `app-${i}`);
      const row = await storeNpmRule(store.db, org, 'trl_concurrent');
      // Four passes at once in batches of 2 (each its own transaction on its own connection), so their batches
      // overlap: without the row locks PostgreSQL wrote some findings two or three times here.
      const pass = () => applyRules(store.db, org.id, [compileRule(row)], { batch: 2 });
      const results = await Promise.all([pass(), pass(), pass(), pass()]);
      assert.equal(
        results.reduce((sum, r) => sum + r.triaged, 0),
        40,
      );
      const entries = await store.db
        .selectFrom('finding_history')
        .select(['finding_id', 'from_status', 'to_status'])
        .where('org_id', '=', org.id)
        .where('rule_id', '=', 'trl_concurrent')
        .execute();
      assert.equal(entries.length, 40);
      assert.equal(new Set(entries.map((e) => e.finding_id)).size, 40);
      assert.ok(entries.every((e) => e.from_status === 'open' && e.to_status === 'mitigated'));
    });

    if (dialect === 'postgres')
      it("a pass's pages go on while one waits for a person's row lock, and the person's triage wins", async (t) => {
        const { app, services, store } = await build(t, dialect);
        await loadTriageAdvisories(t, services);
        const org = await createOrg(services);
        for (let i = 0; i < 8; i++) await uploadAsset(app, org, `app-${i}`);
        const row = await storeNpmRule(store.db, org, 'trl_lanes');
        const ids = (
          await store.db
            .selectFrom('findings')
            .select('id')
            .where('org_id', '=', org.id)
            .orderBy('id')
            .execute()
        ).map((f) => f.id);
        assert.equal(ids.length, 40);
        const ruled = async () =>
          Number(
            (
              await store.db
                .selectFrom('findings')
                .select((eb) => eb.fn.countAll().as('n'))
                .where('org_id', '=', org.id)
                .where('triage_rule_id', '=', 'trl_lanes')
                .executeTakeFirstOrThrow()
            ).n,
          );
        let pass: Promise<{ triaged: number; reopened: number }> | undefined;
        // A person's triage of the first finding, its row lock held while the pass runs (batches of 2): the pass's
        // other lane applies every later page meanwhile; the first page then reads the person's triage.
        await store.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('findings')
            .set({ status: 'false_positive', triage_source: 'person' })
            .where('id', '=', ids[0]!)
            .execute();
          pass = applyRules(store.db, org.id, [compileRule(row)], { batch: 2 });
          for (let waited = 0; (await ruled()) < 38; waited++) {
            assert.ok(waited < 1_000, `only ${await ruled()} of 38 findings triaged while one page waited`);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        });
        assert.deepEqual(await pass, { triaged: 39, reopened: 0 });
        const first = await store.db
          .selectFrom('findings')
          .select(['status', 'triage_source', 'triage_rule_id'])
          .where('id', '=', ids[0]!)
          .executeTakeFirstOrThrow();
        assert.deepEqual(first, { status: 'false_positive', triage_source: 'person', triage_rule_id: null });
        const entries = await store.db
          .selectFrom('finding_history')
          .select('finding_id')
          .where('org_id', '=', org.id)
          .where('rule_id', '=', 'trl_lanes')
          .orderBy('finding_id')
          .execute();
        assert.deepEqual(
          entries.map((e) => e.finding_id),
          ids.slice(1),
        );
      });

    it('preview, bad input, scopes and roles', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadTriageAdvisories(t, services);
      const org = await createOrg(services);
      await uploadAsset(app, org, 'shop');
      const preview = await post(app, org, '/preview', rule(), 'read');
      assert.equal(preview.statusCode, 200, preview.body);
      assert.deepEqual(
        [
          preview.json().data.matching,
          preview.json().data.wouldChange,
          preview
            .json()
            .data.findings.map((f: { component: { name: string } }) => f.component.name)
            .sort(),
        ],
        [2, 2, ['pkg-a', 'pkg-b']],
      );
      const none = (
        await post(app, org, '/preview', rule({ match: { vulnerabilityIds: ['CVE-1999-0001'] } }))
      ).json().data;
      assert.deepEqual(none, { matching: 0, wouldChange: 0, findings: [] });
      assert.equal(
        (await app.inject({ url: '/api/v1/sscs/triage-rules', headers: org.bearer() })).json().data.length,
        0,
      );

      for (const [body, path] of [
        [rule({ validUntil: '2020-01-01T00:00:00Z' }), 'body.validUntil'],
        [
          rule({ analysis: { status: 'false_positive', justification: 'because', detail: 'x' } }),
          'body.analysis.justification',
        ],
        [rule({ analysis: { status: 'open', detail: 'x' } }), 'body.analysis.status'],
        [rule({ match: { purls: ['pkg:npm/left-pad@1.0.0'] } }), 'body.match.purls.0'],
        [rule({ match: { expression: 'vuln.severity ==' } }), 'body.match.expression'],
        [rule({ priority: 101 }), 'body.priority'],
        [rule({ name: 'a\u0000b' }), 'body.name'],
      ] as const) {
        const res = await post(app, org, '', body);
        assert.equal(res.statusCode, 400, `${JSON.stringify(body)}: ${res.body}`);
        assert.equal(res.json().error.code, 'VALIDATION_FAILED');
        assert.ok(
          res.json().error.details.some((d: { path: string }) => d.path === path),
          `${res.body} names ${path}`,
        );
      }
      assert.equal((await post(app, org, '', rule(), 'read')).json().error.code, 'INSUFFICIENT_SCOPE');
      const created = (await post(app, org, '', rule())).json().data;
      const other = await createOrg(services);
      assert.equal(
        (await app.inject({ url: `/api/v1/sscs/triage-rules/${created.id}`, headers: other.bearer() }))
          .statusCode,
        404,
      );
      const put = await app.inject({
        method: 'PUT',
        url: `/api/v1/sscs/triage-rules/${created.id}`,
        headers: org.bearer(),
        payload: rule({ match: { purls: ['pkg:npm/pkg-a'] } }),
      });
      assert.equal(put.statusCode, 200, put.body);
      // pkg-b is no longer matched: back to open.
      assert.deepEqual(put.json().data.effect, { triaged: 0, reopened: 1 });
    });
  });
}
