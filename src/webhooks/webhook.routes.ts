import { z } from 'zod';
import { AppError } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { envelopeOf, ok } from '../http/envelope.ts';
import { principalOf, sessionOnly } from '../http/route-auth.ts';
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
    { config, schema: { tags, response: { 200: envelopeOf(z.array(Webhook)) } } },
    async (request) => ok(await webhooks.list(principalOf(request).orgId)),
  );

  app.post(
    '/webhooks',
    { config, schema: { tags, body: CreateWebhookBody, response: { 201: envelopeOf(CreatedWebhook) } } },
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
    { config, schema: { tags, params: WebhookParams, response: { 200: envelopeOf(z.array(Delivery)) } } },
    async (request) => ok(await webhooks.deliveries(principalOf(request).orgId, request.params.webhookId)),
  );

  app.post(
    '/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
    { config, schema: { tags, params: DeliveryParams, response: { 201: envelopeOf(Delivery) } } },
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
