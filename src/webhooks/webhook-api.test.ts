import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { startReceiver } from '../../test/support/receiver.ts';
import { signInAs } from '../../test/support/session.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { EVENT_TYPES } from '../events/catalogue.ts';

const vendor = { name: 'Acme', type: 'commercial', riskTier: 2, assessmentStatus: 'in_progress' } as const;

for (const dialect of DIALECTS) {
  describe(`${dialect}: /api/v1/webhooks`, () => {
    it('is session-only: API tokens get 403 FORBIDDEN, no credentials 401, members 403', async (t) => {
      const { app, services } = await build(t, dialect, { config: { WEBHOOK_ALLOW_PRIVATE: true } });
      const org = await createOrg(services);
      const member = await signInAs(app, services, org, 'member');
      const calls = [
        { method: 'GET', url: '/api/v1/webhooks' },
        { method: 'POST', url: '/api/v1/webhooks', payload: { url: 'http://127.0.0.1:9/' } },
        { method: 'DELETE', url: '/api/v1/webhooks/whk_x' },
        { method: 'GET', url: '/api/v1/webhooks/whk_x/deliveries' },
        { method: 'POST', url: '/api/v1/webhooks/whk_x/deliveries/whd_x/redeliver' },
      ] as const;
      for (const call of calls) {
        const bearer = await app.inject({ ...call, headers: org.bearer() });
        assert.deepEqual([bearer.statusCode, bearer.json().error.code], [403, 'FORBIDDEN'], call.url);
        const anonymous = await app.inject(call);
        assert.deepEqual(
          [anonymous.statusCode, anonymous.json().error.code],
          [401, 'UNAUTHORIZED'],
          call.url,
        );
        const bad = await app.inject({ ...call, headers: { authorization: 'Bearer bwk_nope' } });
        assert.deepEqual([bad.statusCode, bad.json().error.code], [401, 'INVALID_TOKEN'], call.url);
        const asMember = await app.inject({ ...call, headers: member.write });
        assert.deepEqual([asMember.statusCode, asMember.json().error.code], [403, 'FORBIDDEN'], call.url);
      }
      assert.deepEqual(await services.webhooks.list(org.id), []);
    });

    it('lets an admin create, list, inspect, redeliver and delete; other organisations see 404', async (t) => {
      const { app, services } = await build(t, dialect, { config: { WEBHOOK_ALLOW_PRIVATE: true } });
      const receiver = await startReceiver();
      t.after(() => receiver.close());
      const org = await createOrg(services);
      const admin = await signInAs(app, services, org, 'admin');
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: admin.write,
        payload: { url: receiver.url(), events: ['vendor.created'], format: 'slack' },
      });
      assert.equal(created.statusCode, 201, created.body);
      const hook = created.json().data;
      assert.match(hook.id, /^whk_[0-9a-z]{26}$/);
      assert.match(hook.secret, /^whsec_[A-Za-z0-9+/]{32}$/);
      assert.deepEqual(
        { ...hook, id: 'x', secret: 'x', createdAt: 'x' },
        {
          id: 'x',
          secret: 'x',
          createdAt: 'x',
          url: receiver.url(),
          events: ['vendor.created'],
          minSeverity: null,
          kevOnly: false,
          format: 'slack',
          enabled: true,
          failingSince: null,
          disabledAt: null,
          disabledReason: null,
        },
      );
      const listed = await app.inject({ url: '/api/v1/webhooks', headers: admin.cookie });
      assert.equal(listed.statusCode, 200);
      assert.deepEqual(
        listed.json().data,
        [{ ...hook, secret: undefined }].map(({ secret: _s, ...rest }) => rest),
      );

      await services.vendors.create(org.id, org.userId, vendor);
      const metricsBefore = (await app.inject({ url: '/metrics' })).body;
      assert.match(metricsBefore, /^bulwark_webhook_queue_depth 1$/m);
      assert.equal(await services.webhookDispatcher.runDue(), 1);
      const metricsAfter = (await app.inject({ url: '/metrics' })).body;
      assert.match(metricsAfter, /^bulwark_webhook_queue_depth 0$/m);
      assert.match(metricsAfter, /^bulwark_webhook_attempts_total\{outcome="success"\} 1$/m);
      assert.match(metricsAfter, /^bulwark_webhook_delivery_latency_seconds_count 1$/m);

      const deliveries = await app.inject({
        url: `/api/v1/webhooks/${hook.id}/deliveries`,
        headers: admin.cookie,
      });
      assert.equal(deliveries.statusCode, 200);
      const [delivery] = deliveries.json().data;
      assert.deepEqual(
        [
          delivery.eventType,
          delivery.status,
          delivery.attempts,
          delivery.log.length,
          delivery.log[0].statusCode,
        ],
        ['vendor.created', 'succeeded', 1, 1, 204],
      );
      const redelivered = await app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`,
        headers: admin.write,
      });
      assert.equal(redelivered.statusCode, 201, redelivered.body);
      assert.deepEqual(
        [redelivered.json().data.eventId, redelivered.json().data.status],
        [delivery.eventId, 'pending'],
      );

      const other = await createOrg(services);
      const stranger = await signInAs(app, services, other, 'owner');
      for (const call of [
        { method: 'GET', url: `/api/v1/webhooks/${hook.id}/deliveries`, headers: stranger.cookie },
        { method: 'DELETE', url: `/api/v1/webhooks/${hook.id}`, headers: stranger.write },
        {
          method: 'POST',
          url: `/api/v1/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`,
          headers: stranger.write,
        },
      ] as const) {
        const res = await app.inject(call);
        assert.deepEqual([res.statusCode, res.json().error.code], [404, 'NOT_FOUND'], call.url);
      }
      assert.deepEqual(
        (await app.inject({ url: '/api/v1/webhooks', headers: stranger.cookie })).json().data,
        [],
      );

      const noCsrf = await app.inject({
        method: 'DELETE',
        url: `/api/v1/webhooks/${hook.id}`,
        headers: admin.cookie,
      });
      assert.equal(noCsrf.statusCode, 403);
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/v1/webhooks/${hook.id}`,
        headers: admin.write,
      });
      assert.deepEqual(deleted.json().data, { id: hook.id, deleted: true });
      assert.equal(
        (await app.inject({ method: 'DELETE', url: `/api/v1/webhooks/${hook.id}`, headers: admin.write }))
          .statusCode,
        404,
      );
    });

    it('rejects bad subscriptions with VALIDATION_FAILED, private targets by default', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services);
      const admin = await signInAs(app, services, org, 'owner');
      const cases: [Record<string, unknown>, string][] = [
        [{ url: 'ftp://example.com/' }, 'url'],
        [{ url: 'not a url' }, 'url'],
        [{ url: 'http://127.0.0.1:8080/hook' }, 'url'],
        [{ url: 'http://192.168.1.10/hook' }, 'url'],
        [{ url: 'http://[fe80::1]/hook' }, 'url'],
        [{ url: 'http://10.0.0.1/', events: ['sbom.exploded'] }, 'body.events.0'],
        [{ url: 'http://10.0.0.1/', minSeverity: 'SEVERE' }, 'body.minSeverity'],
        [{ url: 'http://10.0.0.1/', format: 'teams' }, 'body.format'],
        [{ url: 'http://10.0.0.1/', secret: 'mine' }, 'body'],
      ];
      for (const [payload, path] of cases) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/webhooks',
          headers: admin.write,
          payload,
        });
        assert.deepEqual(
          [res.statusCode, res.json().error.code],
          [400, 'VALIDATION_FAILED'],
          JSON.stringify(payload),
        );
        assert.equal(res.json().error.details[0].path, path, JSON.stringify(payload));
      }
      assert.deepEqual(await services.webhooks.list(org.id), []);
      assert.equal(EVENT_TYPES.length, 10);
    });
  });
}
