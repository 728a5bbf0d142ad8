// The open-findings trend: hand-computed days from creation, triage, retraction and reinstatement; the REST edge.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { uploadFile as uploadSbom } from '../../test/support/upload.ts';

const advisory = (id: string, name: string) => ({
  schema_version: '1.6.0',
  id,
  modified: '2024-01-01T00:00:00Z',
  affected: [
    { package: { ecosystem: 'npm', name }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }] }] },
  ],
});

const cdx = (names: string[]) =>
  JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    components: names.map((name) => ({
      type: 'library',
      name,
      version: '1.0.0',
      purl: `pkg:npm/${name}@1.0.0`,
    })),
  });

for (const dialect of DIALECTS) {
  describe(`${dialect}: open findings trend`, () => {
    it('counts a finding on the days it was open and not retracted at the end of the day', async (t) => {
      const { app, services, store } = await build(t, dialect);
      const dir = mkdtempSync(join(tmpdir(), 'bulwark-trend-'));
      t.after(() => rmSync(dir, { recursive: true }));
      writeFileSync(
        join(dir, 'feed.json'),
        JSON.stringify([
          advisory('GHSA-aaaa', 'a-pkg'),
          advisory('GHSA-bbbb', 'b-pkg'),
          advisory('GHSA-cccc', 'c-pkg'),
        ]),
      );
      await services.vulndb.import([dir]);
      const org = await createOrg(services);
      const other = await createOrg(services);
      assert.equal(
        (await uploadSbom(app, org, cdx(['a-pkg', 'b-pkg', 'c-pkg']), 'x.cdx.json')).statusCode,
        201,
      );
      assert.equal((await uploadSbom(app, other, cdx(['a-pkg']), 'y.cdx.json')).statusCode, 201);

      // REST on today's data first: the three findings appeared today, none yesterday; the other org's is its own.
      const rest = await app.inject({
        url: '/api/v1/sscs/findings/trend?days=2',
        headers: org.bearer('read'),
      });
      assert.equal(rest.statusCode, 200);
      const today = new Date().toISOString().slice(0, 10);
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      assert.deepEqual(rest.json().data, {
        days: 2,
        points: [
          { date: yesterday, open: 0 },
          { date: today, open: 3 },
        ],
      });
      const theirs = await app.inject({
        url: '/api/v1/sscs/findings/trend?days=1',
        headers: other.bearer('read'),
      });
      assert.deepEqual(theirs.json().data.points, [{ date: today, open: 1 }]);
      const standard = await app.inject({ url: '/api/v1/sscs/findings/trend', headers: org.bearer('read') });
      assert.equal(standard.json().data.points.length, 90);
      for (const query of ['days=366', 'days=0', 'days=x', 'days=5&status=open']) {
        const bad = await app.inject({
          url: `/api/v1/sscs/findings/trend?${query}`,
          headers: org.bearer('read'),
        });
        assert.equal(bad.statusCode, 400, query);
        assert.equal(bad.json().error.code, 'VALIDATION_FAILED', query);
      }

      // A history written by hand, with now = 2026-03-10 12:00 UTC and a 5-day window (03-06 … 03-10).
      const rows = await store.db
        .selectFrom('findings as f')
        .innerJoin('sbom_components as c', 'c.id', 'f.component_id')
        .select(['f.id', 'c.name'])
        .where('f.org_id', '=', org.id)
        .execute();
      const id = (name: string) => rows.find((r) => r.name === name)!.id;
      const set = (name: string, values: { created_at: string; status: string; retracted_at?: string }) =>
        store.db
          .updateTable('findings')
          .set({ retracted_at: null, ...values })
          .where('id', '=', id(name))
          .execute();
      let n = 0;
      const event = (name: string, e: string, at: string, from: string | null, to: string | null) =>
        store.db
          .insertInto('finding_history')
          .values({
            id: `fhi_trend_${++n}`,
            org_id: org.id,
            finding_id: id(name),
            event: e,
            from_status: from,
            to_status: to,
            notes: null,
            actor_id: 'system',
            at,
          })
          .execute();
      // A: created before the window, never changed.
      await set('a-pkg', { created_at: '2026-03-01T10:00:00.000Z', status: 'open' });
      // B: created at the last instant of 03-07, fixed at the first instant of 03-09.
      await set('b-pkg', { created_at: '2026-03-07T23:59:59.999Z', status: 'fixed' });
      await event('b-pkg', 'status_change', '2026-03-09T00:00:00.000Z', 'open', 'fixed');
      // C: accepted within the hour, reopened on 03-08, retracted on 03-09, reinstated on 03-10.
      await set('c-pkg', { created_at: '2026-03-06T08:00:00.000Z', status: 'open' });
      await event('c-pkg', 'status_change', '2026-03-06T09:00:00.000Z', 'open', 'accepted_risk');
      await event('c-pkg', 'status_change', '2026-03-08T10:00:00.000Z', 'accepted_risk', 'open');
      await event('c-pkg', 'retracted', '2026-03-09T12:00:00.000Z', 'open', null);
      await event('c-pkg', 'reinstated', '2026-03-10T01:00:00.000Z', null, 'open');

      const trend = await services.findings.trend(
        { orgId: org.id, reach: null },
        5,
        new Date('2026-03-10T12:00:00.000Z'),
      );
      assert.deepEqual(trend, {
        days: 5,
        points: [
          { date: '2026-03-06', open: 1 }, // A (C accepted)
          { date: '2026-03-07', open: 2 }, // A, B
          { date: '2026-03-08', open: 3 }, // A, B, C reopened
          { date: '2026-03-09', open: 1 }, // A (B fixed, C retracted)
          { date: '2026-03-10', open: 2 }, // A, C reinstated
        ],
      });
      // Before anything was created: nothing open.
      const early = await services.findings.trend(
        { orgId: org.id, reach: null },
        2,
        new Date('2026-02-28T12:00:00.000Z'),
      );
      assert.deepEqual(early.points, [
        { date: '2026-02-27', open: 0 },
        { date: '2026-02-28', open: 0 },
      ]);
    });
  });
}
