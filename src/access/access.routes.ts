/**
 * Session-only management: API tokens, users and organisation settings. API tokens get 403 FORBIDDEN here
 * (docs/sessions.md), so a leaked token cannot mint tokens or change who has access.
 */
import { z } from 'zod';
import { validationFailed } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { envelopeOf, ok } from '../http/envelope.ts';
import { NOT_FOUND_ERRORS } from '../http/openapi.ts';
import { principalOf, sessionOnly } from '../tenancy/route-auth.ts';
import { parseDuration } from '../shared/time.ts';
import {
  CreatedToken,
  CreateTokenBody,
  CreateUserBody,
  Deleted,
  OrgSettings,
  TokenItem,
  TokenParams,
  UpdateOrgBody,
  UpdateUserBody,
  UserItem,
  UserParams,
} from './access.schemas.ts';
import type { ApiToken, Organization, TenancyService, User } from '../tenancy/tenancy.service.ts';
import type { UserService } from '../tenancy/user.service.ts';
import type { MfaService } from '../identity/mfa/mfa.service.ts';

const admin = sessionOnly('admin');
const anyone = sessionOnly('viewer');

const tokenItem = (t: ApiToken) => ({
  id: t.id,
  name: t.name,
  userId: t.userId,
  scopes: t.scopes,
  assetTags: t.assetTags,
  expiresAt: t.expiresAt,
  revokedAt: t.revokedAt,
  createdAt: t.createdAt,
});
const userItem = (u: User) => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  createdAt: u.createdAt,
});
const orgSettings = (o: Organization, requireMfa: boolean) => ({
  id: o.id,
  slug: o.slug,
  name: o.name,
  plan: o.plan,
  mcpWriteEnabled: o.mcpWriteEnabled,
  requireMfa,
  mcpSupplyChainTools: o.mcpSupplyChainTools,
  portfolioAccess: o.portfolioAccess,
  retention: o.retention,
  createdAt: o.createdAt,
});

export async function accessRoutes(
  app: App,
  { tenancy, users, mfa }: { tenancy: TenancyService; users: UserService; mfa: MfaService },
): Promise<void> {
  const slugOf = async (orgId: string) => (await tenancy.getOrganizationById(orgId)).slug;

  app.get(
    '/tokens',
    {
      config: admin,
      schema: {
        tags: ['tokens'],
        summary: 'List API tokens',
        description: "The organisation's API tokens (never their secrets). Session only, admins.",
        response: { 200: envelopeOf(z.array(TokenItem)) },
      },
    },
    async (request) =>
      ok((await tenancy.listTokens(await slugOf(principalOf(request).orgId))).map(tokenItem)),
  );

  app.post(
    '/tokens',
    {
      config: admin,
      schema: {
        tags: ['tokens'],
        summary: 'Create an API token',
        description: 'The token belongs to the signed-in person; its secret appears only in this answer.',
        body: CreateTokenBody,
        response: { 201: envelopeOf(CreatedToken) },
      },
    },
    async (request, reply) => {
      const actor = principalOf(request);
      const { name, scopes, expiresIn, assetTags } = request.body;
      const expiresInMs = expiresIn === undefined ? undefined : parseDuration(expiresIn);
      if (expiresInMs === undefined && expiresIn !== undefined)
        throw validationFailed('expiresIn must be a positive duration', [
          { path: 'body.expiresIn', message: 'a positive duration such as 30d, 12h or 90m' },
        ]);
      const { token, secret } = await tenancy.createToken({
        orgSlug: await slugOf(actor.orgId),
        userEmail: actor.session!.view.user.email,
        scopes,
        actorId: actor.userId,
        ...(name !== undefined ? { name } : {}),
        ...(expiresInMs !== undefined ? { expiresInMs } : {}),
        ...(assetTags !== undefined ? { assetTags } : {}),
      });
      // The secret appears only in this answer: no cache may keep it.
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(
          ok({
            id: token.id,
            token: secret,
            name: token.name,
            scopes: token.scopes,
            assetTags: token.assetTags,
            expiresAt: token.expiresAt,
          }),
        );
    },
  );

  app.delete(
    '/tokens/:tokenId',
    {
      config: admin,
      schema: {
        tags: ['tokens'],
        summary: 'Revoke an API token',
        description: 'Revokes the token at once; it is kept, revoked, in the list. Session only, admins.',
        params: TokenParams,
        response: { 200: envelopeOf(Deleted) },
        'x-operation': { errors: NOT_FOUND_ERRORS },
      },
    },
    async (request) => {
      const actor = principalOf(request);
      const token = await tenancy.revokeToken(request.params.tokenId, actor.userId, actor.orgId);
      return ok({ id: token.id, deleted: true as const });
    },
  );

  app.get(
    '/users',
    {
      config: admin,
      schema: {
        tags: ['users'],
        summary: 'List workspace users',
        description: "The organisation's users with their roles. Session only, admins.",
        response: { 200: envelopeOf(z.array(UserItem)) },
      },
    },
    async (request) => ok((await users.list(principalOf(request).orgId)).map(userItem)),
  );

  app.post(
    '/users',
    {
      config: admin,
      schema: {
        tags: ['users'],
        summary: 'Add a workspace user',
        description: 'Creates a user with a role (and optionally a password). Session only, admins.',
        body: CreateUserBody,
        response: { 201: envelopeOf(UserItem) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(userItem(await users.create(principalOf(request), request.body)))),
  );

  app.patch(
    '/users/:userId',
    {
      // Anyone signed in may change their own name and password; the service decides the rest.
      config: anyone,
      schema: {
        tags: ['users'],
        summary: 'Change a workspace user',
        description:
          'Name, password or role; anyone may change their own name and password, admins the rest.',
        params: UserParams,
        body: UpdateUserBody,
        response: { 200: envelopeOf(UserItem) },
        'x-operation': { errors: NOT_FOUND_ERRORS },
      },
    },
    async (request) =>
      ok(userItem(await users.update(principalOf(request), request.params.userId, request.body))),
  );

  app.delete(
    '/users/:userId',
    {
      config: admin,
      schema: {
        tags: ['users'],
        summary: 'Remove a workspace user',
        description:
          'Removes the user (never the last owner) with their sessions and API tokens. Session only, admins.',
        params: UserParams,
        response: { 200: envelopeOf(Deleted) },
        'x-operation': { errors: NOT_FOUND_ERRORS },
      },
    },
    async (request) => ok(await users.delete(principalOf(request), request.params.userId)),
  );

  app.get(
    '/org',
    {
      config: anyone,
      schema: {
        tags: ['organisation'],
        summary: 'Organisation settings',
        description: "The signed-in person's organisation: slug, name, plan and MCP write setting.",
        response: { 200: envelopeOf(OrgSettings) },
      },
    },
    async (request) => {
      const { orgId } = principalOf(request);
      return ok(orgSettings(await tenancy.getOrganizationById(orgId), await mfa.requiredIn(orgId)));
    },
  );

  app.patch(
    '/org',
    {
      config: admin,
      schema: {
        tags: ['organisation'],
        summary: 'Change organisation settings',
        description: 'Name and the MCP write setting (write tools). Session only, admins.',
        body: UpdateOrgBody,
        response: { 200: envelopeOf(OrgSettings) },
      },
    },
    async (request) => {
      const actor = principalOf(request);
      const { requireMfa, ...changes } = request.body;
      // requireMfa is the owner's (checked first, so an admin's request changes nothing).
      if (requireMfa !== undefined) await mfa.setRequired(actor, requireMfa);
      const org =
        Object.keys(changes).length > 0
          ? await tenancy.updateOrganization(await slugOf(actor.orgId), changes, actor.userId)
          : await tenancy.getOrganizationById(actor.orgId);
      return ok(orgSettings(org, await mfa.requiredIn(actor.orgId)));
    },
  );
}
