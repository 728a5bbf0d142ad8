import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createOrg } from '../../test/support/app.ts';
import { startReceiver } from '../../test/support/receiver.ts';
import { createTestStore, testStoreUrl } from '../../test/support/store.ts';
import { defaultConfig } from '../config.ts';
import { openStore } from '../db/connect.ts';
import { event, recordEvents } from '../events/outbox.ts';
import { createServices } from '../services.ts';
import { WebhookDispatcher } from './dispatcher.ts';

const skip = process.env.TEST_DATABASE_URL ? false : 'PostgreSQL only (TEST_DATABASE_URL)';

describe('postgres: two instances share one outbox', () => {
  it('delivers every attempt exactly once between two dispatchers', { skip }, async (t) => {
    const store = await createTestStore('postgres');
    t.after(() => store.close());
    const second = openStore(testStoreUrl(store));
    t.after(() => second.close());
    const services = createServices(store, defaultConfig({ WEBHOOK_ALLOW_PRIVATE: true }));
    const org = await createOrg(services, { tokens: {} });
    const receiver = await startReceiver();
    t.after(() => receiver.close());
    // A little latency per request, so neither instance can drain the queue alone.
    receiver.respond((_r, res) => setTimeout(() => res.writeHead(200).end(), 5));
    await services.webhooks.create(org.id, org.userId, { url: receiver.url() });

    const COUNT = 400;
    for (let batch = 0; batch < COUNT / 100; batch++)
      await store.db.transaction().execute((trx) =>
        recordEvents(
          trx,
          org.id,
          Array.from({ length: 100 }, () =>
            event('vulndb.synced', { advisories: { added: batch, updated: 0, unchanged: 0, withdrawn: 0 } }),
          ),
        ),
      );

    const attemptsBy = { a: 0, b: 0 };
    const dispatchers = (['a', 'b'] as const).map(
      (name, i) =>
        new WebhookDispatcher([store, second][i]!.db, {
          allowPrivate: true,
          pollMs: 10,
          concurrency: 8,
          observer: { attempt: () => void attemptsBy[name]++, delivered: () => {} },
        }),
    );
    await Promise.all(dispatchers.map((d) => d.start()));
    await receiver.waitFor(COUNT);
    await Promise.all(dispatchers.map((d) => d.stop()));

    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    assert.equal(ids.length, COUNT);
    assert.equal(new Set(ids).size, COUNT, 'no event delivered twice');
    assert.ok(
      attemptsBy.a > 0 && attemptsBy.b > 0,
      `both instances delivered (${JSON.stringify(attemptsBy)})`,
    );
    assert.equal(attemptsBy.a + attemptsBy.b, COUNT);
    const rows = await store.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).execute();
    assert.deepEqual(
      rows.filter((r) => r.status !== 'succeeded' || Number(r.attempts) !== 1),
      [],
    );
    const log = await store.db.selectFrom('webhook_attempts').select('delivery_id').execute();
    assert.equal(log.length, COUNT);
  });
});
