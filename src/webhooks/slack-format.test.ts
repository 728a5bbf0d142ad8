// The Slack message of an event, and the Standard Webhooks signature of a delivery (pure functions).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import type { EventPayload } from '../events/catalogue.ts';
import { signWebhook } from './signature.ts';
import { slackMessage } from './slack-format.ts';

describe('webhook payloads', () => {
  it("escapes Slack's control characters, so a vendor named <!channel> pings nobody", () => {
    const event = {
      id: 'evt_01',
      type: 'vendor.created',
      createdAt: '2026-11-26T04:00:00.000Z',
      orgId: 'org_01',
      data: { vendor: { name: '<!channel> & <@U123>', riskTier: 1 }, actorId: 'usr_01' },
    } as unknown as EventPayload;
    const message = slackMessage(event);
    const text = '[Bulwark] Vendor added: &lt;!channel&gt; &amp; &lt;@U123&gt; (tier 1)';
    assert.equal(message.text, text);
    assert.deepEqual(message.blocks[0], { type: 'section', text: { type: 'mrkdwn', text } });
  });

  it('signs per Standard Webhooks: the specification test vector, and what the library verifies', () => {
    // The test vector of the Standard Webhooks specification's reference libraries.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const signature = signWebhook(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
    assert.equal(signature, 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    const now = Math.floor(Date.now() / 1000);
    const body = '{"type":"vendor.created"}';
    const headers = {
      'webhook-id': 'evt_02',
      'webhook-timestamp': String(now),
      'webhook-signature': signWebhook(secret, 'evt_02', now, body),
    };
    assert.deepEqual(new Webhook(secret).verify(body, headers), { type: 'vendor.created' });
  });
});
