import type { Config } from './config.ts';
import type { Store } from './db/connect.ts';
import { RiskService } from './risks/risk.service.ts';
import { TenancyService } from './tenancy/tenancy.service.ts';
import { VendorService } from './vendors/vendor.service.ts';

/** The domain services, built once per app from the store; each edge receives only the ones it uses. */
export interface Services {
  tenancy: TenancyService;
  vendors: VendorService;
  risks: RiskService;
}

export function createServices(store: Store, _config: Config): Services {
  return {
    tenancy: new TenancyService(store.db),
    vendors: new VendorService(store.db),
    risks: new RiskService(store.db),
  };
}
