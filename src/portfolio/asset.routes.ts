// REST edge of the portfolio's assets (docs/portfolio.md): list, create, show, update, delete, and a retention
// sweep on demand.
import { z } from 'zod';
import type { App } from '../http/app-type.ts';
import { envelopeOf, ok } from '../http/envelope.ts';
import { principalOf } from '../tenancy/route-auth.ts';
import { FEATURES } from '../tenancy/plans.ts';
import {
  Asset,
  AssetDetail,
  AssetParams,
  CreateAssetBody,
  DeletedAsset,
  ListAssetsQuery,
  RetentionRun,
  UpdateAssetBody,
} from './asset.schemas.ts';
import type { PortfolioServices } from './index.ts';
import { reachable, unrestricted } from './asset-reach.ts';

const feature = FEATURES.supplyChainSecurity;
const read = { auth: { scope: 'sbom:read', feature } } as const;
const write = { auth: { scope: 'sbom:write', feature } } as const;
/** Running retention deletes SBOMs of every asset: a session needs the admin role. */
const admin = { auth: { scope: 'sbom:write', feature, sessionRole: 'admin' } } as const;
const tags = ['assets'];
const NoQuery = z.object({}).strict();

export async function assetRoutes(app: App, { assets, retention }: PortfolioServices): Promise<void> {
  app.get(
    '/sscs/assets',
    {
      config: read,
      schema: {
        tags,
        querystring: ListAssetsQuery,
        response: { 200: envelopeOf(z.array(Asset)) },
      },
    },
    async (request) => {
      const { orgId, reach } = principalOf(request);
      return ok(await assets.list(orgId, request.query, reach));
    },
  );

  app.post(
    '/sscs/assets',
    {
      config: write,
      schema: {
        tags,
        querystring: NoQuery,
        body: CreateAssetBody,
        response: { 201: envelopeOf(AssetDetail) },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = unrestricted(principalOf(request), 'create assets');
      return reply.status(201).send(ok(await assets.create(orgId, userId, request.body)));
    },
  );

  app.post(
    '/sscs/assets/retention/run',
    { config: admin, schema: { tags, querystring: NoQuery, response: { 200: envelopeOf(RetentionRun) } } },
    async (request) =>
      ok(await retention.sweepOrg(unrestricted(principalOf(request), 'run retention').orgId)),
  );

  app.get(
    '/sscs/assets/:assetId',
    {
      config: read,
      schema: { tags, params: AssetParams, querystring: NoQuery, response: { 200: envelopeOf(AssetDetail) } },
    },
    async (request) => {
      const { orgId, reach } = principalOf(request);
      return ok(await assets.get(orgId, request.params.assetId, reach));
    },
  );

  app.patch(
    '/sscs/assets/:assetId',
    {
      config: write,
      schema: {
        tags,
        params: AssetParams,
        querystring: NoQuery,
        body: UpdateAssetBody,
        response: { 200: envelopeOf(AssetDetail) },
      },
    },
    async (request) => {
      const { orgId, userId, reach } = principalOf(request);
      await reachable(assets, orgId, reach, [request.params.assetId, request.body.parentId]);
      return ok(await assets.update(orgId, userId, request.params.assetId, request.body));
    },
  );

  app.delete(
    '/sscs/assets/:assetId',
    {
      config: write,
      schema: {
        tags,
        params: AssetParams,
        querystring: NoQuery,
        response: { 200: envelopeOf(DeletedAsset) },
      },
    },
    async (request) => {
      const { orgId, userId, reach } = principalOf(request);
      await reachable(assets, orgId, reach, [request.params.assetId]);
      return ok(await assets.delete(orgId, userId, request.params.assetId));
    },
  );
}
