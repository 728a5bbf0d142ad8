// REST edge of the portfolio's assets (docs/portfolio.md): list, create, show, update, delete, and a retention
// sweep on demand.
import { z } from 'zod';
import type { App } from '../http/app-type.ts';
import { envelopeOf, ok } from '../http/envelope.ts';
import { NOT_FOUND_ERRORS } from '../http/openapi.ts';
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
import { unrestricted, writableAssets } from './asset-reach.ts';

const feature = FEATURES.supplyChainSecurity;
const read = { auth: { scope: 'sbom:read', feature } } as const;
const write = { auth: { scope: 'sbom:write', feature } } as const;
/** Running retention deletes SBOMs of every asset: a session needs the admin role. */
const admin = { auth: { scope: 'sbom:write', feature, sessionRole: 'admin' } } as const;
const tags = ['assets'];
const NoQuery = z.object({}).strict();
/** A taken name, or a parent with children in the way. */
const CONFLICT_ERRORS = { 409: ['CONFLICT'] } as const;

export async function assetRoutes(app: App, { assets, retention }: PortfolioServices): Promise<void> {
  app.get(
    '/sscs/assets',
    {
      config: read,
      schema: {
        tags,
        summary: 'List assets',
        description:
          'Assets as records (docs/portfolio.md), by name: id, name and assetName, parentId, tags, classifier, ' +
          'active, retention, versions (its SBOMs, newest first), latestSbomId, the open findings and violations ' +
          'of the latest SBOM, and roll-ups over the asset and all its descendants. Default: active assets only; ' +
          '`active=true|false|all`; `q` (name contains) also lists inactive ones unless `active` says; `tag` ' +
          'keeps the assets carrying it.',
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
        summary: 'Create an asset',
        description:
          'An asset without SBOMs yet (uploads create theirs by assetName): name (unique), parentId, tags, ' +
          'classifier, active, retention. An unknown parent, or a parent that is the asset or a descendant, is 400 ' +
          'naming parentId; a taken name is 409 CONFLICT. Audited.',
        querystring: NoQuery,
        body: CreateAssetBody,
        response: { 201: envelopeOf(AssetDetail) },
        'x-operation': { errors: CONFLICT_ERRORS },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = unrestricted(principalOf(request), 'create assets');
      return reply.status(201).send(ok(await assets.create(orgId, userId, request.body)));
    },
  );

  app.post(
    '/sscs/assets/retention/run',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Apply retention now',
        description:
          'Runs the retention sweep of the organisation at once (it also runs hourly and after uploads): versions ' +
          'beyond keepVersions or older than maxAgeDays (never the newest) are deleted, assets without an upload ' +
          'for inactiveAfterDays are marked inactive. Sessions need the admin role.',
        querystring: NoQuery,
        response: { 200: envelopeOf(RetentionRun) },
      },
    },
    async (request) =>
      ok(await retention.sweepOrg(unrestricted(principalOf(request), 'run retention').orgId)),
  );

  app.get(
    '/sscs/assets/:assetId',
    {
      config: read,
      schema: {
        tags,
        summary: 'Get an asset',
        description:
          'One asset with its versions, children, tags and roll-ups. Another organisation’s id is 404.',
        params: AssetParams,
        querystring: NoQuery,
        response: { 200: envelopeOf(AssetDetail) },
        'x-operation': { errors: NOT_FOUND_ERRORS },
      },
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
        summary: 'Update an asset',
        description:
          'Any of name (its SBOMs’ assetName follows), parentId (null: top level), tags (replaces them), ' +
          'classifier, active, retention (null: the organisation’s default). Audited.',
        params: AssetParams,
        querystring: NoQuery,
        body: UpdateAssetBody,
        response: { 200: envelopeOf(AssetDetail) },
        'x-operation': { errors: { ...NOT_FOUND_ERRORS, ...CONFLICT_ERRORS } },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await writableAssets(assets, principal, [request.params.assetId, request.body.parentId]);
      return ok(await assets.update(principal.orgId, principal.userId, request.params.assetId, request.body));
    },
  );

  app.delete(
    '/sscs/assets/:assetId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete an asset',
        description:
          'Deletes the asset and its SBOMs (each deletion audited as sbom.delete). An asset with child assets is ' +
          '409 CONFLICT: move or delete the children first.',
        params: AssetParams,
        querystring: NoQuery,
        response: { 200: envelopeOf(DeletedAsset) },
        'x-operation': { errors: { ...NOT_FOUND_ERRORS, ...CONFLICT_ERRORS } },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await writableAssets(assets, principal, [request.params.assetId]);
      return ok(await assets.delete(principal.orgId, principal.userId, request.params.assetId));
    },
  );
}
