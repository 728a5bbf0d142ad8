/** Composition of the domain services: built once per app (or CLI command) from the store. */
import { AuditService } from './audit/audit.service.ts';
import type { Config } from './config.ts';
import type { Store } from './db/connect.ts';
import { FindingService } from './findings/finding.service.ts';
import { createPipelineServices, withCarryOver, type PipelineServices } from './pipeline/index.ts';
import { GovernanceService } from './governance/governance.service.ts';
import { RiskService } from './risks/risk.service.ts';
import { SbomService } from './sboms/sbom.service.ts';
import { TenancyService } from './tenancy/tenancy.service.ts';
import { VendorService } from './vendors/vendor.service.ts';
import { VulnDbService } from './vulndb/index.ts';

/** The domain services; each edge receives only the ones it uses. */
export interface Services {
  tenancy: TenancyService;
  audit: AuditService;
  vendors: VendorService;
  risks: RiskService;
  sboms: SbomService;
  findings: FindingService;
  vulndb: VulnDbService;
  pipeline: PipelineServices;
  governance: GovernanceService;
}

export function createServices(store: Store, _config: Config): Services {
  const findings = new FindingService(store.db);
  const vendors = new VendorService(store.db);
  const risks = new RiskService(store.db);
  return {
    tenancy: new TenancyService(store.db, store.changeStamp),
    audit: new AuditService(store.db),
    vendors,
    risks,
    sboms: new SbomService(store.db, { hooks: withCarryOver(findings) }),
    findings,
    vulndb: new VulnDbService(store.db, {
      rematch: async (packages) => ({ ...(await findings.rematchPackages(packages)) }),
    }),
    pipeline: createPipelineServices(store.db),
    governance: new GovernanceService(store.db, { findings, vendors, risks }),
  };
}
