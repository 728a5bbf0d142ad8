import { z } from 'zod';
import { AppError } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { envelopeOf, ok } from '../http/envelope.ts';
import { principalOf, sessionOnly } from '../tenancy/route-auth.ts';
import {
  CreatedWebhook,
  CreateWebhookBody,
  Delivery,
  DeliveryParams,
  Webhook,
  WebhookParams,
} from './webhook.schemas.ts';
import type { WebhookService } from './webhook.service.ts';

/**
 * /api/v1/webhooks (docs/events.md): session-only, for admins and owners. A bearer API token is answered with
 * 403 FORBIDDEN (docs/sessions.md): webhooks are managed by people.
 */

const tags = ['webhooks'];
const config = sessionOnly('admin');

export async function webhookRoutes(app: App, { webhooks }: { webhooks: WebhookService }): Promise<void> {
  app.get(
    '/webhooks',
    {
      config,
      schema: {
        tags,
        summary: "List the organisation's webhook subscriptions",
        description:
          'Session-only (admin or owner; an API token gets 403 FORBIDDEN). Secrets are never listed.',
        response: { 200: envelopeOf(z.array(Webhook)) },
      },
    },
    async (request) => ok(await webhooks.list(principalOf(request).orgId)),
  );

  app.post(
    '/webhooks',
    {
      config,
      schema: {
        tags,
        summary: 'Subscribe a URL to events',
        description:
          'Session-only (admin or owner). events: types wanted (all when omitted); minSeverity and kevOnly ' +
          'filter finding events; format standard or slack. Private, loopback and link-local targets are ' +
          'refused (400 VALIDATION_FAILED) unless WEBHOOK_ALLOW_PRIVATE=true. The answer holds the signing ' +
          'secret (whsec_…), shown only here.',
        body: CreateWebhookBody,
        response: { 201: envelopeOf(CreatedWebhook) },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = principalOf(request);
      return reply.status(201).send(ok(await webhooks.create(orgId, userId, request.body)));
    },
  );

  app.delete(
    '/webhooks/:webhookId',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a webhook subscription',
        description: 'Session-only (admin or owner). Its pending and past deliveries go with it.',
        params: WebhookParams,
        response: { 200: envelopeOf(z.object({ id: z.string(), deleted: z.literal(true) })) },
      },
    },
    async (request) => {
      const { orgId, userId } = principalOf(request);
      return ok(await webhooks.delete(orgId, userId, request.params.webhookId));
    },
  );

  app.get(
    '/webhooks/:webhookId/deliveries',
    {
      config,
      schema: {
        tags,
        summary: "A subscription's deliveries with their attempt log",
        description:
          'Session-only (admin or owner). The newest 100 deliveries, each with every attempt (status code, ' +
          'duration, error).',
        params: WebhookParams,
        response: { 200: envelopeOf(z.array(Delivery)) },
      },
    },
    async (request) => ok(await webhooks.deliveries(principalOf(request).orgId, request.params.webhookId)),
  );

  app.post(
    '/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
    {
      config,
      schema: {
        tags,
        summary: 'Deliver an event again',
        description:
          'Session-only (admin or owner). Queues a new delivery of the same event (same webhook-id), due at ' +
          'once, with a fresh retry schedule.',
        params: DeliveryParams,
        response: { 201: envelopeOf(Delivery) },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = principalOf(request);
      const { webhookId, deliveryId } = request.params;
      const delivery = await webhooks.redeliver(orgId, userId, deliveryId);
      if (delivery.webhookId !== webhookId)
        throw new AppError('NOT_FOUND', 404, `Delivery '${deliveryId}' was not found`);
      return reply.status(201).send(ok(delivery));
    },
  );
}
