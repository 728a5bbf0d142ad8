import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { createTestStore, DIALECTS } from '../../test/support/store.ts';
import * as sessionsMigration from '../db/migrations/2026-11-23-30-sessions.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: the roles migration`, () => {
    it('makes the first user of each existing organisation its owner and everyone else a member', async (t) => {
      const store = await createTestStore(dialect);
      t.after(() => store.close());
      // Back to the schema before roles existed, with users created then.
      await sessionsMigration.down(store.db);
      const at = '2026-11-01T00:00:00.000Z';
      await sql`insert into organizations (id, slug, name, plan, mcp_write_enabled, created_at, updated_at)
        values ('org_a', 'a', 'A', 'professional', 0, ${at}, ${at}), ('org_b', 'b', 'B', 'essentials', 0, ${at}, ${at})`.execute(
        store.db,
      );
      await sql`insert into users (id, org_id, email, display_name, created_at) values
        ('usr_01', 'org_a', 'admin@localhost', null, ${at}),
        ('usr_02', 'org_a', 'ada@a.example', null, ${at}),
        ('usr_03', 'org_b', 'bob@b.example', null, ${at})`.execute(store.db);

      await sessionsMigration.up(store.db);
      const rows = await store.db
        .selectFrom('users')
        .select(['id', 'role', 'password_hash'])
        .orderBy('id')
        .execute();
      assert.deepEqual(rows, [
        { id: 'usr_01', role: 'owner', password_hash: null },
        { id: 'usr_02', role: 'member', password_hash: null },
        { id: 'usr_03', role: 'owner', password_hash: null },
      ]);
    });
  });
}
