// Retention (docs/portfolio.md): keepVersions over 30 versions, maxAgeDays (never the newest), inactiveAfterDays,
// the sweep after an upload, the triage memory surviving deleted versions, audit; both dialects.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { build, createOrg, type TestOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import type { Services } from '../services.ts';
import { loadFeed } from '../policies/policy-fixture.ts';

const DAY = 86_400_000;

/** A CycloneDX SBOM of `svc`: left-pad always; `vuln` 1.0.0 (one HIGH finding) when asked. */
const svcSbom = (withVuln: boolean) =>
  JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    components: [
      { type: 'library', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' },
      ...(withVuln ? [{ type: 'library', name: 'vuln', version: '1.0.0', purl: 'pkg:npm/vuln@1.0.0' }] : []),
    ],
  });

async function uploadVersion(
  services: Services,
  org: TestOrg,
  asset: string,
  version: number,
  withVuln = false,
) {
  return services.sboms.upload(
    org.id,
    org.userId,
    { fileName: 'svc.cdx.json', bytes: new TextEncoder().encode(svcSbom(withVuln)) },
    { assetName: asset, version: String(version) },
  );
}

const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

for (const dialect of DIALECTS) {
  describe(`${dialect}: retention`, () => {
    it('keeps the newest 3 of 30 versions; triage of a deleted version still reaches a later one', async (t) => {
      const { app, services, store } = await build(t, dialect);
      await loadFeed(t, services);
      const org = await createOrg(services);
      const v1 = await uploadVersion(services, org, 'svc', 1, true);
      const finding = (
        await app.inject({ url: `/api/v1/sscs/findings?sbomId=${v1.id}`, headers: org.bearer() })
      ).json().data[0];
      const triaged = await app.inject({
        method: 'PATCH',
        url: `/api/v1/sscs/findings/${finding.id}/status`,
        headers: org.bearer(),
        payload: {
          status: 'accepted_risk',
          remediationNotes: 'sandboxed',
          justification: 'code_not_reachable',
        },
      });
      assert.equal(triaged.statusCode, 200, triaged.body);
      const ids = [v1.id];
      for (let v = 2; v <= 30; v++) ids.push((await uploadVersion(services, org, 'svc', v)).id);
      // Another asset without retention of its own, and the organisation's default: 3 versions.
      for (let v = 1; v <= 4; v++) await uploadVersion(services, org, 'other', v);
      await services.organisations.update(org.id, { retention: { keepVersions: 3 } });
      const other = await services.portfolio.assets.resolve(org.id, 'other');
      // `other` keeps 4 (its own setting over the default).
      await services.portfolio.assets.update(org.id, org.userId, other.id, {
        retention: { keepVersions: 4 },
      });

      const run = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/assets/retention/run',
        headers: org.bearer(),
      });
      assert.equal(run.statusCode, 200, run.body);
      assert.deepEqual(run.json().data, { assetsSwept: 2, sbomsDeleted: 27, assetsDeactivated: 0 });
      const svc = await services.portfolio.assets.resolve(org.id, 'svc');
      const left = await store.db
        .selectFrom('sboms')
        .select('id')
        .where('asset_id', '=', svc.id)
        .orderBy('id')
        .execute();
      assert.deepEqual(
        left.map((r) => r.id),
        ids.slice(27),
      );
      const audit = await store.db
        .selectFrom('audit_log')
        .select(['actor_id', 'entity_id', 'details'])
        .where('org_id', '=', org.id)
        .where('action', '=', 'sbom.delete')
        .orderBy('id')
        .execute();
      assert.deepEqual(
        audit.map((a) => a.entity_id),
        ids.slice(0, 27),
      );
      assert.deepEqual(JSON.parse(audit[0]!.details!), {
        name: 'svc',
        reason: 'retention',
        rule: 'keepVersions',
        keepVersions: 3,
        assetId: svc.id,
      });
      assert.ok(audit.every((a) => a.actor_id === 'system'));
      // A second sweep has nothing left to do.
      assert.deepEqual(await services.portfolio.retention.sweepOrg(org.id), {
        assetsSwept: 2,
        sbomsDeleted: 0,
        assetsDeactivated: 0,
      });

      // v31 has `vuln` again: its finding inherits v1's triage from the asset's triage memory.
      const v31 = await uploadVersion(services, org, 'svc', 31, true);
      const inherited = (
        await app.inject({
          url: `/api/v1/sscs/findings?sbomId=${v31.id}&status=accepted_risk`,
          headers: org.bearer(),
        })
      ).json().data;
      assert.equal(inherited.length, 1);
      assert.equal(inherited[0].remediationNotes, 'sandboxed');
      assert.equal(inherited[0].justification, 'code_not_reachable');
      const detail = (
        await app.inject({ url: `/api/v1/sscs/findings/${inherited[0].id}`, headers: org.bearer() })
      ).json().data;
      assert.equal(detail.history.at(-1).notes, `carried over from ${v1.id}`);
    });

    it('deletes versions older than maxAgeDays but never the newest; marks idle assets inactive', async (t) => {
      const { app, services, store } = await build(t, dialect);
      const org = await createOrg(services);
      // Five versions, uploaded 100, 50, 20, 10 and 1 days ago; one lone version 100 days old.
      const ages = [100, 50, 20, 10, 1];
      const aged: string[] = [];
      for (const [i, age] of ages.entries()) {
        const { id } = await uploadVersion(services, org, 'aged', i + 1);
        await store.db
          .updateTable('sboms')
          .set({ created_at: daysAgo(age) })
          .where('id', '=', id)
          .execute();
        aged.push(id);
      }
      const lone = await uploadVersion(services, org, 'lone', 1);
      await store.db
        .updateTable('sboms')
        .set({ created_at: daysAgo(100) })
        .where('id', '=', lone.id)
        .execute();
      // Idle: last upload 40 days ago (inactive after 30); busy: 10 days ago.
      await uploadVersion(services, org, 'idle', 1);
      await uploadVersion(services, org, 'busy', 1);
      await store.db
        .updateTable('assets')
        .set({ last_upload_at: daysAgo(40) })
        .where('name', '=', 'idle')
        .execute();
      await store.db
        .updateTable('assets')
        .set({ last_upload_at: daysAgo(10) })
        .where('name', '=', 'busy')
        .execute();
      await app.inject({
        method: 'PATCH',
        url: `/api/v1/sscs/assets/${(await services.portfolio.assets.resolve(org.id, 'aged')).id}`,
        headers: org.bearer(),
        payload: { retention: { maxAgeDays: 15 } },
      });
      await services.organisations.update(org.id, { retention: { inactiveAfterDays: 30 } });

      const run = await services.portfolio.retention.sweepOrg(org.id);
      // aged: 100, 50 and 20 days old go; lone: the newest stays; idle: inactive.
      assert.deepEqual(run, { assetsSwept: 4, sbomsDeleted: 3, assetsDeactivated: 1 });
      const left = await store.db.selectFrom('sboms').select('id').where('org_id', '=', org.id).execute();
      assert.deepEqual(
        left.map((r) => r.id).sort(),
        [aged[3], aged[4], lone.id, ...(await idsOf('idle')), ...(await idsOf('busy'))].sort(),
      );
      const list = await services.portfolio.assets.list(org.id);
      assert.deepEqual(
        list.map((a) => [a.name, a.active, a.effectiveRetention]),
        [
          ['aged', true, { inactiveAfterDays: 30, maxAgeDays: 15 }],
          ['busy', true, { inactiveAfterDays: 30 }],
          ['lone', true, { inactiveAfterDays: 30 }],
        ],
      );
      const idle = await services.portfolio.assets.list(org.id, { active: 'false' });
      assert.deepEqual(
        idle.map((a) => a.name),
        ['idle'],
      );
      const deactivated = await store.db
        .selectFrom('audit_log')
        .select(['actor_id', 'entity_id', 'details'])
        .where('org_id', '=', org.id)
        .where('action', '=', 'asset.deactivate')
        .execute();
      assert.deepEqual(deactivated, [
        {
          actor_id: 'system',
          entity_id: idle[0]!.id,
          details: JSON.stringify({ name: 'idle', reason: 'retention', inactiveAfterDays: 30 }),
        },
      ]);
      const maxAge = await store.db
        .selectFrom('audit_log')
        .select('details')
        .where('org_id', '=', org.id)
        .where('action', '=', 'sbom.delete')
        .orderBy('id')
        .execute();
      assert.deepEqual(
        maxAge.map((a) => JSON.parse(a.details!).rule),
        ['maxAgeDays', 'maxAgeDays', 'maxAgeDays'],
      );

      async function idsOf(name: string) {
        const asset = await services.portfolio.assets.resolve(org.id, name);
        return (
          await store.db.selectFrom('sboms').select('id').where('asset_id', '=', asset.id).execute()
        ).map((r) => r.id);
      }
    });

    it('sweeps after an upload that exceeds the settings; the run endpoint needs sbom:write', async (t) => {
      const { app, services, store } = await build(t, dialect);
      const org = await createOrg(services);
      for (let v = 1; v <= 3; v++) await uploadVersion(services, org, 'ci', v);
      const ci = await services.portfolio.assets.resolve(org.id, 'ci');
      await services.portfolio.assets.update(org.id, org.userId, ci.id, { retention: { keepVersions: 2 } });
      services.portfolio.retention.start({ info: () => {}, error: () => {} }, { uploadDelayMs: 0 });
      t.after(() => services.portfolio.retention.stop());
      const v4 = await uploadVersion(services, org, 'ci', 4);
      await services.portfolio.retention.idle();
      const left = await store.db
        .selectFrom('sboms')
        .select(['id', 'version'])
        .where('asset_id', '=', ci.id)
        .orderBy('id')
        .execute();
      assert.deepEqual(
        left.map((r) => r.version),
        ['3', '4'],
      );
      assert.equal(left[1]!.id, v4.id);
      const readOnly = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/assets/retention/run',
        headers: org.bearer('read'),
      });
      assert.equal(readOnly.statusCode, 403);
      const bad = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/assets/retention/run?now=1',
        headers: org.bearer(),
      });
      assert.equal(bad.statusCode, 400);
      void sql;
    });
  });
}
