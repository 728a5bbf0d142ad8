// vulndb.synced is announced by the scheduled/CLI sync path too, not only by `vulndb import` (docs/events.md).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DIALECTS } from '../../test/support/store.ts';
import { syncEnv } from '../vulndb/sync/sync-test-kit.ts';
import { makeZip } from '../vulndb/zip-fixture.ts';

const ADVISORY = {
  schema_version: '1.6.0',
  id: 'GHSA-sync-0001',
  modified: '2024-01-01T00:00:00Z',
  aliases: ['CVE-2024-0101'],
  affected: [{ package: { ecosystem: 'npm', name: 'left-pad' }, versions: ['1.3.0'] }],
};

for (const dialect of DIALECTS) {
  describe(`${dialect}: vulndb.synced from a sync`, () => {
    it('records one vulndb.synced event with the sync counts for an organisation with a subscription', async (t) => {
      const env = await syncEnv(t, dialect);
      const dir = mkdtempSync(join(tmpdir(), 'vulndb-synced-'));
      t.after(() => rmSync(dir, { recursive: true }));
      mkdirSync(join(dir, 'npm'));
      writeFileSync(
        join(dir, 'npm', 'all.zip'),
        makeZip([{ name: 'GHSA-sync-0001.json', data: Buffer.from(JSON.stringify(ADVISORY)) }]),
      );
      await env.store.db
        .insertInto('webhook_subscriptions')
        .values({
          id: 'whk_sync',
          org_id: env.org.id,
          url: 'http://127.0.0.1:9/',
          event_types: null,
          min_severity: null,
          kev_only: 0,
          format: 'standard',
          secret: 'whsec_AAAA',
          enabled: 1,
          failing_since: null,
          disabled_at: null,
          disabled_reason: null,
          created_by: env.org.userId,
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:00.000Z',
        })
        .execute();

      const report = await env.sync.sync({ source: dir, ecosystems: ['npm'] });
      assert.equal(report.failed, 0);

      const rows = await env.store.db
        .selectFrom('events')
        .select(['type', 'payload'])
        .where('org_id', '=', env.org.id)
        .execute();
      assert.deepEqual(
        rows.map((r) => r.type),
        ['vulndb.synced'],
      );
      const payload = JSON.parse(rows[0]!.payload);
      assert.deepEqual(Object.keys(payload), ['id', 'type', 'createdAt', 'orgId', 'data']);
      assert.equal(payload.orgId, env.org.id);
      assert.match(payload.id, /^evt_/);
      assert.deepEqual(payload.data, { advisories: { added: 1, updated: 0, unchanged: 0, withdrawn: 0 } });
    });
  });
}
