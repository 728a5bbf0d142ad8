/** The ordered list of every migration. */
import type { Migration } from 'kysely/migration';
import * as tenancy from './2026-11-22-01-tenancy.ts';
import * as vendors from './2026-11-22-05-vendors.ts';
import * as sboms from './2026-11-22-10-sboms.ts';
import * as vulndb from './2026-11-22-20-vulndb.ts';
import * as findings from './2026-11-22-21-findings.ts';
import * as vulndbState from './2026-11-22-22-vulndb-state.ts';
import * as risks from './2026-11-22-30-risks.ts';
import * as mcp from './2026-11-22-31-mcp.ts';
import * as governance from './2026-11-22-40-governance.ts';
import * as governanceIndexes from './2026-11-22-41-governance-indexes.ts';
import * as governanceSnapshot from './2026-11-22-42-governance-snapshot.ts';
import * as governanceHolders from './2026-11-22-43-governance-holders.ts';
import * as governanceSod from './2026-11-22-44-governance-sod.ts';
import * as governanceConcentration from './2026-11-22-45-governance-concentration.ts';
import * as governanceHighRisk from './2026-11-22-46-governance-high-risk.ts';
import * as principalNotify from './2026-11-22-47-principal-notify.ts';
import * as idempotency from './2026-11-23-10-idempotency.ts';
import * as vulndbSync from './2026-11-23-20-vulndb-sync.ts';
import * as sessions from './2026-11-23-30-sessions.ts';
import * as eventsWebhooks from './2026-11-23-50-events-webhooks.ts';
import * as governanceAudit from './2026-11-23-60-governance-audit.ts';
import * as governancePosture from './2026-11-23-80-governance-posture.ts';
import * as eventRetention from './2026-11-23-95-event-retention.ts';
import * as governanceCounts from './2026-11-24-10-governance-counts.ts';
import * as policies from './2026-11-26-30-policies.ts';
import * as sbomRootDependencies from './2026-11-26-70-sbom-root-dependencies.ts';
import * as evidenceCollectors from './2026-11-26-80-evidence-collectors.ts';
import * as livePrivilegedGrants from './2026-11-26-81-live-privileged-grants.ts';
import * as advisoryCwes from './2026-11-26-82-advisory-cwes.ts';
import * as triageAnalysis from './2026-11-26-40-triage-analysis.ts';
import * as identity from './2026-11-26-50-identity.ts';
import * as oauth from './2026-11-26-60-oauth.ts';
import * as mcpSupplyChainTools from './2026-11-26-61-mcp-supply-chain-tools.ts';
import * as oauthPrincipalNotify from './2026-11-26-62-oauth-principal-notify.ts';
import * as triageRuleIndexes from './2026-11-26-41-triage-rule-indexes.ts';
import * as portfolioAssets from './2026-11-26-90-portfolio-assets.ts';
import * as portfolioTeams from './2026-11-26-91-portfolio-teams.ts';
import * as assetTriageMemory from './2026-11-26-92-asset-triage-memory.ts';
import * as findingsSbomIndex from './2026-11-26-93-findings-sbom-index.ts';
import * as findingsSbomOrderIndex from './2026-11-26-95-findings-sbom-order-index.ts';
import * as eventAsset from './2026-11-26-96-event-asset.ts';
import * as governanceDerivedBackfill from './2026-11-26-97-governance-derived-backfill.ts';
import * as sbomNotifyPrincipals from './2026-11-26-98-sbom-notify-principals.ts';
import * as sbomPending from './2026-11-27-10-sbom-pending.ts';
import * as findingsRulePartialIndexes from './2026-11-27-20-findings-rule-partial-indexes.ts';
import * as governanceToolPartialIndexes from './2026-11-27-30-governance-tool-partial-indexes.ts';
import * as violationForeignKeys from './2026-11-27-40-violation-foreign-keys.ts';
import * as violationSbomKey from './2026-11-28-10-violation-sbom-key.ts';

/**
 * Every migration, in order. Names are dated so they sort; a migration is frozen once it has landed
 * (add a new one instead of editing it).
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-01-tenancy': tenancy,
  '2026-11-22-05-vendors': vendors,
  '2026-11-22-10-sboms': sboms,
  '2026-11-22-20-vulndb': vulndb,
  '2026-11-22-21-findings': findings,
  '2026-11-22-22-vulndb-state': vulndbState,
  '2026-11-22-30-risks': risks,
  '2026-11-22-31-mcp': mcp,
  '2026-11-22-40-governance': governance,
  '2026-11-22-41-governance-indexes': governanceIndexes,
  '2026-11-22-42-governance-snapshot': governanceSnapshot,
  '2026-11-22-43-governance-holders': governanceHolders,
  '2026-11-22-44-governance-sod': governanceSod,
  '2026-11-22-45-governance-concentration': governanceConcentration,
  '2026-11-22-46-governance-high-risk': governanceHighRisk,
  '2026-11-22-47-principal-notify': principalNotify,
  '2026-11-23-10-idempotency': idempotency,
  '2026-11-23-20-vulndb-sync': vulndbSync,
  '2026-11-23-30-sessions': sessions,
  '2026-11-23-50-events-webhooks': eventsWebhooks,
  '2026-11-23-60-governance-audit': governanceAudit,
  '2026-11-23-80-governance-posture': governancePosture,
  '2026-11-23-95-event-retention': eventRetention,
  '2026-11-24-10-governance-counts': governanceCounts,
  '2026-11-26-30-policies': policies,
  '2026-11-26-70-sbom-root-dependencies': sbomRootDependencies,
  '2026-11-26-80-evidence-collectors': evidenceCollectors,
  '2026-11-26-81-live-privileged-grants': livePrivilegedGrants,
  '2026-11-26-82-advisory-cwes': advisoryCwes,
  '2026-11-26-40-triage-analysis': triageAnalysis,
  '2026-11-26-50-identity': identity,
  '2026-11-26-60-oauth': oauth,
  '2026-11-26-61-mcp-supply-chain-tools': mcpSupplyChainTools,
  '2026-11-26-62-oauth-principal-notify': oauthPrincipalNotify,
  '2026-11-26-41-triage-rule-indexes': triageRuleIndexes,
  '2026-11-26-90-portfolio-assets': portfolioAssets,
  '2026-11-26-91-portfolio-teams': portfolioTeams,
  '2026-11-26-92-asset-triage-memory': assetTriageMemory,
  '2026-11-26-93-findings-sbom-index': findingsSbomIndex,
  '2026-11-26-95-findings-sbom-order-index': findingsSbomOrderIndex,
  '2026-11-26-96-event-asset': eventAsset,
  '2026-11-26-97-governance-derived-backfill': governanceDerivedBackfill,
  '2026-11-26-98-sbom-notify-principals': sbomNotifyPrincipals,
  '2026-11-27-10-sbom-pending': sbomPending,
  '2026-11-27-20-findings-rule-partial-indexes': findingsRulePartialIndexes,
  '2026-11-27-30-governance-tool-partial-indexes': governanceToolPartialIndexes,
  '2026-11-27-40-violation-foreign-keys': violationForeignKeys,
  '2026-11-28-10-violation-sbom-key': violationSbomKey,
};
