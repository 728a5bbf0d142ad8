import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { build, createOrg, type TestOrg } from '../../test/support/app.ts';
import { signInAs } from '../../test/support/session.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { insertSubscription } from '../../test/support/webhook.ts';
import type { Store } from '../db/connect.ts';
import type { App } from '../http/app-type.ts';
import { eventSchema, type EventPayload } from './catalogue.ts';
import { parseKev } from '../vulndb/exploit-feeds.ts';
import { replaceKev } from '../vulndb/exploit.repository.ts';
import { DEFERRED_EXPANDERS } from '../webhooks/dispatcher.ts';
import { expandPending } from './deferred.ts';
import { event, recordEvents } from './outbox.ts';

/** Every stored event of an organisation, oldest first, each checked against its type's schema. */
async function storedEvents(store: Store, orgId: string): Promise<EventPayload[]> {
  const rows = await store.db
    .selectFrom('events')
    .selectAll()
    .where('org_id', '=', orgId)
    .orderBy('id')
    .execute();
  return rows.map(
    (r) => eventSchema(r.type as EventPayload['type']).parse(JSON.parse(r.payload)) as EventPayload,
  );
}

async function uploadSbom(app: App, org: TestOrg, content: string, fileName: string) {
  const form = new FormData();
  form.append('file', new Blob([content]), fileName);
  const response = new Response(form);
  return app.inject({
    method: 'POST',
    url: '/api/v1/sscs/sboms/upload',
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')!, ...org.bearer() },
  });
}

function feed(t: TestContext, documents: object[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'bulwark-events-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'feed.json'), JSON.stringify(documents));
  return join(dir, 'feed.json');
}

const ADVISORY = {
  schema_version: '1.6.0',
  id: 'GHSA-aaaa-bbbb-cccc',
  modified: '2024-01-01T00:00:00Z',
  aliases: ['CVE-2024-0001'],
  severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
  affected: [
    {
      package: { ecosystem: 'npm', name: 'left-pad' },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '1.3.1' }] }],
    },
  ],
};
const SBOM = JSON.stringify({
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  metadata: { component: { type: 'application', name: 'shop', version: '2.0.0' } },
  components: [{ type: 'library', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' }],
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: event outbox`, () => {
    it('records each kind of change in its own transaction, with payloads matching the schemas', async (t) => {
      const { app, services, store } = await build(t, dialect);
      const org = await createOrg(services, { mcpWriteEnabled: true });
      // Nothing is stored while no subscription wants it.
      await services.vendors.create(org.id, org.userId, {
        name: 'Unheard',
        type: 'oss',
        riskTier: 3,
        assessmentStatus: 'completed',
      });
      assert.deepEqual(await storedEvents(store, org.id), []);

      await insertSubscription(store, org);
      await services.vulndb.import([feed(t, [ADVISORY])]);
      await replaceKev(
        store.db,
        parseKev(
          JSON.stringify({
            catalogVersion: '2024.01.05',
            vulnerabilities: [
              {
                cveID: 'CVE-2024-0001',
                dateAdded: '2024-01-05',
                dueDate: '2024-01-26',
                knownRansomwareCampaignUse: 'Known',
              },
            ],
          }),
          'kev.json',
        ).entries,
      );
      const upload = await uploadSbom(app, org, SBOM, 'shop.cdx.json');
      assert.equal(upload.statusCode, 201, upload.body);
      const sbomId = upload.json().data.id as string;
      const { asset_id: assetId } = await store.db
        .selectFrom('sboms')
        .select('asset_id')
        .where('id', '=', sbomId)
        .executeTakeFirstOrThrow();
      // The upload's finding.created events are derived after its commit (deferred), as the dispatcher does.
      assert.deepEqual(
        (await storedEvents(store, org.id)).map((e) => e.type),
        ['vulndb.synced', 'sbom.uploaded'],
      );
      assert.equal(await expandPending(store.db, DEFERRED_EXPANDERS), 1);
      assert.equal(await expandPending(store.db, DEFERRED_EXPANDERS), 0);
      const [finding] = (await app.inject({ url: '/api/v1/sscs/findings', headers: org.bearer() })).json()
        .data;
      await app.inject({
        method: 'PATCH',
        url: `/api/v1/sscs/findings/${finding.id}/status`,
        headers: org.bearer(),
        payload: { status: 'accepted_risk', remediationNotes: 'internal only' },
      });
      await services.vulndb.import([
        feed(t, [{ ...ADVISORY, modified: '2024-02-01T00:00:00Z', withdrawn: '2024-02-01T00:00:00Z' }]),
      ]);
      const v = await services.vendors.create(org.id, org.userId, {
        name: 'Acme',
        type: 'commercial',
        riskTier: 1,
        assessmentStatus: 'not_started',
      });
      await services.vendors.replace(org.id, org.userId, v.id, {
        name: 'Acme Corp',
        type: 'commercial',
        riskTier: 1,
        assessmentStatus: 'completed',
      });
      const risk = await services.risks.createDraft(org.id, org.userId, { title: 'Left-pad outage' });
      await services.risks.createRisk(org.id, org.userId, { title: 'Not a draft', likelihood: 2, impact: 2 });
      const admin = await signInAs(app, services, org, 'admin');
      assert.equal(
        (await app.inject({ method: 'DELETE', url: `/api/v1/sscs/sboms/${sbomId}`, headers: admin.write }))
          .statusCode,
        200,
      );

      const events = await storedEvents(store, org.id);
      assert.deepEqual(
        events.map((e) => e.type),
        [
          'vulndb.synced',
          'sbom.uploaded',
          'finding.created',
          'finding.status_changed',
          'finding.retracted',
          'vulndb.synced',
          'vendor.created',
          'vendor.replaced',
          'risk.draft_created',
          'sbom.deleted',
        ],
      );
      const [synced, , created, changed, retracted, , , replaced, draft, deleted] =
        events as EventPayload<never>[];
      assert.ok(events.every((e) => e.orgId === org.id && /^evt_/.test(e.id)));
      assert.deepEqual((synced as EventPayload<'vulndb.synced'>).data, {
        advisories: { added: 1, updated: 0, unchanged: 0, withdrawn: 0 },
      });
      const eventFinding = {
        id: finding.id,
        sbomId,
        componentId: finding.componentId,
        component: { name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' },
        vulnerabilityId: 'CVE-2024-0001',
        aliases: ['GHSA-aaaa-bbbb-cccc'],
        severity: 'CRITICAL',
        cvssScore: 9.8,
        fixedVersions: ['1.3.1'],
        status: 'open',
        kev: { dateAdded: '2024-01-05', dueDate: '2024-01-26', knownRansomwareCampaignUse: 'Known' },
      };
      assert.deepEqual((created as EventPayload<'finding.created'>).data, { finding: eventFinding });
      assert.deepEqual((changed as EventPayload<'finding.status_changed'>).data, {
        finding: { ...eventFinding, status: 'accepted_risk' },
        fromStatus: 'open',
        toStatus: 'accepted_risk',
        remediationNotes: 'internal only',
        actorId: org.userId,
      });
      assert.deepEqual((retracted as EventPayload<'finding.retracted'>).data, {
        finding: { ...eventFinding, status: 'accepted_risk' },
        reason: 'withdrawn: GHSA-aaaa-bbbb-cccc',
      });
      assert.equal((replaced as EventPayload<'vendor.replaced'>).data.vendor.name, 'Acme Corp');
      assert.deepEqual((draft as EventPayload<'risk.draft_created'>).data, { risk, actorId: org.userId });
      assert.deepEqual((deleted as EventPayload<'sbom.deleted'>).data, {
        sbom: { id: sbomId, name: 'shop.cdx.json', assetName: 'shop', version: '2.0.0' },
        actorId: admin.userId,
      });
      // Each event about the asset's data is stored with the asset (webhooks deliver it within their creator's
      // reach), the organisation-wide ones without, even once the SBOM is gone.
      const stored = await store.db
        .selectFrom('events')
        .select(['type', 'asset_id'])
        .where('org_id', '=', org.id)
        .orderBy('id')
        .execute();
      assert.deepEqual(
        stored.map((e) => [e.type, e.asset_id]),
        [
          ['vulndb.synced', null],
          ['sbom.uploaded', assetId],
          ['finding.created', assetId],
          ['finding.status_changed', assetId],
          ['finding.retracted', assetId],
          ['vulndb.synced', null],
          ['vendor.created', null],
          ['vendor.replaced', null],
          ['risk.draft_created', null],
          ['sbom.deleted', assetId],
        ],
      );
      // Other organisations get none of this organisation's events.
      const other = await createOrg(services);
      assert.deepEqual(await storedEvents(store, other.id), []);
    });

    it('writes nothing when the change rolls back', async (t) => {
      const { services, store } = await build(t, dialect);
      const org = await createOrg(services);
      await services.webhooks.create(org.id, org.userId, { url: 'http://93.184.215.14/hook' });
      await assert.rejects(
        store.db.transaction().execute(async (trx) => {
          await recordEvents(trx, org.id, [
            event('vulndb.synced', { advisories: { added: 1, updated: 0, unchanged: 0, withdrawn: 0 } }),
          ]);
          throw new Error('the change failed');
        }),
        /the change failed/,
      );
      await assert.rejects(
        services.vendors.replace(org.id, org.userId, 'vnd_missing', {
          name: 'X',
          type: 'oss',
          riskTier: 3,
          assessmentStatus: 'completed',
        }),
        { code: 'NOT_FOUND' },
      );
      assert.deepEqual(await storedEvents(store, org.id), []);
      assert.equal((await store.db.selectFrom('webhook_deliveries').select('id').execute()).length, 0);
    });
  });
}
