import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks signing (docs/events.md): secrets `whsec_<base64>`, signatures `v1,<base64 HMAC-SHA256>`.
 * Signed by the `standardwebhooks` library itself, the one receivers verify with, not a copy of its rule.
 */

export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

/** The `webhook-signature` header value for one message. */
export function signWebhook(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): string {
  return new Webhook(secret).sign(messageId, new Date(timestampSeconds * 1000), body);
}
