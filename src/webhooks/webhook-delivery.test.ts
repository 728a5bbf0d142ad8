import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it, type TestContext } from 'node:test';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { build, createOrg, type TestEnv, type TestOrg } from '../../test/support/app.ts';
import { sharedDataPath, sharedDataSkip } from '../../test/support/shared-data.ts';
import { closedPort, startReceiver, type Receiver } from '../../test/support/receiver.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { eventSchema, type EventPayload } from '../events/catalogue.ts';
import { RETRY_DELAYS_MS, WebhookDispatcher } from './dispatcher.ts';
import { WebhookService } from './webhook.service.ts';

const skip = sharedDataSkip('osv', 'sboms');
const DATA = sharedDataPath('');

/**
 * A clock the test moves forward instead of waiting. It stands still (real time does not move it, however slow
 * the machine) a minute ahead of real time, so everything the test records is due at once.
 */
function testClock() {
  let now = Date.now() + 60_000;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

async function setup(t: TestContext, dialect: (typeof DIALECTS)[number], timeoutMs = 10_000) {
  const env = await build(t, dialect, { config: { WEBHOOK_ALLOW_PRIVATE: true } });
  const org = await createOrg(env.services);
  const receiver = await startReceiver();
  t.after(() => receiver.close());
  const clock = testClock();
  const dispatcher = new WebhookDispatcher(env.store.db, { now: clock.now, allowPrivate: true, timeoutMs });
  return { ...env, org, receiver, clock, dispatcher };
}

/** Verifies a received request with the standardwebhooks package and checks the payload against its schema. */
function verified(secret: string, r: Receiver['received'][number]): EventPayload {
  const payload = new StandardWebhook(secret).verify(r.body, r.headers) as EventPayload;
  eventSchema(payload.type).parse(payload);
  assert.equal(r.headers['webhook-id'], payload.id);
  return payload;
}

async function upload(env: TestEnv, org: TestOrg, path: string, fileName: string) {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(path)]), fileName);
  const response = new Response(form);
  const res = await env.app.inject({
    method: 'POST',
    url: '/api/v1/sscs/sboms/upload',
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')!, ...org.bearer() },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().data as { id: string; findingCount: number; componentCount: number; createdAt: string };
}

const vendor = (name: string) =>
  ({ name, type: 'commercial', riskTier: 1, assessmentStatus: 'not_started' }) as const;

for (const dialect of DIALECTS) {
  describe(`${dialect}: webhook delivery`, () => {
    it(
      'delivers signed events for an upload of a real SBOM, filtered per subscription',
      { skip },
      async (t) => {
        const s = await setup(t, dialect);
        await s.services.vulndb.import([`${DATA}osv/Go-all.zip`]);
        const all = await s.services.webhooks.create(s.org.id, s.org.userId, { url: s.receiver.url('/all') });
        const high = await s.services.webhooks.create(s.org.id, s.org.userId, {
          url: s.receiver.url('/high'),
          events: ['finding.created'],
          minSeverity: 'HIGH',
        });
        await s.services.webhooks.create(s.org.id, s.org.userId, {
          url: s.receiver.url('/kev'),
          kevOnly: true,
          events: ['finding.created'],
        });

        const sbom = await upload(
          s,
          s.org,
          `${DATA}sboms/cyclonedx/proton-bridge__proton-bridge-v1.8.0.bom.json`,
          'proton.bom.json',
        );
        const findings = (
          await s.app.inject({ url: `/api/v1/sscs/findings?sbomId=${sbom.id}`, headers: s.org.bearer() })
        ).json().data as { id: string; severity: string; vulnerabilityId: string }[];
        assert.equal(findings.length, sbom.findingCount);
        assert.ok(sbom.findingCount > 10, `proton-bridge has vulnerable components (${sbom.findingCount})`);
        const highIds = findings
          .filter((f) => f.severity === 'HIGH' || f.severity === 'CRITICAL')
          .map((f) => f.id);

        const attempted = await s.dispatcher.runDue();
        assert.equal(attempted, 1 + findings.length + highIds.length);

        const toAll = s.receiver.received
          .filter((r) => r.path === '/all')
          .map((r) => verified(all.secret, r));
        assert.deepEqual(
          toAll.filter((p) => p.type === 'sbom.uploaded').map((p) => p.data),
          [
            {
              sbom: {
                id: sbom.id,
                name: 'proton.bom.json',
                assetName: 'github.com/ProtonMail/proton-bridge', // the SBOM's subject
                version: 'v1.8.0',
                format: 'cyclonedx',
                specVersion: '1.2',
                componentCount: sbom.componentCount,
                findingCount: findings.length,
                createdAt: sbom.createdAt,
              },
              actorId: s.org.userId,
            },
          ],
        );
        const created = toAll.filter(
          (p): p is EventPayload<'finding.created'> => p.type === 'finding.created',
        );
        assert.deepEqual(created.map((p) => p.data.finding.id).sort(), findings.map((f) => f.id).sort());
        const one = created.find((p) => p.data.finding.id === findings[0]!.id)!;
        assert.equal(one.orgId, s.org.id);
        assert.equal(one.data.finding.vulnerabilityId, findings[0]!.vulnerabilityId);
        assert.equal(one.data.finding.severity, findings[0]!.severity);
        assert.equal(one.data.finding.kev, null);

        const toHigh = s.receiver.received
          .filter((r) => r.path === '/high')
          .map((r) => verified(high.secret, r));
        assert.deepEqual(
          toHigh.map((p) => (p as EventPayload<'finding.created'>).data.finding.id).sort(),
          highIds.sort(),
        );
        // No KEV catalogue was loaded (kev null on every finding): a KEV-only subscription receives none of them.
        assert.equal(s.receiver.received.filter((r) => r.path === '/kev').length, 0);

        // The same event id reached both subscriptions: receivers deduplicate on webhook-id.
        assert.ok(toHigh.every((p) => toAll.some((a) => a.id === p.id)));
        const log = await s.services.webhooks.deliveries(s.org.id, all.id, 1000);
        assert.equal(log.length, 1 + findings.length);
        assert.ok(log.every((d) => d.status === 'succeeded' && d.attempts === 1 && d.log.length === 1));
        assert.deepEqual(
          {
            statusCode: log[0]!.log[0]!.statusCode,
            error: log[0]!.log[0]!.error,
            attempt: log[0]!.log[0]!.attempt,
          },
          { statusCode: 204, error: null, attempt: 1 },
        );
        assert.equal(await s.dispatcher.runDue(), 0);
      },
    );

    it('retries a receiver that answers 500, then 200, after 5 s', async (t) => {
      const s = await setup(t, dialect);
      const hook = await s.services.webhooks.create(s.org.id, s.org.userId, { url: s.receiver.url() });
      let calls = 0;
      s.receiver.respond((_r, res) => res.writeHead(++calls === 1 ? 500 : 200).end('ok'));
      await s.services.vendors.create(s.org.id, s.org.userId, vendor('Acme'));
      assert.equal(await s.dispatcher.runDue(), 1);
      s.clock.advance(4_900);
      assert.equal(await s.dispatcher.runDue(), 0, 'not due before 5 s');
      s.clock.advance(200);
      assert.equal(await s.dispatcher.runDue(), 1);
      const [delivery] = await s.services.webhooks.deliveries(s.org.id, hook.id);
      assert.deepEqual(
        delivery!.log.map((a) => [a.attempt, a.statusCode, a.error]),
        [
          [1, 500, 'receiver answered 500'],
          [2, 200, null],
        ],
      );
      assert.equal(delivery!.status, 'succeeded');
      const [first, second] = s.receiver.received.map((r) => verified(hook.secret, r));
      assert.equal(first!.id, second!.id);
      assert.equal(first!.type, 'vendor.created');
    });

    it('gives up on a receiver that stalls past the timeout, and retries it', async (t) => {
      const s = await setup(t, dialect, 150);
      const hook = await s.services.webhooks.create(s.org.id, s.org.userId, { url: s.receiver.url() });
      s.receiver.respond(() => {}); // never answers
      await s.services.vendors.create(s.org.id, s.org.userId, vendor('Slow Ltd'));
      await s.dispatcher.runDue();
      s.receiver.respond((_r, res) => res.writeHead(200).end());
      s.clock.advance(RETRY_DELAYS_MS[0]);
      await s.dispatcher.runDue();
      const [delivery] = await s.services.webhooks.deliveries(s.org.id, hook.id);
      assert.deepEqual(
        delivery!.log.map((a) => [a.attempt, a.statusCode, a.error]),
        [
          [1, null, 'timed out after 150 ms'],
          [2, 200, null],
        ],
      );
      assert.ok(delivery!.log[0]!.durationMs >= 150);
    });

    it('follows the retry schedule while the receiver is down, delivers once it is back', async (t) => {
      const s = await setup(t, dialect);
      const port = await closedPort();
      const hook = await s.services.webhooks.create(s.org.id, s.org.userId, {
        url: `http://127.0.0.1:${port}/hook`,
      });
      await s.services.vendors.create(s.org.id, s.org.userId, vendor('Down Inc'));
      for (const delay of RETRY_DELAYS_MS.slice(0, 3)) {
        assert.equal(await s.dispatcher.runDue(), 1);
        s.clock.advance(delay);
      }
      const back = await startReceiver(port);
      t.after(() => back.close());
      assert.equal(await s.dispatcher.runDue(), 1);
      const [delivery] = await s.services.webhooks.deliveries(s.org.id, hook.id);
      assert.equal(delivery!.status, 'succeeded');
      assert.deepEqual(
        delivery!.log.map((a) => [a.attempt, a.statusCode, a.error?.includes('ECONNREFUSED') ?? null]),
        [
          [1, null, true],
          [2, null, true],
          [3, null, true],
          [4, 204, null],
        ],
      );
      assert.equal(back.received.length, 1);
      assert.equal(verified(hook.secret, back.received[0]!).type, 'vendor.created');
      const [listed] = await s.services.webhooks.list(s.org.id);
      assert.equal(listed!.failingSince, null, 'a success ends the failing run');
    });

    it('fails a delivery after the last retry, and disables a subscription failing for 3 days', async (t) => {
      const s = await setup(t, dialect);
      const port = await closedPort();
      const hook = await s.services.webhooks.create(s.org.id, s.org.userId, {
        url: `http://127.0.0.1:${port}/`,
      });
      await s.services.vendors.create(s.org.id, s.org.userId, vendor('Gone'));
      for (const delay of [...RETRY_DELAYS_MS, 0]) {
        assert.equal(await s.dispatcher.runDue(), 1);
        s.clock.advance(delay);
      }
      const [delivery] = await s.services.webhooks.deliveries(s.org.id, hook.id);
      assert.deepEqual(
        [delivery!.status, delivery!.attempts, delivery!.log.length, delivery!.nextAttemptAt],
        ['failed', 7, 7, null],
      );
      assert.equal((await s.services.webhooks.get(s.org.id, hook.id)).enabled, true);

      s.clock.advance(3 * 86_400_000);
      await s.services.vendors.create(s.org.id, s.org.userId, vendor('Still gone'));
      await s.services.vendors.create(s.org.id, s.org.userId, vendor('Queued'));
      assert.equal(await s.dispatcher.runDue(), 2);
      const disabled = await s.services.webhooks.get(s.org.id, hook.id);
      assert.equal(disabled.enabled, false);
      assert.match(disabled.disabledReason!, /^every delivery failed since /);
      // Disabled: later changes record nothing for it.
      await s.services.vendors.create(s.org.id, s.org.userId, vendor('Unheard'));
      const deliveries = await s.services.webhooks.deliveries(s.org.id, hook.id);
      assert.deepEqual(
        deliveries.map((d) => [d.status, d.attempts, d.lastError]),
        [
          ['failed', 1, 'subscription disabled'],
          ['failed', 1, 'subscription disabled'],
          ['failed', 7, delivery!.lastError],
        ],
      );
    });

    it('does not follow a redirect', async (t) => {
      const s = await setup(t, dialect);
      const hook = await s.services.webhooks.create(s.org.id, s.org.userId, {
        url: s.receiver.url('/moved'),
      });
      s.receiver.respond((r, res) =>
        r.path === '/moved'
          ? res.writeHead(302, { location: s.receiver.url('/elsewhere') }).end()
          : res.writeHead(200).end(),
      );
      await s.services.vendors.create(s.org.id, s.org.userId, vendor('Redirector'));
      await s.dispatcher.runDue();
      const [delivery] = await s.services.webhooks.deliveries(s.org.id, hook.id);
      assert.deepEqual(
        [delivery!.status, delivery!.log[0]!.statusCode, delivery!.log[0]!.error],
        ['pending', 302, `redirect to ${s.receiver.url('/elsewhere')} not followed`],
      );
      assert.deepEqual(
        s.receiver.received.map((r) => r.path),
        ['/moved'],
      );
    });

    it('refuses private targets at creation and at delivery (resolved address)', async (t) => {
      const s = await setup(t, dialect);
      const strict = new WebhookService(s.store.db);
      for (const url of [
        'http://127.0.0.1:9/x',
        'http://10.1.2.3/',
        'http://[::1]/',
        'http://169.254.169.254/latest',
        'http://localhost/',
        'ftp://example.com/',
      ]) {
        await assert.rejects(
          strict.create(s.org.id, s.org.userId, { url }),
          { code: 'VALIDATION_FAILED' },
          url,
        );
      }
      // Allowed at creation (WEBHOOK_ALLOW_PRIVATE on the service), refused by a dispatcher that does not allow it.
      const literal = await s.services.webhooks.create(s.org.id, s.org.userId, { url: s.receiver.url() });
      const named = await s.services.webhooks.create(s.org.id, s.org.userId, {
        url: `http://localhost:${s.receiver.port}/named`,
      });
      const guarded = new WebhookDispatcher(s.store.db, { now: s.clock.now, allowPrivate: false });
      await s.services.vendors.create(s.org.id, s.org.userId, vendor('Internal'));
      assert.equal(await guarded.runDue(), 2);
      const [a] = await s.services.webhooks.deliveries(s.org.id, literal.id);
      const [b] = await s.services.webhooks.deliveries(s.org.id, named.id);
      assert.equal(a!.log[0]!.error, 'refused: 127.0.0.1 is a private, loopback or link-local address');
      assert.match(
        b!.log[0]!.error!,
        /^refused: localhost resolves to (127\.0\.0\.1|::1), a private address$/,
      );
      assert.equal(s.receiver.received.length, 0);
    });

    it('redelivers a delivered event on request, with the same webhook-id', async (t) => {
      const s = await setup(t, dialect);
      const hook = await s.services.webhooks.create(s.org.id, s.org.userId, { url: s.receiver.url() });
      await s.services.vendors.create(s.org.id, s.org.userId, vendor('Again'));
      await s.dispatcher.runDue();
      const [first] = await s.services.webhooks.deliveries(s.org.id, hook.id);
      const other = await createOrg(s.services);
      await assert.rejects(s.services.webhooks.redeliver(other.id, other.userId, first!.id), {
        code: 'NOT_FOUND',
      });
      const again = await s.services.webhooks.redeliver(s.org.id, s.org.userId, first!.id);
      assert.deepEqual([again.status, again.eventId, again.attempts], ['pending', first!.eventId, 0]);
      assert.equal(await s.dispatcher.runDue(), 1);
      assert.deepEqual(
        s.receiver.received.map((r) => r.headers['webhook-id']),
        [first!.eventId, first!.eventId],
      );
      const list = await s.services.webhooks.deliveries(s.org.id, hook.id);
      assert.deepEqual(
        list.map((d) => [d.id, d.status]),
        [
          [again.id, 'succeeded'],
          [first!.id, 'succeeded'],
        ],
      );
    });

    it('a manual redelivery cancels the retry still waiting: the receiver gets the event once more, not twice', async (t) => {
      const s = await setup(t, dialect);
      const hook = await s.services.webhooks.create(s.org.id, s.org.userId, { url: s.receiver.url() });
      s.receiver.respond((_r, res) => res.writeHead(503).end());
      await s.services.vendors.create(s.org.id, s.org.userId, vendor('Flaky'));
      assert.equal(await s.dispatcher.runDue(), 1);
      const [first] = await s.services.webhooks.deliveries(s.org.id, hook.id);
      assert.deepEqual([first!.status, first!.attempts], ['pending', 1], 'a retry waits');

      s.receiver.respond((_r, res) => res.writeHead(200).end());
      const again = await s.services.webhooks.redeliver(s.org.id, s.org.userId, first!.id);
      s.clock.advance(RETRY_DELAYS_MS[0]!);
      assert.equal(await s.dispatcher.runDue(), 1, 'the redelivery only');
      assert.deepEqual(
        s.receiver.received.map((r) => r.headers['webhook-id']),
        [first!.eventId, first!.eventId],
      );
      const list = await s.services.webhooks.deliveries(s.org.id, hook.id);
      assert.deepEqual(
        list.map((d) => [d.id, d.status, d.attempts, d.lastError]),
        [
          [again.id, 'succeeded', 1, null],
          [first!.id, 'failed', 1, `superseded by redelivery ${again.id}`],
        ],
      );
    });

    it('formats a Slack message for slack subscriptions', async (t) => {
      const s = await setup(t, dialect);
      const hook = await s.services.webhooks.create(s.org.id, s.org.userId, {
        url: s.receiver.url(),
        format: 'slack',
      });
      await s.services.vendors.create(s.org.id, s.org.userId, vendor('Chatty'));
      await s.dispatcher.runDue();
      const [r] = s.receiver.received;
      new StandardWebhook(hook.secret).verify(r!.body, r!.headers);
      const message = JSON.parse(r!.body) as { text: string; blocks: { type: string }[] };
      assert.equal(message.text, '[Bulwark] Vendor added: Chatty (tier 1)');
      assert.deepEqual(
        message.blocks.map((b) => b.type),
        ['section', 'context'],
      );
    });
  });
}
