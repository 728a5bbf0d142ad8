// Triage applied from a VEX document announces itself like a person's: one finding.status_changed event per
// changed finding, in the import's transaction; unchanged statements and carried-over triage send none.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { uploadFile } from '../../test/support/upload.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { insertSubscription } from '../../test/support/webhook.ts';

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

const sbom = (version: string) =>
  JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    metadata: { component: { type: 'application', name: 'shop', version } },
    components: [{ type: 'library', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' }],
  });

const VEX = {
  '@context': 'https://openvex.dev/ns/v0.2.0',
  '@id': 'https://example.com/vex/1',
  author: 'x',
  timestamp: '2026-01-01T00:00:00Z',
  version: 1,
  statements: [
    {
      vulnerability: { name: 'CVE-2024-0001' },
      products: [{ '@id': 'pkg:npm/left-pad@1.3.0' }],
      status: 'not_affected',
      justification: 'vulnerable_code_not_in_execute_path',
    },
  ],
};

for (const dialect of DIALECTS) {
  describe(`${dialect}: VEX import events`, () => {
    it('records finding.status_changed for each finding VEX changed, none for a repeat or a carry-over', async (t) => {
      const { app, services, store } = await build(t, dialect);
      const org = await createOrg(services);
      await insertSubscription(store, org, { eventTypes: ['finding.status_changed'] });
      const dir = mkdtempSync(join(tmpdir(), 'bulwark-vex-events-'));
      t.after(() => rmSync(dir, { recursive: true, force: true }));
      writeFileSync(join(dir, 'feed.json'), JSON.stringify([ADVISORY]));
      await services.vulndb.import([join(dir, 'feed.json')]);
      const first = await uploadFile(app, org, sbom('1.0.0'), 'shop.cdx.json');
      assert.equal(first.statusCode, 201, first.body);

      const post = () =>
        app.inject({ method: 'POST', url: '/api/v1/sscs/vex', headers: org.bearer(), payload: VEX });
      assert.deepEqual((await post()).json().data, { applied: 1, unchanged: 0, unmatched: [] });
      assert.deepEqual((await post()).json().data, { applied: 0, unchanged: 1, unmatched: [] });
      // The next version of the asset (same assetName: the SBOM's subject) inherits the triage without an event.
      const second = await uploadFile(app, org, sbom('1.1.0'), 'shop.cdx.json');
      assert.equal(second.statusCode, 201, second.body);
      const inherited = await app.inject({
        url: `/api/v1/sscs/findings?status=false_positive&sbomId=${second.json().data.id}`,
        headers: org.bearer(),
      });
      assert.equal(inherited.json().data.length, 1);

      const rows = await store.db
        .selectFrom('events')
        .select(['type', 'payload'])
        .where('org_id', '=', org.id)
        .orderBy('id')
        .execute();
      assert.deepEqual(
        rows.map((r) => r.type),
        ['finding.status_changed'],
      );
      const data = JSON.parse(rows[0]!.payload).data;
      assert.equal(data.fromStatus, 'open');
      assert.equal(data.toStatus, 'false_positive');
      assert.equal(data.remediationNotes, 'vulnerable_code_not_in_execute_path');
      assert.equal(data.actorId, org.userId);
      assert.equal(data.finding.vulnerabilityId, 'CVE-2024-0001');
      assert.equal(data.finding.status, 'false_positive');
      assert.equal(data.finding.sbomId, first.json().data.id);
    });
  });
}
