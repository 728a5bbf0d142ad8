import assert from 'node:assert/strict';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { openStore } from './connect.ts';
import { checkpointInBackground } from './sqlite-checkpoints.ts';

const MiB = 2 ** 20;

/** A store with one table; 80,000 rows of 100 characters (≈ 9 MiB, past the 1,000-page autocheckpoint) per write. */
async function bigWrite(backgroundCheckpoints: boolean) {
  const path = join(mkdtempSync(join(tmpdir(), 'bulwark-ckpt-')), 'c.sqlite');
  const store = openStore(`sqlite:${path}`, undefined, { backgroundCheckpoints });
  await sql`create table t (x text)`.execute(store.db);
  const size = () => statSync(path).size;
  const write = () =>
    store.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 80; i++)
        await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 1000)
          insert into t (x) select printf('%0100d', i) from n`.execute(trx);
    });
  return { store, size, write };
}

describe('sqlite: WAL checkpoints in a thread of their own', () => {
  it('a large commit leaves the pages in the WAL; the thread copies them into the file within the interval', async (t) => {
    const { store, size, write } = await bigWrite(true);
    t.after(() => store.close());
    const before = size();
    await write();
    assert.equal(size(), before, 'COMMIT copied nothing into the database file');
    for (let waited = 0; size() < before + 8 * MiB && waited < 5_000; waited += 50) await sleep(50);
    assert.ok(size() >= before + 8 * MiB, `the file holds the rows after the checkpoint (${size()} bytes)`);
  });

  it('without it, the same commit checkpoints itself (what the server no longer does)', async (t) => {
    const { store, size, write } = await bigWrite(false);
    t.after(() => store.close());
    const before = size();
    await write();
    assert.ok(size() >= before + 8 * MiB);
  });

  it('a checkpoint thread that dies says so, so the writer checkpoints again', async () => {
    await new Promise<void>((resolve) => checkpointInBackground('/nonexistent/dir/c.sqlite', resolve));
  });
});
