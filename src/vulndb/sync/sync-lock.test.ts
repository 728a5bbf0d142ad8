import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { openStore } from '../../db/connect.ts';
import { createServices } from '../../services.ts';
import { defaultConfig } from '../../config.ts';
import { eventually } from '../../../test/support/poll.ts';
import { DIALECTS, testStoreUrl } from '../../../test/support/store.ts';
import { OsvMirror } from './osv-mirror.fixture.ts';
import { suiteScope, syncEnv, TIMEOUTS, type SyncEnv } from './sync-test-kit.ts';
import { VulnSyncService } from './sync.service.ts';

const advisory = (n: number) => ({
  schema_version: '1.6.0',
  id: `GHSA-lock-0000-${String(n).padStart(4, '0')}`,
  modified: '2024-03-01T00:00:00Z',
  affected: [{ package: { ecosystem: 'npm', name: `lock-${n}` }, versions: ['1.0.0'] }],
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: one sync at a time`, () => {
    let env: SyncEnv;
    const mirror = new OsvMirror();
    const suite = suiteScope();
    before(async () => {
      for (let n = 0; n < 10; n++) mirror.setRecord('npm', advisory(n));
      await mirror.start();
      env = await syncEnv(suite.scope, dialect);
    });
    after(async () => {
      await suite.close();
      await mirror.stop();
    });

    it('a second instance skips while the first holds the lock; nothing is imported twice', async (t) => {
      // The other instance: its own connections to the same database (same schema on PostgreSQL). SQLite runs
      // one server per file, so there the second "instance" is a second service over the same store.
      let other = env.sync;
      if (dialect === 'postgres') {
        const store = openStore(testStoreUrl(env.store));
        t.after(() => store.close());
        const services = createServices(store, defaultConfig());
        other = new VulnSyncService(store.db, services.vulndb, { timeouts: TIMEOUTS });
      } else other = new VulnSyncService(env.store.db, env.services.vulndb, { timeouts: TIMEOUTS });

      // Hold the first sync inside its download until the second has been turned away.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const zip = mirror.zip('npm');
      mirror.override('/npm/all.zip', (_req, res: ServerResponse) => {
        void held.then(() => res.writeHead(200, { 'content-length': zip.length }).end(zip));
      });
      const first = env.sync.sync({ source: mirror.url, ecosystems: ['npm'] });
      await eventually(
        () => mirror.requests.includes('/npm/all.zip'),
        (seen) => seen,
      );
      const second = await other.sync({ source: mirror.url, ecosystems: ['npm'] });
      assert.deepEqual([second.skipped, second.osv], [true, []]);
      release();
      const done = await first;
      mirror.clear();
      assert.deepEqual(
        done.osv.map((r) => [r.mode, r.added]),
        [['full', 10]],
      );
      // Afterwards the other instance runs, and finds nothing new.
      const later = await other.sync({ source: mirror.url, ecosystems: ['npm'] });
      assert.deepEqual(
        later.osv.map((r) => [later.skipped, r.mode, r.added]),
        [[false, 'unchanged', 0]],
      );
      const count = await env.store.db
        .selectFrom('vuln_advisories')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      assert.equal(Number(count.n), 10);
      assert.equal(mirror.requests.filter((p) => p === '/npm/all.zip').length, 1);
    });
  });
}
