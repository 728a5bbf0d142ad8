import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openSqlite, type Store } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createTestStore, DIALECTS, testStoreUrl } from '../../test/support/store.ts';

const fixture = new URL('./kill-mid-upload.fixture.ts', import.meta.url).pathname;

/** Runs the fixture until it is inside the upload transaction, then kills it with SIGKILL; returns the org id. */
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

for (const dialect of DIALECTS) {
  describe(`${dialect}: SBOM upload killed mid-transaction`, () => {
    it('leaves nothing of the upload behind', async (t) => {
      let store: Store;
      let args: string[];
      if (dialect === 'sqlite') {
        const dir = mkdtempSync(join(tmpdir(), 'bulwark-kill-'));
        t.after(() => rmSync(dir, { recursive: true, force: true }));
        const path = join(dir, 'kill.sqlite');
        const setup = openSqlite(path);
        await migrateToLatest(setup.db);
        await setup.close();
        args = [`sqlite:${path}`];
        const orgId = await killMidUpload(args);
        store = openSqlite(path);
        t.after(() => store.close());
        assert.deepEqual(await counts(store, orgId), [0, 0]);
        return;
      }
      store = await createTestStore('postgres');
      t.after(() => store.close());
      const orgId = await killMidUpload([testStoreUrl(store)]);
      // PostgreSQL rolls the transaction back when the killed client's connection drops.
      for (let i = 0; i < 50 && (await counts(store, orgId)).some((n) => n > 0); i++)
        await new Promise((r) => setTimeout(r, 100));
      assert.deepEqual(await counts(store, orgId), [0, 0]);
    });
  });
}
