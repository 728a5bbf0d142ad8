import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks signing (docs/events.md): secrets `whsec_<base64>`, signatures `v1,<base64 HMAC-SHA256>`. */

export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

/** The `webhook-signature` header value for one message. */
export function signWebhook(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const mac = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}
