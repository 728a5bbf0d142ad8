import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openSqlite, type Store } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createTestStore, DIALECTS, testStoreUrl } from '../../test/support/store.ts';
import { wholeOrg } from '../db/reach-filter.ts';
import { ABANDONED_UPLOAD_MS, sweepAbandonedUploads } from './pending-uploads.ts';
import { SbomService } from './sbom.service.ts';

const fixture = new URL('./kill-mid-upload.fixture.ts', import.meta.url).pathname;

/** Runs the fixture until it is inside the upload (matching its first batch), then kills it with SIGKILL; returns the org id. */
function killMidUpload(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fixture, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /INSIDE (org_\w+)/.exec(out);
      if (match) {
        child.kill('SIGKILL');
        child.once('exit', () => resolve(match[1]!));
      }
    });
    child.once('exit', (code, signal) =>
      signal === 'SIGKILL' ? undefined : reject(new Error(`fixture exited with ${code}`)),
    );
  });
}

async function counts(store: Store, orgId: string): Promise<number[]> {
  const n = async (table: 'sboms' | 'sbom_components') =>
    Number(
      (
        await store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('org_id', '=', orgId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return [await n('sboms'), await n('sbom_components')];
}

/** The pending SBOM and the components of the batches committed before the kill (docs/upload-fairness.md). */
async function leftPending(store: Store, orgId: string) {
  const pending = await store.db
    .selectFrom('sboms')
    .select('pending_since')
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow();
  assert.ok(pending.pending_since !== null, 'the SBOM left is pending');
  // The fixture's 5,000 components are parsed inline into one batch, committed before it is matched.
  assert.deepEqual(await counts(store, orgId), [1, 5_000]);
  // No reader sees any of it.
  const sbomService = new SbomService(store.db);
  assert.deepEqual(await sbomService.list(wholeOrg(orgId)), []);
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: SBOM upload killed mid-upload`, () => {
    it('leaves a pending SBOM that the start-up sweep deletes', async (t) => {
      let store: Store;
      if (dialect === 'sqlite') {
        const dir = mkdtempSync(join(tmpdir(), 'bulwark-kill-'));
        t.after(() => rmSync(dir, { recursive: true, force: true }));
        const path = join(dir, 'kill.sqlite');
        const setup = openSqlite(path);
        await migrateToLatest(setup.db);
        await setup.close();
        const orgId = await killMidUpload([`sqlite:${path}`]);
        store = openSqlite(path);
        t.after(() => store.close());
        await leftPending(store, orgId);
        // One server per SQLite file (db/server-lock.ts): at start-up every pending SBOM is abandoned.
        assert.equal(await sweepAbandonedUploads(store.db, { startUp: true, dialect }), 1);
        assert.deepEqual(await counts(store, orgId), [0, 0]);
        return;
      }
      store = await createTestStore('postgres');
      t.after(() => store.close());
      const orgId = await killMidUpload([testStoreUrl(store)]);
      await leftPending(store, orgId);
      // Another instance may be uploading: a start-up now leaves an upload begun seconds ago alone…
      assert.equal(await sweepAbandonedUploads(store.db, { startUp: true, dialect }), 0);
      assert.deepEqual((await counts(store, orgId))[0], 1);
      // …and the sweep after ABANDONED_UPLOAD_MS deletes it.
      const later = Date.now() + ABANDONED_UPLOAD_MS + 1_000;
      assert.equal(await sweepAbandonedUploads(store.db, { startUp: false, dialect }, later), 1);
      assert.deepEqual(await counts(store, orgId), [0, 0]);
    });
  });
}
