// A webhook carries the reach of whoever created it (docs/portfolio-access.md, "Events and webhooks"), evaluated
// when each delivery is attempted: two admins create webhooks, are then demoted to members of two teams whose
// grants overlap on `pay`, and their receivers get exactly the events of the assets their teams grant, through
// the real upload path; a grant change and the portfolioAccess switch apply to the next event, and a webhook
// whose creator is removed reaches the whole organisation.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SYSTEM_ACTOR } from '../audit/audit.repository.ts';
import { formRequest, shopSbom } from '../pipeline/pipeline-fixture.ts';
import { scopedWorld, type ScopedWorld } from '../../test/support/portfolio.ts';
import { startReceiver, type Receiver } from '../../test/support/receiver.ts';
import { addUser, signIn, type SignedIn } from '../../test/support/session.ts';
import { DIALECTS } from '../../test/support/store.ts';
import type { EventPayload } from '../events/catalogue.ts';

interface World {
  w: ScopedWorld;
  receiver: Receiver;
  /** Asset name of every SBOM uploaded here (events name SBOMs; the assertions name assets). */
  assetOf: Map<string, string>;
}

const adminBearer = (w: ScopedWorld) => ({ authorization: `Bearer ${w.tokens.admin}` });

async function uploadVersion({ w, assetOf }: World, assetName: string, version: string): Promise<string> {
  // As the admin: the organisation's first user is a member in no team, who reaches nothing.
  const asAdmin = { ...w.org, bearer: () => adminBearer(w) };
  const res = await formRequest(w.app, asAdmin, '/api/v1/sscs/sboms/upload', [
    ['file', shopSbom('2.10', '0.3.7'), `${assetName}.cdx.json`],
    ['assetName', assetName],
    ['version', version],
  ]);
  assert.equal(res.statusCode, 201, res.body);
  const id = res.json().data.id as string;
  assetOf.set(id, assetName);
  return id;
}

/** What a receiver got since the last call, as `type asset` lines (org-wide events name no asset), sorted. */
function takeReceived({ receiver, assetOf }: World, path: string): string[] {
  const mine = receiver.received.filter((r) => r.path === path);
  for (const r of mine) receiver.received.splice(receiver.received.indexOf(r), 1);
  return mine
    .map((r) => {
      const { type, data } = JSON.parse(r.body) as EventPayload;
      const d = data as {
        sbom?: { assetName: string };
        finding?: { sbomId: string };
        violation?: { sbomId: string };
      };
      const asset =
        d.sbom?.assetName ?? assetOf.get(d.finding?.sbomId ?? d.violation?.sbomId ?? '') ?? '(org)';
      return `${type} ${asset}`;
    })
    .sort();
}

/** The events one upload of the shop fixture announces: the SBOM, 3 findings, 2 violations of "No high". */
const uploadEvents = (asset: string) => [
  ...Array<string>(3).fill(`finding.created ${asset}`),
  ...Array<string>(2).fill(`policy.violation ${asset}`),
  `sbom.uploaded ${asset}`,
];
const sorted = (...lists: string[][]) => lists.flat().sort();

async function createWebhook(w: ScopedWorld, who: SignedIn, url: string): Promise<string> {
  const res = await w.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks',
    headers: who.write,
    payload: { url },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().data.id as string;
}

async function patch(w: ScopedWorld, url: string, payload: object): Promise<void> {
  const res = await w.app.inject({ method: 'PATCH', url, headers: w.admin.write, payload });
  assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: webhooks carry their creator's reach`, () => {
    it('delivers each webhook the events of the assets its creator reaches at dispatch time', async (t) => {
      const w = await scopedWorld(t, dialect, { config: { WEBHOOK_ALLOW_PRIVATE: true } });
      await w.services.policies.reevaluation.idle();
      const receiver = await startReceiver();
      t.after(() => receiver.close());
      const world: World = { w, receiver, assetOf: new Map() };

      // Webhooks are session-only admin endpoints: a restricted member, and any API token (tag-restricted or
      // not), is refused, so a creator is an admin (or the operator's CLI) when the webhook is made.
      const restricted = await w.services.tokens.create({
        orgId: w.org.id,
        scopes: ['sbom:read', 'sbom:write'],
        assetTags: ['pay'],
      });
      for (const headers of [{ authorization: `Bearer ${restricted.secret}` }, w.memberA.write]) {
        const refused = await w.app.inject({
          method: 'POST',
          url: '/api/v1/webhooks',
          headers,
          payload: { url: receiver.url('/token') },
        });
        assert.deepEqual([refused.statusCode, refused.json().error.code], [403, 'FORBIDDEN']);
      }
      const alice = await addUser(w.services, w.org, 'admin');
      const bob = await addUser(w.services, w.org, 'admin');
      const aliceHook = await createWebhook(w, await signIn(w.app, alice.email), receiver.url('/alice'));
      await createWebhook(w, await signIn(w.app, bob.email), receiver.url('/bob'));
      await w.services.webhooks.create(w.org.id, SYSTEM_ACTOR, { url: receiver.url('/operator') });
      // Alice joins team A (tag pay: X), Bob team B (tags pay and web: X and Y), both as members now.
      await patch(w, `/api/v1/users/${alice.id}`, { role: 'member' });
      await patch(w, `/api/v1/users/${bob.id}`, { role: 'member' });
      await patch(w, `/api/v1/teams/${w.teamA}`, { members: [w.memberA.userId, alice.id] });
      await patch(w, `/api/v1/teams/${w.teamB}`, { members: [w.memberB.userId, bob.id] });

      await uploadVersion(world, 'pay-api', '2');
      await uploadVersion(world, 'web-shop', '2');
      await uploadVersion(world, 'ops-tool', '2');
      const vendor = await w.app.inject({
        method: 'POST',
        url: '/api/v1/sscs/vendors',
        headers: adminBearer(w),
        payload: { name: 'Acme', type: 'commercial', riskTier: 1, assessmentStatus: 'not_started' },
      });
      assert.equal(vendor.statusCode, 201, vendor.body);
      await w.services.webhookDispatcher.runDue();

      const org = ['vendor.created (org)'];
      assert.deepEqual(takeReceived(world, '/alice'), sorted(uploadEvents('pay-api'), org));
      assert.deepEqual(
        takeReceived(world, '/bob'),
        sorted(uploadEvents('pay-api'), uploadEvents('web-shop'), org),
      );
      assert.deepEqual(
        takeReceived(world, '/operator'),
        sorted(uploadEvents('pay-api'), uploadEvents('web-shop'), uploadEvents('ops-tool'), org),
      );
      // The deliveries left out are in the log, skipped, and say why.
      const log = await w.app.inject({
        url: `/api/v1/webhooks/${aliceHook}/deliveries`,
        headers: w.admin.cookie,
      });
      const deliveries = log.json().data as { status: string; attempts: number; lastError: string | null }[];
      assert.deepEqual(
        Object.fromEntries([...Map.groupBy(deliveries, (d) => d.status)].map(([k, v]) => [k, v.length])),
        { succeeded: 7, skipped: 12 },
      );
      const skipped = deliveries.find((d) => d.status === 'skipped')!;
      assert.deepEqual(
        [skipped.attempts, skipped.lastError],
        [0, `outside the reach of its creator ${alice.id}`],
      );

      // Team A now grants web instead of pay: Alice's webhook follows at the next event.
      await patch(w, `/api/v1/teams/${w.teamA}`, { grants: [{ assetTags: ['web'], role: 'member' }] });
      const payV3 = await uploadVersion(world, 'pay-api', '3');
      await uploadVersion(world, 'web-shop', '3');
      await w.services.webhookDispatcher.runDue();
      assert.deepEqual(takeReceived(world, '/alice'), uploadEvents('web-shop'));
      assert.deepEqual(
        takeReceived(world, '/bob'),
        sorted(uploadEvents('pay-api'), uploadEvents('web-shop')),
      );

      // With portfolioAccess off, members reach the whole organisation again, and so do their webhooks.
      await patch(w, '/api/v1/org', { portfolioAccess: false });
      const deleted = await w.app.inject({
        method: 'DELETE',
        url: `/api/v1/sscs/sboms/${payV3}`,
        headers: adminBearer(w),
      });
      assert.equal(deleted.statusCode, 200, deleted.body);
      await w.services.webhookDispatcher.runDue();
      assert.deepEqual(takeReceived(world, '/alice'), ['sbom.deleted pay-api']);
      assert.deepEqual(takeReceived(world, '/bob'), ['sbom.deleted pay-api']);
      assert.deepEqual(
        takeReceived(world, '/operator'),
        sorted(uploadEvents('pay-api'), uploadEvents('web-shop'), ['sbom.deleted pay-api']),
      );

      // Scoping on again, and Bob leaves: his webhook is the organisation's now and reaches all of it (ops-tool
      // was never in his teams' grants), while Alice's stays within team A's.
      await patch(w, '/api/v1/org', { portfolioAccess: true });
      const removed = await w.app.inject({
        method: 'DELETE',
        url: `/api/v1/users/${bob.id}`,
        headers: w.admin.write,
      });
      assert.equal(removed.statusCode, 200, removed.body);
      await uploadVersion(world, 'ops-tool', '3');
      await w.services.webhookDispatcher.runDue();
      assert.deepEqual(takeReceived(world, '/bob'), uploadEvents('ops-tool'));
      assert.deepEqual(takeReceived(world, '/alice'), []);
    });
  });
}
