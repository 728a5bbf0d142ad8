/** Composition of the domain services: built once per app (or CLI command) from the store. */
import { AuditService } from './audit/audit.service.ts';
import type { Config } from './config.ts';
import type { Store } from './db/connect.ts';
import { recordVulnDbSynced } from './events/vulndb-synced.ts';
import { FindingService } from './findings/finding.service.ts';
import { IdempotencyService } from './idempotency/idempotency.service.ts';
import { createPipelineServices, withCarryOver, type PipelineServices } from './pipeline/index.ts';
import { GovernanceService } from './governance/governance.service.ts';
import { RemediationService } from './remediation/remediation.service.ts';
import { RiskService } from './risks/risk.service.ts';
import { SbomService } from './sboms/sbom.service.ts';
import { SessionService } from './tenancy/session.service.ts';
import { TenancyService } from './tenancy/tenancy.service.ts';
import { UserService } from './tenancy/user.service.ts';
import { VendorService } from './vendors/vendor.service.ts';
import { VulnDbService, VulnSyncService } from './vulndb/index.ts';
import { WebhookDispatcher } from './webhooks/dispatcher.ts';
import { WebhookService } from './webhooks/webhook.service.ts';

/** The domain services; each edge receives only the ones it uses. */
export interface Services {
  tenancy: TenancyService;
  sessions: SessionService;
  users: UserService;
  audit: AuditService;
  vendors: VendorService;
  risks: RiskService;
  sboms: SbomService;
  findings: FindingService;
  remediation: RemediationService;
  vulndb: VulnDbService;
  pipeline: PipelineServices;
  vulndbSync: VulnSyncService;
  governance: GovernanceService;
  idempotency: IdempotencyService;
  webhooks: WebhookService;
  /** Built stopped: the server starts it (tests drive it themselves). */
  webhookDispatcher: WebhookDispatcher;
}

export interface ServiceOptions {
  /** The clock of time-limited state (sessions); tests move it instead of sleeping. */
  now?: () => number;
}

export function createServices(store: Store, config: Config, options: ServiceOptions = {}): Services {
  // Findings get their paths from remediation/, which shares their candidate cache (called only after both exist).
  const findings: FindingService = new FindingService(store.db, {
    places: { placesOf: (orgId, refs) => remediation.placesOf(orgId, refs) },
  });
  const remediation: RemediationService = new RemediationService(store.db, {
    candidates: findings.candidates,
  });
  const vulndb = new VulnDbService(store.db, {
    rematch: async (packages) => ({ ...(await findings.rematchPackages(packages)) }),
    synced: (summary) => recordVulnDbSynced(store.db, summary),
  });
  const vendors = new VendorService(store.db);
  const risks = new RiskService(store.db);
  const tenancy = new TenancyService(store.db, store.changeStamp);
  return {
    tenancy,
    users: new UserService(store.db, tenancy),
    sessions: new SessionService(store.db, options.now ? { now: options.now } : {}),
    audit: new AuditService(store.db),
    vendors,
    risks,
    sboms: new SbomService(store.db, {
      hooks: withCarryOver(findings),
      limits: { maxComponents: config.MAX_COMPONENTS },
    }),
    findings,
    remediation,
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
    webhooks: new WebhookService(store.db, { allowPrivate: config.WEBHOOK_ALLOW_PRIVATE }),
    webhookDispatcher: new WebhookDispatcher(store.db, {
      allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      pollMs: config.WEBHOOK_POLL_MS,
      retentionMs: config.EVENT_RETENTION_DAYS * 86_400_000,
    }),
  };
}
