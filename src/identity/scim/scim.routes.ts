/**
 * SCIM 2.0 at /scim/v2 (RFC 7644): discovery documents, Users and Groups, for provisioning clients (Entra ID,
 * Okta) holding an API token with scope `scim`. Every answer, errors included, is SCIM's own JSON.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { App } from '../../http/app-type.ts';
import { principalOf } from '../../tenancy/route-auth.ts';
import {
  groupResource,
  listResponse,
  resourceTypes,
  schemas,
  SCIM_CONTENT_TYPE,
  ScimError,
  scimErrorBody,
  serviceProviderConfig,
  userResource,
} from './scim-format.ts';
import { patchOperations, userFromBody, userPatch } from './scim-input.ts';
import type { ScimGroupService } from './scim-groups.service.ts';
import type { ScimUserService } from './scim-users.service.ts';

export const SCIM_PREFIX = '/scim/v2';

interface ListQuery {
  filter?: string;
  startIndex?: string;
  count?: string;
}

/**
 * Routes are left out of the OpenAPI document: SCIM is its own standard (docs/identity.md). Query parameters
 * this service does not use (attributes, sortBy) are ignored, as RFC 7644 lets a service provider do.
 */
const route = {
  config: { auth: { scope: 'scim' as const } },
  schema: { hide: true, querystring: z.record(z.string(), z.string()) },
};

const baseOf = (request: FastifyRequest) => `${request.protocol}://${request.host}${SCIM_PREFIX}`;
const send = (reply: FastifyReply, status: number, body: unknown) =>
  reply.status(status).type(SCIM_CONTENT_TYPE).send(JSON.stringify(body));

function scimErrors(app: App): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status === 401) void reply.header('www-authenticate', 'Bearer realm="bulwark"');
      const scimType = error instanceof ScimError ? error.scimType : undefined;
      return send(reply, error.status, scimErrorBody(error.status, error.message, scimType));
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'SCIM request failed');
    const detail = status === 500 ? 'An internal error occurred' : error.message;
    return send(reply, status, scimErrorBody(status, detail, status === 400 ? 'invalidSyntax' : undefined));
  });
}

export async function scimRoutes(
  app: App,
  { scimUsers, scimGroups }: { scimUsers: ScimUserService; scimGroups: ScimGroupService },
): Promise<void> {
  app.addContentTypeParser(SCIM_CONTENT_TYPE, { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new ScimError('VALIDATION_FAILED', 400, 'The body is not valid JSON', 'invalidSyntax'));
    }
  });
  scimErrors(app);

  app.get('/ServiceProviderConfig', route, async (request, reply) =>
    send(reply, 200, serviceProviderConfig(baseOf(request))),
  );
  app.get('/ResourceTypes', route, async (request, reply) => {
    const types = resourceTypes(baseOf(request));
    return send(reply, 200, listResponse(types, types.length, 1));
  });
  app.get('/Schemas', route, async (request, reply) => {
    const all = schemas(baseOf(request));
    return send(reply, 200, listResponse(all, all.length, 1));
  });

  app.get<{ Querystring: ListQuery }>('/Users', route, async (request, reply) => {
    const { orgId } = principalOf(request);
    const { users, total, startIndex } = await scimUsers.list(orgId, request.query);
    const base = baseOf(request);
    return send(
      reply,
      200,
      listResponse(
        users.map((u) => userResource(u, base)),
        total,
        startIndex,
      ),
    );
  });
  app.post('/Users', route, async (request, reply) => {
    const actor = principalOf(request);
    const user = await scimUsers.create(actor.orgId, actor.userId, userFromBody(request.body));
    return send(reply, 201, userResource(user, baseOf(request)));
  });
  app.get<{ Params: { id: string } }>('/Users/:id', route, async (request, reply) =>
    send(
      reply,
      200,
      userResource(await scimUsers.get(principalOf(request).orgId, request.params.id), baseOf(request)),
    ),
  );
  app.put<{ Params: { id: string } }>('/Users/:id', route, async (request, reply) => {
    const actor = principalOf(request);
    const user = await scimUsers.update(
      actor.orgId,
      actor.userId,
      request.params.id,
      userFromBody(request.body),
    );
    return send(reply, 200, userResource(user, baseOf(request)));
  });
  app.patch<{ Params: { id: string } }>('/Users/:id', route, async (request, reply) => {
    const actor = principalOf(request);
    const changes = userPatch(patchOperations(request.body));
    const user = await scimUsers.update(actor.orgId, actor.userId, request.params.id, changes);
    return send(reply, 200, userResource(user, baseOf(request)));
  });
  app.delete<{ Params: { id: string } }>('/Users/:id', route, async (request, reply) => {
    const actor = principalOf(request);
    await scimUsers.delete(actor.orgId, actor.userId, request.params.id);
    return reply.status(204).send();
  });

  app.get<{ Querystring: ListQuery }>('/Groups', route, async (request, reply) => {
    const { groups, total, startIndex } = await scimGroups.list(principalOf(request).orgId, request.query);
    const base = baseOf(request);
    return send(
      reply,
      200,
      listResponse(
        groups.map((g) => groupResource(g, base)),
        total,
        startIndex,
      ),
    );
  });
  app.post('/Groups', route, async (request, reply) => {
    const actor = principalOf(request);
    return send(
      reply,
      201,
      groupResource(await scimGroups.create(actor.orgId, actor.userId, request.body), baseOf(request)),
    );
  });
  app.get<{ Params: { id: string } }>('/Groups/:id', route, async (request, reply) =>
    send(
      reply,
      200,
      groupResource(await scimGroups.get(principalOf(request).orgId, request.params.id), baseOf(request)),
    ),
  );
  app.put<{ Params: { id: string } }>('/Groups/:id', route, async (request, reply) => {
    const actor = principalOf(request);
    const group = await scimGroups.replace(actor.orgId, actor.userId, request.params.id, request.body);
    return send(reply, 200, groupResource(group, baseOf(request)));
  });
  app.patch<{ Params: { id: string } }>('/Groups/:id', route, async (request, reply) => {
    const actor = principalOf(request);
    const group = await scimGroups.patch(
      actor.orgId,
      actor.userId,
      request.params.id,
      patchOperations(request.body),
    );
    return send(reply, 200, groupResource(group, baseOf(request)));
  });
  app.delete<{ Params: { id: string } }>('/Groups/:id', route, async (request, reply) => {
    const actor = principalOf(request);
    await scimGroups.delete(actor.orgId, actor.userId, request.params.id);
    return reply.status(204).send();
  });
}
