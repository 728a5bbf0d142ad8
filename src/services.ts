import type { Config } from './config.ts';
import type { Store } from './db/connect.ts';
import { FindingService } from './findings/finding.service.ts';
import { createPipelineServices, withCarryOver, type PipelineServices } from './pipeline/index.ts';
import { RiskService } from './risks/risk.service.ts';
import { SbomService } from './sboms/sbom.service.ts';
import { TenancyService } from './tenancy/tenancy.service.ts';
import { VendorService } from './vendors/vendor.service.ts';
import { VulnDbService } from './vulndb/vulndb.service.ts';

/** The domain services, built once per app from the store; each edge receives only the ones it uses. */
export interface Services {
  tenancy: TenancyService;
  vendors: VendorService;
  risks: RiskService;
  sboms: SbomService;
  findings: FindingService;
  vulndb: VulnDbService;
  pipeline: PipelineServices;
}

export function createServices(store: Store, _config: Config): Services {
  const findings = new FindingService(store.db);
  return {
    tenancy: new TenancyService(store.db, store.changeStamp),
    vendors: new VendorService(store.db),
    risks: new RiskService(store.db),
    sboms: new SbomService(store.db, { hooks: withCarryOver(findings) }),
    findings,
    vulndb: new VulnDbService(store.db, {
      rematch: async (packages) => ({ ...(await findings.rematchPackages(packages)) }),
    }),
    pipeline: createPipelineServices(store.db),
  };
}
