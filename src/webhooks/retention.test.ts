import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { closedPort, startReceiver } from '../../test/support/receiver.ts';
import { eventually } from '../../test/support/poll.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { WebhookDispatcher } from './dispatcher.ts';
import { pruneEvents } from './retention.ts';

const vendor = (name: string) =>
  ({ name, type: 'commercial', riskTier: 1, assessmentStatus: 'not_started' }) as const;
const DAY = 86_400_000;

for (const dialect of DIALECTS) {
  describe(`${dialect}: event retention`, () => {
    it('deletes old events with their deliveries and attempts once none is pending, in chunks', async (t) => {
      const env = await build(t, dialect, { config: { WEBHOOK_ALLOW_PRIVATE: true } });
      const { db } = env.store;
      const org = await createOrg(env.services);
      const receiver = await startReceiver();
      t.after(() => receiver.close());
      const now = Date.now() + 60_000;
      const dispatcher = new WebhookDispatcher(db, {
        now: () => now,
        allowPrivate: true,
        retentionMs: 30 * DAY,
      });

      await env.services.webhooks.create(org.id, org.userId, { url: receiver.url('/ok') });
      for (const name of ['V1', 'V2', 'V3'])
        await env.services.vendors.create(org.id, org.userId, vendor(name));
      await dispatcher.runDue();
      // A receiver that is down: V4's delivery to it stays pending (retried later).
      await env.services.webhooks.create(org.id, org.userId, {
        url: `http://127.0.0.1:${await closedPort()}/down`,
      });
      await env.services.vendors.create(org.id, org.userId, vendor('V4'));
      await dispatcher.runDue();
      await env.services.vendors.create(org.id, org.userId, vendor('V5'));

      const events = await db
        .selectFrom('events')
        .select(['id', 'payload'])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const byVendor = new Map(
        events.map((e) => [
          (JSON.parse(e.payload) as { data: { vendor: { name: string } } }).data.vendor.name,
          e.id,
        ]),
      );
      assert.deepEqual([...byVendor.keys()].sort(), ['V1', 'V2', 'V3', 'V4', 'V5']);
      const old = new Date(now - 31 * DAY).toISOString();
      for (const name of ['V1', 'V2', 'V3', 'V4'])
        await db
          .updateTable('events')
          .set({ created_at: old })
          .where('id', '=', byVendor.get(name)!)
          .execute();
      // A delivery that gave up is as finished as one that succeeded.
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'failed' })
        .where('event_id', '=', byVendor.get('V3')!)
        .execute();
      const attemptsBefore = await db
        .selectFrom('webhook_attempts')
        .select(db.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      assert.equal(Number(attemptsBefore.n), 5); // V1–V3 and V4 to the receiver, V4 to the closed port

      // Chunks of 2: the sweep goes on until a chunk comes back short.
      assert.equal(await pruneEvents(db, new Date(now - 30 * DAY).toISOString(), 2), 3);

      const left = await db.selectFrom('events').select('id').orderBy('id').execute();
      assert.deepEqual(
        left.map((e) => e.id),
        [byVendor.get('V4'), byVendor.get('V5')].sort(),
      );
      const deliveries = await db.selectFrom('webhook_deliveries').select(['event_id', 'status']).execute();
      assert.deepEqual(
        deliveries.map((d) => `${d.event_id === byVendor.get('V4') ? 'V4' : 'V5'}:${d.status}`).sort(),
        ['V4:pending', 'V4:succeeded', 'V5:pending', 'V5:pending'],
      );
      const attemptsAfter = await db
        .selectFrom('webhook_attempts')
        .select(db.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      assert.equal(Number(attemptsAfter.n), 2);

      // Once V4's last delivery gives up, the dispatcher's own sweep (30 days) takes it; V5 is recent.
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'failed' })
        .where('event_id', '=', byVendor.get('V4')!)
        .where('status', '=', 'pending')
        .execute();
      // A running dispatcher sweeps when it starts (then hourly).
      await dispatcher.start();
      const kept = await eventually(
        () => db.selectFrom('events').select('id').execute(),
        (rows) => rows.length === 1,
      );
      await dispatcher.stop();
      assert.deepEqual(
        kept.map((e) => e.id),
        [byVendor.get('V5')],
      );
      assert.equal(await dispatcher.pruneExpired(), 0);
    });
  });
}
