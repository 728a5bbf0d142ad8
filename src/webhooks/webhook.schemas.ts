import { z } from 'zod';
import { EVENT_TYPES } from '../events/catalogue.ts';

/** Request and response shapes of the webhook endpoints (the CLI prints the same objects). */

export const WEBHOOK_FORMATS = ['standard', 'slack'] as const;
export const MIN_SEVERITIES = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;

export const CreateWebhookBody = z
  .object({
    url: z.string().min(1).max(2048),
    events: z.array(z.enum(EVENT_TYPES)).min(1).optional(),
    minSeverity: z.enum(MIN_SEVERITIES).optional(),
    kevOnly: z.boolean().optional(),
    format: z.enum(WEBHOOK_FORMATS).optional(),
  })
  .strict();
export type CreateWebhookInput = z.infer<typeof CreateWebhookBody>;

export const Webhook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(EVENT_TYPES)),
  minSeverity: z.enum(MIN_SEVERITIES).nullable(),
  kevOnly: z.boolean(),
  format: z.enum(WEBHOOK_FORMATS),
  enabled: z.boolean(),
  failingSince: z.string().nullable(),
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof Webhook>;

export const CreatedWebhook = Webhook.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

export const DeliveryAttempt = z.object({
  attempt: z.number().int(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  at: z.string(),
});

export const Delivery = z.object({
  id: z.string(),
  webhookId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  /** skipped: the event's asset is outside the reach of the webhook's creator (docs/portfolio-access.md). */
  status: z.enum(['pending', 'succeeded', 'failed', 'skipped']),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  log: z.array(DeliveryAttempt),
});
export type Delivery = z.infer<typeof Delivery>;

export const WebhookParams = z.object({ webhookId: z.string().min(1).max(100) }).strict();
export const DeliveryParams = z
  .object({ webhookId: z.string().min(1).max(100), deliveryId: z.string().min(1).max(100) })
  .strict();
