import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countAudit } from './audit.repository.ts';
import { insertMany } from '../db/helpers.ts';
import { newId } from '../shared/ids.ts';
import { build, createOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { AuditTotals } from './audit-totals.ts';

const MINUTE = 60_000;

for (const dialect of DIALECTS) {
  describe(`${dialect}: audit totals`, () => {
    it('stay exact as entries arrive, per organisation and actor, across boundary moves', async (t) => {
      const { services, store } = await build(t, dialect);
      const org = await createOrg(services);
      const other = await createOrg(services);
      const base = Date.now() - 60 * MINUTE;
      let at = base;
      const add = async (orgId: string, count: number, actor = 'usr_a') => {
        const rows = Array.from({ length: count }, () => {
          at += 1000;
          return {
            id: newId('aud', at),
            org_id: orgId,
            actor_id: actor,
            action: 'x.y',
            entity_type: 'x',
            entity_id: null,
            details: null,
            at: new Date(at).toISOString(),
          };
        });
        await insertMany(store.db, 'audit_log', rows);
      };
      const exact = (orgId: string, actorId?: string) =>
        countAudit(store.db, orgId, actorId ? { actorId } : {});
      const totals = new AuditTotals({ rebaseAfter: 5 });
      await add(org.id, 30);
      await add(org.id, 5, 'usr_b');
      await add(other.id, 7);
      // "now" just after the newest entry: part of the trail is settled, part recent.
      let now = at + 2 * MINUTE;
      assert.equal(await totals.total(store.db, org.id, undefined, now), await exact(org.id));
      assert.equal(await totals.total(store.db, org.id, 'usr_b', now), 5);
      assert.equal(await totals.total(store.db, other.id, undefined, now), await exact(other.id));
      for (let round = 0; round < 3; round++) {
        // Time moves on: new entries are newer than anything settled before (the invariant the class relies on).
        at = now;
        await add(org.id, 11);
        await add(org.id, 2, 'usr_b');
        now = at + 30 * MINUTE;
        assert.equal(await totals.total(store.db, org.id, undefined, now), await exact(org.id));
        assert.equal(await totals.total(store.db, org.id, 'usr_b', now), await exact(org.id, 'usr_b'));
      }
      assert.equal(await totals.total(store.db, org.id, 'usr_none', now), 0);
    });
  });
}
