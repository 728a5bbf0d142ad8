import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { envelopeOf, ok } from '../http/envelope.ts';
import { authenticateRequest, CHALLENGE_HEADER, principalOf } from '../http/route-auth.ts';
import type { TenancyService } from '../tenancy/tenancy.service.ts';
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
 * /api/v1/webhooks: session-only endpoints (docs/events.md). A bearer API token is authenticated first (a bad
 * one is 401 like anywhere else) and then refused with 403 FORBIDDEN: webhooks are managed by people.
 */

const tags = ['webhooks'];

function sessionOnly(tenancy: TenancyService) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      request.principal = await authenticateRequest(tenancy, request.headers.authorization);
    } catch (error) {
      if (error instanceof AppError && error.status === 401)
        void reply.header('www-authenticate', CHALLENGE_HEADER);
      throw error;
    }
    throw new AppError(
      'FORBIDDEN',
      403,
      'Webhooks are managed from a signed-in session of an admin or owner, not with an API token',
    );
  };
}

export async function webhookRoutes(
  app: App,
  { webhooks, tenancy }: { webhooks: WebhookService; tenancy: TenancyService },
): Promise<void> {
  const onRequest = sessionOnly(tenancy);

  app.get(
    '/webhooks',
    { onRequest, schema: { tags, response: { 200: envelopeOf(z.array(Webhook)) } } },
    async (request) => ok(await webhooks.list(principalOf(request).orgId)),
  );

  app.post(
    '/webhooks',
    { onRequest, schema: { tags, body: CreateWebhookBody, response: { 201: envelopeOf(CreatedWebhook) } } },
    async (request, reply) => {
      const { orgId, userId } = principalOf(request);
      return reply.status(201).send(ok(await webhooks.create(orgId, userId, request.body)));
    },
  );

  app.delete(
    '/webhooks/:webhookId',
    {
      onRequest,
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
    { onRequest, schema: { tags, params: WebhookParams, response: { 200: envelopeOf(z.array(Delivery)) } } },
    async (request) => ok(await webhooks.deliveries(principalOf(request).orgId, request.params.webhookId)),
  );

  app.post(
    '/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
    { onRequest, schema: { tags, params: DeliveryParams, response: { 201: envelopeOf(Delivery) } } },
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
