/**
 * Teams (docs/portfolio-access.md): session-only admin endpoints, like users and tokens (API tokens get 403), so a
 * leaked token cannot widen anyone's reach.
 */
import { z } from 'zod';
import type { App } from '../http/app-type.ts';
import { envelopeOf, ok } from '../http/envelope.ts';
import { principalOf, sessionOnly } from '../tenancy/route-auth.ts';
import { CreateTeamBody, TeamDeleted, TeamItem, TeamParams, UpdateTeamBody } from './team.schemas.ts';
import type { TeamService } from './team.service.ts';

const admin = sessionOnly('admin');

export async function teamRoutes(app: App, { teams }: { teams: TeamService }): Promise<void> {
  app.get(
    '/teams',
    {
      config: admin,
      schema: {
        summary: 'List teams',
        description:
          "The organisation's teams with their members and grants (docs/portfolio-access.md). Session only, admins.",
        tags: ['teams'],
        response: { 200: envelopeOf(z.array(TeamItem)) },
      },
    },
    async (request) => ok(await teams.list(principalOf(request).orgId)),
  );

  app.post(
    '/teams',
    {
      config: admin,
      schema: {
        summary: 'Create a team',
        description:
          'Members (user ids) and grants (assetTags and/or assetIds, role). A tag no asset carries, an unknown asset or user is 400 naming it. Session only, admins.',
        tags: ['teams'],
        body: CreateTeamBody,
        response: { 201: envelopeOf(TeamItem) },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = principalOf(request);
      return reply.status(201).send(ok(await teams.create(orgId, userId, request.body)));
    },
  );

  app.get(
    '/teams/:teamId',
    {
      config: admin,
      schema: {
        summary: 'Get a team',
        description: "One team; another organisation's id is 404. Session only, admins.",
        tags: ['teams'],
        params: TeamParams,
        response: { 200: envelopeOf(TeamItem) },
      },
    },
    async (request) => ok(await teams.get(principalOf(request).orgId, request.params.teamId)),
  );

  app.patch(
    '/teams/:teamId',
    {
      config: admin,
      schema: {
        summary: 'Change a team',
        description:
          "Name, members and grants; members and grants given replace the team's. Applies to its members' next request. Session only, admins.",

        tags: ['teams'],
        params: TeamParams,
        body: UpdateTeamBody,
        response: { 200: envelopeOf(TeamItem) },
      },
    },
    async (request) => {
      const { orgId, userId } = principalOf(request);
      return ok(await teams.update(orgId, userId, request.params.teamId, request.body));
    },
  );

  app.delete(
    '/teams/:teamId',
    {
      config: admin,
      schema: {
        summary: 'Delete a team',
        description: 'Its members lose what it granted on their next request. Session only, admins.',
        tags: ['teams'],
        params: TeamParams,
        response: { 200: envelopeOf(TeamDeleted) },
      },
    },
    async (request) => {
      const { orgId, userId } = principalOf(request);
      return ok(await teams.delete(orgId, userId, request.params.teamId));
    },
  );
}
