/** Composition of the domain services: built once per app (or CLI command) from the store. */
import type { Logger } from 'pino';
import { AuditService } from './audit/audit.service.ts';
import { ComplianceService } from './compliance/compliance.service.ts';
import type { Config } from './config.ts';
import type { Store } from './db/connect.ts';
import { wholeOrg } from './db/reach-filter.ts';
import { StatisticsRefresh } from './db/statistics.ts';
import { recordVulnDbSynced } from './events/vulndb-synced.ts';
import { FindingService } from './findings/finding.service.ts';
import { TriageRuleService } from './findings/triage/rule.service.ts';
import { MfaService } from './identity/mfa/mfa.service.ts';
import { identitySignInGuard } from './identity/sign-in-guard.ts';
import { ScimGroupService } from './identity/scim/scim-groups.service.ts';
import { ScimUserService } from './identity/scim/scim-users.service.ts';
import { SsoConfigService } from './identity/sso/sso-config.service.ts';
import { SsoFlowService } from './identity/sso/sso-flow.service.ts';
import { SsoSignInService } from './identity/sso/sso-sign-in.service.ts';
import { IdempotencyService } from './idempotency/idempotency.service.ts';
import { createPipelineServices, withCarryOver, type PipelineServices } from './pipeline/index.ts';
import { GovernanceDataService } from './governance/governance-data.service.ts';
import { GovernanceService } from './governance/governance.service.ts';
import { RemediationService } from './remediation/remediation.service.ts';
import { createPolicyServices, withPolicies, type PolicyServices } from './policies/index.ts';
import { createPortfolioServices, type PortfolioServices } from './portfolio/index.ts';
import { TriageMemory } from './pipeline/triage-memory.ts';
import { tablesFilledBy } from './pipeline/upload-statistics.ts';
import { OAuthService } from './oauth/oauth.service.ts';
import { ReachService } from './portfolio/reach.ts';
import { TeamService } from './portfolio/team.service.ts';
import { RiskService } from './risks/risk.service.ts';
import { SbomService } from './sboms/sbom.service.ts';
import { SessionService } from './tenancy/session.service.ts';
import { OrganisationService } from './tenancy/organisation.service.ts';
import { TokenService } from './tenancy/token.service.ts';
import { UserService } from './tenancy/user.service.ts';
import { VendorService } from './vendors/vendor.service.ts';
import { VulnDbService, VulnSyncService } from './vulndb/index.ts';
import { WebhookDispatcher } from './webhooks/dispatcher.ts';
import { WebhookService } from './webhooks/webhook.service.ts';

/** The domain services; each edge receives only the ones it uses. */
export interface Services {
  /** tenancy/: organisations, their plan and settings (keyed by id; the CLI resolves a slug once). */
  organisations: OrganisationService;
  /** tenancy/: workspace users and their roles. */
  users: UserService;
  /** tenancy/: API tokens, and resolving a bearer secret to its principal (the principal cache). */
  tokens: TokenService;
  sessions: SessionService;
  audit: AuditService;
  vendors: VendorService;
  risks: RiskService;
  sboms: SbomService;
  /** db/: the planner statistics a large upload or re-evaluation refreshes in the background; `idle()` waits. */
  statistics: StatisticsRefresh;
  findings: FindingService;
  remediation: RemediationService;
  /** Triage rules (trl_…); the server runs `checkSchedule` in the background. */
  triageRules: TriageRuleService;
  vulndb: VulnDbService;
  pipeline: PipelineServices;
  vulndbSync: VulnSyncService;
  governance: GovernanceService;
  /** Governance imports (bundle, CSV) and the demo: every write to governance data (docs/governance-tools.md). */
  governanceData: GovernanceDataService;
  compliance: ComplianceService;
  policies: PolicyServices;
  /** portfolio/: assets as records and retention (docs/portfolio.md); the server runs the retention schedule. */
  portfolio: PortfolioServices;
  idempotency: IdempotencyService;
  webhooks: WebhookService;
  /** Built stopped: the server starts it (tests drive it themselves). */
  webhookDispatcher: WebhookDispatcher;
  /** identity/: the TOTP second factor (docs/identity.md). */
  mfa: MfaService;
  /** identity/sso: OpenID Connect sign-in and its configuration. */
  ssoConfigs: SsoConfigService;
  ssoFlow: SsoFlowService;
  ssoSignIn: SsoSignInService;
  /** identity/scim: provisioning at /scim/v2. */
  scimUsers: ScimUserService;
  scimGroups: ScimGroupService;
  /** The OAuth authorization server for the tool server (docs/mcp-oauth.md). */
  oauth: OAuthService;
  /** portfolio/: teams and the reach they grant (docs/portfolio-access.md). */
  teams: TeamService;
  reach: ReachService;
}

/** The tool server's path: the OAuth protected resource. */
export const MCP_RESOURCE_PATH = '/api/v1/mcp';

export interface ServiceOptions {
  /** The clock of time-limited state (sessions); tests move it instead of sleeping. */
  now?: () => number;
  /** Where a service reports what it cannot answer to a caller (an upload's failed cleanup). */
  logger?: Pick<Logger, 'error'>;
}

export function createServices(store: Store, config: Config, options: ServiceOptions = {}): Services {
  // Findings get their paths from remediation/, which shares their candidate cache (called only after both exist).
  const findings: FindingService = new FindingService(store.db, {
    places: { placesOf: (orgId, refs) => remediation.placesOf(orgId, refs) },
  });
  const remediation: RemediationService = new RemediationService(store.db, {
    candidates: findings.candidates,
  });
  // After a large upload or re-evaluation, fresh planner statistics for the tables it filled, in the background
  // (db/statistics.ts).
  const statistics = new StatisticsRefresh(store.db, options.logger);
  const policies = createPolicyServices(store.db, undefined, ({ created, removed }) =>
    statistics.refresh(tablesFilledBy(store.dialect, { violations: created + removed })),
  );
  const vulndb = new VulnDbService(store.db, {
    rematch: async (packages) => {
      const result = await findings.rematchPackages(packages);
      // Findings changed: security policies may now hold (or no longer), in the background.
      await policies.reevaluation.scheduleAll();
      return { ...result };
    },
    synced: (summary) => recordVulnDbSynced(store.db, summary),
  });
  const vendors = new VendorService(store.db);
  const risks = new RiskService(store.db);
  const tokens = new TokenService(store.db, store.changeStamp, store.changeBarrier);
  // Principals carry the plan and settings: a change drops the cached ones.
  const organisations = new OrganisationService(store.db, () => tokens.forgetPrincipals());
  const users = new UserService(store.db, tokens);
  const clock = options.now ? { now: options.now } : {};
  const sessions = new SessionService(store.db, clock);
  const mfa = new MfaService(store.db, clock);
  sessions.useGuard(identitySignInGuard(store.db, mfa));
  const oauth = new OAuthService(
    store.db,
    {
      publicOrigins: config.PUBLIC_URL,
      resourcePath: MCP_RESOURCE_PATH,
      consentPath: '/authorize',
      allowPrivateFetch: config.WEBHOOK_ALLOW_PRIVATE,
    },
    options.now,
    store.changeStamp,
    store.changeBarrier,
  );
  // A deactivated or deleted user's assistants lose their OAuth grants with the user's sessions and API tokens.
  tokens.useCutOff(oauth);
  const ssoConfigs = new SsoConfigService(store.db);
  const ssoFlow = new SsoFlowService(store.db, ssoConfigs, clock);
  // Every principal carries its reach; a change of teams, settings or tokens drops every cache of them at once.
  const reach = new ReachService(store.db, store.changeStamp, store.changeBarrier);
  for (const builder of [tokens, sessions, oauth]) builder.useReach(reach.resolve);
  tokens.onForget(() => reach.invalidate());
  tokens.onForget(() => oauth.forgetPrincipals());
  // portfolio/ sits below sboms/: it deletes SBOMs and keeps triage through these hooks.
  const portfolio = createPortfolioServices(
    store.db,
    {
      deleteSbom: async (orgId, actorId, sbomId, details) => {
        await sboms.delete({ ...wholeOrg(orgId), userId: actorId }, sbomId, details);
      },
      tagsChanged: (orgId) => policies.reevaluation.schedule(orgId),
      rememberTriage: async (orgId, assetId, sbomId) => {
        await TriageMemory.remember(store.db, orgId, assetId, sbomId);
      },
    },
    clock,
  );
  const sboms: SbomService = new SbomService(store.db, {
    hooks: withPolicies(withCarryOver(findings), policies.violations),
    limits: { maxComponents: config.MAX_COMPONENTS, maxFindings: config.MAX_FINDINGS_PER_SBOM },
    uploaded: (orgId, assetId) => portfolio.retention.noteUpload(orgId, assetId),
    stored: (rows) => statistics.refresh(tablesFilledBy(store.dialect, rows)),
    discardFailed: (error, orgId, sbomId) =>
      options.logger?.error(
        { err: error, orgId, sbomId },
        'upload: could not delete the pending SBOM of a refused upload; the sweep will',
      ),
  });
  return {
    statistics,
    portfolio,
    teams: new TeamService(store.db, reach, () => tokens.forgetPrincipals()),
    reach,
    ssoConfigs,
    ssoFlow,
    ssoSignIn: new SsoSignInService(store.db, ssoFlow, sessions),
    scimUsers: new ScimUserService(store.db, tokens),
    scimGroups: new ScimGroupService(store.db),
    organisations,
    users,
    tokens,
    sessions,
    mfa,
    audit: new AuditService(store.db),
    vendors,
    risks,
    sboms,
    findings,
    remediation,
    triageRules: new TriageRuleService(store.db),
    idempotency: new IdempotencyService(store.db),
    vulndb,
    vulndbSync: new VulnSyncService(store.db, vulndb, {
      osvSource: config.OSV_SOURCE,
      ecosystems: config.OSV_ECOSYSTEMS,
      kevSource: config.KEV_SOURCE,
      epssSource: config.EPSS_SOURCE,
    }),
    pipeline: createPipelineServices(store.db, {
      limits: { maxComponents: config.MAX_COMPONENTS },
      candidates: findings.candidates,
      remediation,
    }),
    governance: new GovernanceService(store.db, { findings, vendors, risks }),
    governanceData: new GovernanceDataService(store.db, () => ({
      organisations,
      users,
      vendors,
      risks,
      sboms,
      policies,
      portfolio,
    })),
    // Collected evidence stays valid for two intervals; on demand only (0), for two days.
    compliance: new ComplianceService(store.db, { intervalMs: config.EVIDENCE_INTERVAL || 86_400_000 }),
    policies,
    webhooks: new WebhookService(store.db, { allowPrivate: config.WEBHOOK_ALLOW_PRIVATE }),
    webhookDispatcher: new WebhookDispatcher(store.db, {
      allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      pollMs: config.WEBHOOK_POLL_MS,
      retentionMs: config.EVENT_RETENTION_DAYS * 86_400_000,
      reachOf: reach.resolve,
    }),
    oauth,
  };
}
