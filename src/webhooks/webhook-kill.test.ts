import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { freshDatabaseUrl, startServe } from '../../test/support/cli.ts';
import { startReceiver } from '../../test/support/receiver.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { loadConfig } from '../config.ts';
import { openStore } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createServices } from '../services.ts';

/**
 * A server killed with SIGKILL after the change committed, while its attempts were in flight: the restarted
 * server delivers every event (at least once; the receiver deduplicates on webhook-id).
 */

const VENDORS = ['Alpha', 'Beta', 'Gamma'];

for (const dialect of DIALECTS) {
  describe(`${dialect}: server killed between commit and delivery`, () => {
    it('delivers every event after a restart', async (t) => {
      const db = await freshDatabaseUrl(dialect);
      t.after(() => db.cleanup());
      const receiver = await startReceiver();
      t.after(() => receiver.close());
      const env = {
        DATABASE_URL: db.url,
        DATA_DIR: db.dataDir,
        WEBHOOK_ALLOW_PRIVATE: 'true',
        WEBHOOK_TIMEOUT_MS: '500',
        WEBHOOK_POLL_MS: '20',
      };

      const setup = openStore(db.url, db.dataDir);
      await migrateToLatest(setup.db);
      const services = createServices(setup, loadConfig(env));
      const org = await services.organisations.create({ slug: 'acme', plan: 'professional' });
      const user = await services.users.add(org.id, { email: 'ops@acme.example.com' });
      const { secret: token } = await services.tokens.create({
        orgId: org.id,
        scopes: ['sbom:write'],
      });
      const hook = await services.webhooks.create(org.id, user.id, { url: receiver.url() });
      await setup.close();

      // The first server's attempts reach the receiver, which never answers them.
      receiver.respond(() => {});
      const first = await startServe(env);
      for (const name of VENDORS) {
        const res = await fetch(`${first.baseUrl}/api/v1/sscs/vendors`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name, type: 'oss', riskTier: 2, assessmentStatus: 'not_started' }),
        });
        assert.equal(res.status, 201);
      }
      await receiver.waitFor(VENDORS.length);
      const exited = new Promise((resolve) => first.child.once('exit', resolve));
      first.child.kill('SIGKILL');
      await exited;

      receiver.respond((_r, res) => res.writeHead(200).end());
      const second = await startServe(env);
      await receiver.waitFor(2 * VENDORS.length);
      const stopped = new Promise((resolve) => second.child.once('exit', resolve));
      second.child.kill('SIGTERM');
      await stopped;

      const verifier = new StandardWebhook(hook.secret);
      const names = receiver.received.map((r) => {
        const payload = verifier.verify(r.body, r.headers) as { data: { vendor: { name: string } } };
        return `${r.headers['webhook-id']} ${payload.data.vendor.name}`;
      });
      // Each event twice (the interrupted attempt and its retry), under one webhook-id.
      assert.equal(names.length, 2 * VENDORS.length);
      const unique = [...new Set(names)];
      assert.deepEqual(unique.map((n) => n.split(' ')[1]).sort(), VENDORS);

      const check = openStore(db.url, db.dataDir);
      t.after(() => check.close());
      const after = createServices(check, loadConfig(env));
      const deliveries = await after.webhooks.deliveries(org.id, hook.id);
      assert.deepEqual(
        deliveries.map((d) => [d.status, d.attempts, d.log.map((a) => [a.attempt, a.statusCode])]),
        VENDORS.map(() => ['succeeded', 2, [[2, 200]]]),
      );
      assert.deepEqual(
        new Set(deliveries.map((d) => d.eventId)),
        new Set(unique.map((n) => n.split(' ')[0])),
      );
    });
  });
}
