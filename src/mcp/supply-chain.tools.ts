/**
 * The supply-chain read tools (findings_search, sbom_list, asset_overview, policy_violations, remediation_plan):
 * opt-in per organisation (mcpSupplyChainTools); each translates its arguments and calls the findings, SBOM,
 * asset, violation or remediation service.
 */
import { AppError, notFound } from '../errors.ts';
import type { Finding } from '../findings/finding.service.ts';
import type { PolicyViolationsArgs, RemediationPlanArgs } from './generated/tool-types.ts';
import type { ToolContext, ToolHandlers } from './tool-handler.ts';

/** sbom_list's cap: a model needs a view, not the whole register (`total` and `truncated` say what was left). */
const SBOM_LIST_CAP = 200;
/** remediation_plan's cap: the plan is ranked most valuable first, so the first 100 packages are the ones to do. */
const PLAN_CAP = 100;
const DEFAULT_PAGE = 25;

/** An asset with at least one SBOM (one without versions has nothing to overview or search). */
async function assetOf(ctx: ToolContext, assetName: string) {
  const asset = (
    await ctx.portfolio.assets.list(ctx.principal.orgId, { active: 'all' }, ctx.principal.reach)
  ).find((a) => a.assetName === assetName);
  if (!asset?.latestSbomId) throw notFound('Asset', assetName);
  return { ...asset, latestSbomId: asset.latestSbomId };
}

/** The SBOM a tool is about: `sbomId` as given (another organisation's is NOT_FOUND), or the asset's latest. */
async function sbomOf(
  ctx: ToolContext,
  tool: string,
  { sbomId, assetName }: PolicyViolationsArgs | RemediationPlanArgs,
): Promise<string | undefined> {
  if (sbomId !== undefined && assetName !== undefined)
    throw new AppError(
      'VALIDATION_FAILED',
      400,
      `Invalid arguments for ${tool}: give sbomId or assetName, not both`,
    );
  if (assetName !== undefined) return (await assetOf(ctx, assetName)).latestSbomId;
  if (sbomId !== undefined) return (await ctx.sboms.get(ctx.principal, sbomId)).id;
  return undefined;
}

const findingItem = (f: Finding) => ({
  id: f.id,
  vulnerabilityId: f.vulnerabilityId,
  aliases: f.aliases,
  summary: f.summary,
  severity: f.severity,
  status: f.status,
  sbomId: f.sbomId,
  component: { name: f.component.name, version: f.component.version, purl: f.component.purl },
  kev: f.kev !== null,
  epss: f.epss?.score ?? null,
  fixedVersions: f.fixedVersions,
});

export const supplyChainToolHandlers = {
  findings_search: async (ctx, args) => {
    const sbomId =
      args.assetName === undefined ? undefined : (await assetOf(ctx, args.assetName)).latestSbomId;
    const page = await ctx.findings.listPage(ctx.principal, {
      status: args.status,
      severity: args.severity?.length ? args.severity.join(',') : undefined,
      kev: args.kev,
      epssMin: args.epssMin,
      vulnerabilityId: args.vulnerabilityId,
      q: args.q,
      sbomId,
      cursor: args.cursor,
      limit: args.limit ?? DEFAULT_PAGE,
    });
    return {
      items: page.findings.map(findingItem),
      count: page.findings.length,
      nextCursor: page.nextCursor,
    };
  },
  sbom_list: async (ctx, args) => {
    const all = await ctx.sboms.list(ctx.principal, args.q);
    return { items: all.slice(0, SBOM_LIST_CAP), total: all.length, truncated: all.length > SBOM_LIST_CAP };
  },
  asset_overview: async (ctx, args) => {
    const asset = await assetOf(ctx, args.assetName);
    const [summary, violations] = await Promise.all([
      ctx.findings.summary(ctx.principal, { sbomId: asset.latestSbomId }),
      ctx.policies.violations.summary(ctx.principal, { sbomId: asset.latestSbomId }),
    ]);
    return {
      assetName: asset.assetName,
      latestSbomId: asset.latestSbomId,
      versions: asset.versions,
      openFindings: summary,
      openViolations: violations,
    };
  },
  policy_violations: async (ctx, args) => {
    const page = await ctx.policies.violations.list(ctx.principal, {
      sbomId: await sbomOf(ctx, 'policy_violations', args),
      status: args.status ?? 'open',
      state: args.state,
      kind: args.kind,
      policyId: args.policyId,
      cursor: args.cursor,
      limit: args.limit ?? DEFAULT_PAGE,
    });
    return { items: page.items, count: page.items.length, nextCursor: page.nextCursor };
  },
  remediation_plan: async (ctx, args) => {
    const sbomId = await sbomOf(ctx, 'remediation_plan', args);
    if (sbomId === undefined)
      throw new AppError(
        'VALIDATION_FAILED',
        400,
        'Invalid arguments for remediation_plan: give sbomId or assetName (one of the two)',
      );
    const plan = await ctx.remediation.plan(ctx.principal, sbomId);
    return {
      sbomId,
      items: plan.slice(0, PLAN_CAP),
      total: plan.length,
      truncated: plan.length > PLAN_CAP,
    };
  },
} satisfies Partial<ToolHandlers>;
