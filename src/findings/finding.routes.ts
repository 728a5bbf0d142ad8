/** REST routes of findings: list, summary, detail, triage. */
import { z } from 'zod';
import type { App } from '../http/app-type.ts';
import { envelopeOf, ok } from '../http/envelope.ts';
import { NOT_FOUND_ERRORS } from '../http/openapi.ts';
import { principalOf } from '../tenancy/route-auth.ts';
import { sendList } from '../http/stream-array.ts';
import { FEATURES } from '../tenancy/plans.ts';
import {
  Finding,
  FindingDetail,
  FindingParams,
  FindingQuery,
  FindingSummary,
  FindingTrend,
  PackagesQuery,
  StatusBody,
  SummaryQuery,
  TopPackages,
  TrendQuery,
} from './finding.schemas.ts';
import type { FindingService } from './finding.service.ts';

const read = { auth: { scope: 'sbom:read', feature: FEATURES.supplyChainSecurity } } as const;
const write = { auth: { scope: 'sbom:write', feature: FEATURES.supplyChainSecurity } } as const;
const tags = ['findings'];
const FindingPage = z.object({
  data: z.array(Finding),
  error: z.null(),
  meta: z
    .object({
      nextCursor: z.string().nullable(),
      /** How many findings the filters match over all pages, so a client can say "N of M": first page only. */
      total: z.number().int().nullable(),
    })
    .nullable(),
});

const LIST_DESCRIPTION =
  'Findings of the organisation, open ones unless `status` says otherwise; filters `severity` (one or a comma ' +
  'list), `sbomId`, `vulnerabilityId` (or any alias), `q` (component name or purl contains), `kev`, `epssMin`, ' +
  '`triageRuleId`, `assetId`, `tag`. `sort`: `priority` (KEV first, then EPSS score + severity weight, then ' +
  'CVSS), `severity` / `-severity`, `-createdAt` / `createdAt`, `epss` / `-epss` (highest or lowest EPSS ' +
  'first, unscored last either way), `vulnerability` / `-vulnerability` (vulnerability id A to Z or Z to A), ' +
  '`package` / `-package` (component name, then version); ties by finding id. Without `sort`: newest first by ' +
  'id. Without `limit` the whole list comes back with `meta` null; with `limit` (1–1000) one page and ' +
  '`meta: {nextCursor, total}`: pass `nextCursor` as `cursor` for the next page (null on the last); `total` ' +
  'counts the matching findings over all pages, on the first page only (null on the pages after it). Every order pages by keyset, so no finding is repeated or ' +
  'skipped across pages.';

export async function findingRoutes(app: App, { findings }: { findings: FindingService }): Promise<void> {
  app.get(
    '/sscs/findings',
    {
      config: read,
      schema: {
        tags,
        summary: 'List findings',
        description: LIST_DESCRIPTION,
        querystring: FindingQuery,
        response: { 200: FindingPage },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const query = request.query;
      // Paging is opt-in: without limit the whole list streams with meta null, as it always did.
      if (query.limit === undefined) return sendList(reply, findings.pages(principal, query));
      const page = await findings.listPageWithTotal(principal, { ...query, limit: query.limit });
      return { data: page.findings, error: null, meta: { nextCursor: page.nextCursor, total: page.total } };
    },
  );

  app.get(
    '/sscs/findings/summary',
    {
      config: read,
      schema: {
        tags,
        summary: 'Open findings by severity',
        description: 'Counts of open, not retracted findings per severity, and their total.',
        querystring: SummaryQuery,
        response: { 200: envelopeOf(FindingSummary) },
      },
    },
    async (request) => ok(await findings.summary(principalOf(request), request.query)),
  );

  app.get(
    '/sscs/findings/packages',
    {
      config: read,
      schema: {
        tags,
        summary: 'Packages with the most open findings',
        description:
          'The packages (name and version) with the most open, not retracted findings, most first (`limit` ' +
          "1–100, default 10): the console overview's list, without downloading every finding.",
        querystring: PackagesQuery,
        response: { 200: envelopeOf(TopPackages) },
      },
    },
    async (request) => ok(await findings.topPackages(principalOf(request), request.query.limit)),
  );

  app.get(
    '/sscs/findings/trend',
    {
      config: read,
      schema: {
        tags,
        summary: 'Open findings per day',
        description:
          'For each of the last `days` UTC days (1–365, default 90; today last): the findings open and not ' +
          'retracted at the end of that day, from their creation and status history. Unknown parameters: ' +
          'VALIDATION_FAILED.',
        querystring: TrendQuery,
        response: { 200: envelopeOf(FindingTrend) },
      },
    },
    async (request) => ok(await findings.trend(principalOf(request), request.query.days)),
  );

  app.get(
    '/sscs/findings/:findingId',
    {
      config: read,
      schema: {
        tags,
        summary: 'Get a finding',
        description: 'One finding with the advisories that matched (and why) and its history.',
        params: FindingParams,
        response: { 200: envelopeOf(FindingDetail) },
        'x-operation': { errors: NOT_FOUND_ERRORS },
      },
    },
    async (request) => ok(await findings.get(principalOf(request), request.params.findingId)),
  );

  app.patch(
    '/sscs/findings/:findingId/status',
    {
      config: write,
      schema: {
        tags,
        summary: 'Triage a finding',
        description:
          'Sets the status (any of the five) and optional remediation notes; kept in history and audited.',
        params: FindingParams,
        body: StatusBody,
        response: { 200: envelopeOf(FindingDetail) },
        'x-operation': { errors: NOT_FOUND_ERRORS },
      },
    },
    async (request) =>
      ok(await findings.updateStatus(principalOf(request), request.params.findingId, request.body)),
  );
}
