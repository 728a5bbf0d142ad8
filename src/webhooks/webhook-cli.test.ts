import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { freshDatabaseUrl, runCli, runMain } from '../../test/support/cli.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { loadConfig } from '../config.ts';
import { openStore } from '../db/connect.ts';
import { createServices } from '../services.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: bulwark webhook`, () => {
    it('creates, lists, shows deliveries, redelivers and deletes', async (t) => {
      const db = await freshDatabaseUrl(dialect);
      t.after(() => db.cleanup());
      const env = { DATABASE_URL: db.url, DATA_DIR: db.dataDir };
      assert.equal((await runMain(['org', 'create', 'acme', '--json'], env)).code, 0);
      assert.equal(
        (await runMain(['user', 'create', '--org', 'acme', '--email', 'a@acme.example.com'], env)).code,
        0,
      );

      const refused = await runMain(
        ['webhook', 'create', '--org', 'acme', '--url', 'http://127.0.0.1:9/hook'],
        env,
      );
      assert.equal(refused.code, 2);
      assert.match(refused.stderr, /loopback, private or link-local/);

      const create = await runMain(
        [
          'webhook',
          'create',
          '--org',
          'acme',
          '--url',
          'http://127.0.0.1:9/hook',
          '--events',
          'finding.created,finding.status_changed',
          '--min-severity',
          'HIGH',
          '--kev-only',
          '--json',
        ],
        { ...env, WEBHOOK_ALLOW_PRIVATE: 'true' },
      );
      assert.equal(create.code, 0, create.stderr);
      const hook = JSON.parse(create.stdout);
      assert.match(hook.id, /^whk_/);
      assert.match(hook.secret, /^whsec_/);
      assert.deepEqual(
        [hook.url, hook.events, hook.minSeverity, hook.kevOnly, hook.format, hook.enabled],
        [
          'http://127.0.0.1:9/hook',
          ['finding.created', 'finding.status_changed'],
          'HIGH',
          true,
          'standard',
          true,
        ],
      );

      const bad = await runMain(
        ['webhook', 'create', '--org', 'acme', '--url', 'http://127.0.0.1:9/', '--events', 'sbom.exploded'],
        {
          ...env,
          WEBHOOK_ALLOW_PRIVATE: 'true',
        },
      );
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /events\.0/);
      assert.equal((await runMain(['webhook', 'list', '--org', 'nope'], env)).code, 1);

      const list = JSON.parse((await runMain(['webhook', 'list', '--org', 'acme', '--json'], env)).stdout);
      assert.deepEqual(
        list.webhooks.map((w: { id: string; secret?: string }) => [w.id, w.secret]),
        [[hook.id, undefined]],
      );

      // A delivery to inspect: a finding status change is not at hand here, so a vendor event through a second
      // subscription the services create (the CLI and the server share the store).
      const store = openStore(db.url, db.dataDir);
      const services = createServices(store, loadConfig({ ...env, WEBHOOK_ALLOW_PRIVATE: 'true' }));
      const org = await services.organisations.requireBySlug('acme');
      const vendorsHook = await services.webhooks.create(org.id, 'system', {
        url: 'http://127.0.0.1:9/v',
        events: ['vendor.created'],
      });
      await services.vendors.create(org.id, 'system', {
        name: 'Acme',
        type: 'oss',
        riskTier: 1,
        assessmentStatus: 'completed',
      });
      await store.close();

      const deliveries = await runMain(['webhook', 'deliveries', vendorsHook.id, '--json'], env);
      assert.equal(deliveries.code, 0, deliveries.stderr);
      const [delivery] = JSON.parse(deliveries.stdout).deliveries;
      assert.deepEqual(
        [delivery.eventType, delivery.status, delivery.attempts, delivery.log],
        ['vendor.created', 'pending', 0, []],
      );
      assert.deepEqual(
        JSON.parse((await runMain(['webhook', 'deliveries', hook.id, '--json'], env)).stdout),
        {
          deliveries: [],
        },
      );

      const again = await runMain(['webhook', 'redeliver', delivery.id, '--json'], env);
      assert.equal(again.code, 0, again.stderr);
      assert.deepEqual(
        [JSON.parse(again.stdout).eventId, JSON.parse(again.stdout).status],
        [delivery.eventId, 'pending'],
      );
      const malformed = await runMain(['webhook', 'redeliver', 'whd_nope'], env);
      assert.equal(malformed.code, 2, 'not a delivery id: a mistake in the command');
      assert.equal(
        malformed.stderr,
        "error: 'whd_nope' is not a delivery id (whd_ and 26 letters or digits)\n",
      );
      const absent = await runMain(['webhook', 'redeliver', `whd_${'0'.repeat(26)}`], env);
      assert.equal(absent.code, 1, 'a well-formed id that is not there: a failure');
      assert.match(absent.stderr, /was not found/);

      const removed = await runMain(['webhook', 'delete', hook.id, '--json'], env);
      assert.deepEqual(JSON.parse(removed.stdout), { id: hook.id, deleted: true });
      const missing = await runMain(['webhook', 'delete', hook.id], env);
      assert.equal(missing.code, 1);
      assert.match(missing.stderr, /was not found/);
    });
  });
}

describe('bulwark webhook as a process (smoke)', () => {
  it('lists the subscriptions of an organisation', async (t) => {
    const db = await freshDatabaseUrl('sqlite');
    t.after(() => db.cleanup());
    const env = { DATABASE_URL: db.url, DATA_DIR: db.dataDir };
    assert.equal((await runMain(['org', 'create', 'acme'], env)).code, 0);
    const res = await runCli(['webhook', 'list', '--org', 'acme', '--json'], env);
    assert.equal(res.code, 0, res.stderr);
    assert.deepEqual(JSON.parse(res.stdout), { webhooks: [] });
  });
});
