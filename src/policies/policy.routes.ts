/** REST routes of policies, license groups and violations (docs/policies.md). */
import { z } from 'zod';
import { AppError } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { envelopeOf, ok } from '../http/envelope.ts';
import { principalOf } from '../tenancy/route-auth.ts';
import { FEATURES } from '../tenancy/plans.ts';
import {
  LicenseGroup,
  LicenseGroupBody,
  LicenseGroupParams,
  Policy,
  PolicyBody,
  PolicyParams,
  PolicyPreview,
  SbomViolationSummary,
  Violation,
  ViolationDetail,
  ViolationParams,
  ViolationPatch,
  ViolationQuery,
  ViolationSummary,
  ViolationSummaryQuery,
} from './policy.schemas.ts';
import type { PolicyService } from './policy.service.ts';
import type { ViolationService } from './violation.service.ts';

const read = { auth: { scope: 'sbom:read', feature: FEATURES.supplyChainSecurity } } as const;
const write = {
  auth: { scope: 'sbom:write', feature: FEATURES.supplyChainSecurity, sessionRole: 'admin' },
} as const;
const triage = { auth: { scope: 'sbom:write', feature: FEATURES.supplyChainSecurity } } as const;
const NoQuery = z.object({}).strict();
const Deleted = envelopeOf(z.object({ id: z.string(), deleted: z.literal(true) }));
const ViolationPage = z.object({
  data: z.array(Violation),
  error: z.null(),
  meta: z.object({ nextCursor: z.string().nullable() }).nullable(),
});

/** The service names a body's problems by field (`conditions.0.value`); over HTTP they are the body's. */
async function inBody<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError && error.code === 'VALIDATION_FAILED' && error.details)
      throw new AppError('VALIDATION_FAILED', 400, error.message, {
        details: error.details.map((d) => ({ path: `body.${d.path}`, message: d.message })),
      });
    throw error;
  }
}

export async function policyRoutes(
  app: App,
  { policies, violations }: { policies: PolicyService; violations: ViolationService },
): Promise<void> {
  const tags = ['policies'];
  app.get(
    '/sscs/policies',
    {
      config: read,
      schema: {
        tags,
        summary: 'List policies',
        description: 'Every policy of the organisation, by name.',
        querystring: NoQuery,
        response: { 200: envelopeOf(z.array(Policy)) },
      },
    },
    async (request) => ok(await policies.list(principalOf(request).orgId)),
  );
  app.post(
    '/sscs/policies',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a policy',
        description:
          'A license, security or operational policy: conditions combined with any/all, the violation state, the assets it applies to. A condition with an unknown subject or operator, a malformed purl pattern or range, or a CEL expression that does not compile or runs over its budget is 400 VALIDATION_FAILED naming the path; nothing is saved. Existing SBOMs are re-evaluated in the background. Sessions need the admin role.',
        querystring: NoQuery,
        body: PolicyBody,
        response: { 201: envelopeOf(Policy) },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = principalOf(request);
      const data = await inBody(policies.create(orgId, userId, request.body));
      return reply.status(201).send(ok(data));
    },
  );
  app.post(
    '/sscs/policies/preview',
    {
      config: read,
      schema: {
        tags,
        summary: 'Preview a policy',
        description:
          'Evaluates an unsaved policy (the create body, validated the same way) over the latest SBOM of each asset: how many violations and components it would find, and the first 100 of them. Nothing is written, so any role that reads may ask.',
        querystring: NoQuery,
        body: PolicyBody,
        response: { 200: envelopeOf(PolicyPreview) },
      },
    },
    async (request) => ok(await inBody(policies.preview(principalOf(request), request.body))),
  );
  app.get(
    '/sscs/policies/:policyId',
    {
      config: read,
      schema: {
        tags,
        summary: 'Get a policy',
        description: 'One policy; another organisation’s id is 404.',
        params: PolicyParams,
        querystring: NoQuery,
        response: { 200: envelopeOf(Policy) },
      },
    },
    async (request) => ok(await policies.get(principalOf(request).orgId, request.params.policyId)),
  );
  app.put(
    '/sscs/policies/:policyId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Replace a policy',
        description: 'Full replacement, validated as on create; SBOMs are re-evaluated in the background.',
        params: PolicyParams,
        querystring: NoQuery,
        body: PolicyBody,
        response: { 200: envelopeOf(Policy) },
      },
    },
    async (request) => {
      const { orgId, userId } = principalOf(request);
      return ok(await inBody(policies.replace(orgId, userId, request.params.policyId, request.body)));
    },
  );
  app.delete(
    '/sscs/policies/:policyId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a policy',
        description: 'Deletes the policy and its violations.',
        params: PolicyParams,
        querystring: NoQuery,
        response: { 200: Deleted },
      },
    },
    async (request) => {
      const { orgId, userId } = principalOf(request);
      return ok(await policies.delete(orgId, userId, request.params.policyId));
    },
  );

  const groupTags = ['license-groups'];
  app.get(
    '/sscs/license-groups',
    {
      config: read,
      schema: {
        tags: groupTags,
        summary: 'List license groups',
        description:
          'The organisation’s license groups (copyleft, weak-copyleft and permissive to begin with).',
        querystring: NoQuery,
        response: { 200: envelopeOf(z.array(LicenseGroup)) },
      },
    },
    async (request) => ok(await policies.listGroups(principalOf(request).orgId)),
  );
  app.post(
    '/sscs/license-groups',
    {
      config: write,
      schema: {
        tags: groupTags,
        summary: 'Create a license group',
        description:
          'A named list of SPDX ids (`X WITH E` and `LicenseRef-…` too) for license_group conditions.',
        querystring: NoQuery,
        body: LicenseGroupBody,
        response: { 201: envelopeOf(LicenseGroup) },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = principalOf(request);
      const data = await inBody(policies.createGroup(orgId, userId, request.body));
      return reply.status(201).send(ok(data));
    },
  );
  app.get(
    '/sscs/license-groups/:groupId',
    {
      config: read,
      schema: {
        tags: groupTags,
        summary: 'Get a license group',
        description: 'One license group; another organisation’s id is 404.',
        params: LicenseGroupParams,
        querystring: NoQuery,
        response: { 200: envelopeOf(LicenseGroup) },
      },
    },
    async (request) => ok(await policies.getGroup(principalOf(request).orgId, request.params.groupId)),
  );
  app.put(
    '/sscs/license-groups/:groupId',
    {
      config: write,
      schema: {
        tags: groupTags,
        summary: 'Replace a license group',
        description:
          'Full replacement; a group a policy names cannot be renamed (409 CONFLICT). Policies are re-evaluated.',
        params: LicenseGroupParams,
        querystring: NoQuery,
        body: LicenseGroupBody,
        response: { 200: envelopeOf(LicenseGroup) },
      },
    },
    async (request) => {
      const { orgId, userId } = principalOf(request);
      return ok(await inBody(policies.replaceGroup(orgId, userId, request.params.groupId, request.body)));
    },
  );
  app.delete(
    '/sscs/license-groups/:groupId',
    {
      config: write,
      schema: {
        tags: groupTags,
        summary: 'Delete a license group',
        description: 'A group a policy names cannot be deleted (409 CONFLICT).',
        params: LicenseGroupParams,
        querystring: NoQuery,
        response: { 200: Deleted },
      },
    },
    async (request) => {
      const { orgId, userId } = principalOf(request);
      return ok(await policies.deleteGroup(orgId, userId, request.params.groupId));
    },
  );

  const violationTags = ['violations'];
  app.get(
    '/sscs/violations',
    {
      config: read,
      schema: {
        tags: violationTags,
        summary: 'List policy violations',
        description:
          'Newest first, filtered by sbomId, assetName, state, kind, policyId, status; the full array, or a page with `limit` (and `cursor` from meta.nextCursor).',
        querystring: ViolationQuery,
        response: { 200: ViolationPage },
      },
    },
    async (request) => {
      const { items, nextCursor } = await violations.list(principalOf(request), request.query);
      return { data: items, error: null, meta: request.query.limit === undefined ? null : { nextCursor } };
    },
  );
  app.get(
    '/sscs/violations/summary',
    {
      config: read,
      schema: {
        tags: violationTags,
        summary: 'Summarise open violations',
        description: '`{fail, warn, info, total}` over open violations, optionally of one SBOM or asset.',
        querystring: ViolationSummaryQuery,
        response: { 200: envelopeOf(ViolationSummary) },
      },
    },
    async (request) => ok(await violations.summary(principalOf(request), request.query)),
  );
  app.get(
    '/sscs/violations/summary/sboms',
    {
      config: read,
      schema: {
        tags: violationTags,
        summary: 'Summarise open violations per SBOM',
        description:
          '`[{sbomId, fail, warn, info, total}]` over open violations, one entry per SBOM that has any, newest SBOM first (one query for a list of SBOMs).',
        querystring: NoQuery,
        response: { 200: envelopeOf(z.array(SbomViolationSummary)) },
      },
    },
    async (request) => ok(await violations.summaryBySbom(principalOf(request))),
  );
  app.get(
    '/sscs/violations/:violationId',
    {
      config: read,
      schema: {
        tags: violationTags,
        summary: 'Get a violation',
        description: 'One violation with its history of suppressions.',
        params: ViolationParams,
        querystring: NoQuery,
        response: { 200: envelopeOf(ViolationDetail) },
      },
    },
    async (request) => ok(await violations.get(principalOf(request), request.params.violationId)),
  );
  app.patch(
    '/sscs/violations/:violationId',
    {
      config: triage,
      schema: {
        tags: violationTags,
        summary: 'Suppress or reopen a violation',
        description:
          '`{status: "open"|"suppressed", comment?}`; kept in the violation’s history and the audit trail.',
        params: ViolationParams,
        querystring: NoQuery,
        body: ViolationPatch,
        response: { 200: envelopeOf(ViolationDetail) },
      },
    },
    async (request) => {
      return ok(await violations.update(principalOf(request), request.params.violationId, request.body));
    },
  );
}
