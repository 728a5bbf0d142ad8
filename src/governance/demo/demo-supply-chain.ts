// The demo organisation's supply chain (docs/compliance.md, "The demo organisation"): four applications with
// SBOMs of well-known packages at versions with published advisories, and a license policy one of them breaks,
// so the evidence collectors have something to pass and something to fail as soon as the demo exists. Findings
// appear once vulnerability data is synced (`bulwark vulndb sync`); the demo never invents advisories, because
// the advisory store is shared by every organisation.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PolicyServices } from '../../policies/index.ts';
import type { PortfolioServices } from '../../portfolio/index.ts';
import type { SbomService } from '../../sboms/sbom.service.ts';
import { DAY } from '../common.ts';
import { backdateSbom } from './demo.repository.ts';

type Package = readonly [purl: string, license: string];

interface DemoApplication {
  assetName: string;
  version: string;
  /** The asset's tags (docs/portfolio.md): what teams' grants and policies select by. */
  tags: string[];
  /** Days before the demo runs that the SBOM was uploaded: over 30 fails the software-inventory rule. */
  ageDays: number;
  packages: readonly Package[];
}

export const DEMO_APPLICATIONS: readonly DemoApplication[] = [
  {
    assetName: 'payments-api',
    tags: ['payments', 'pci'],
    version: '2.14.0',
    ageDays: 3,
    packages: [
      ['pkg:pypi/django@3.2.0', 'BSD-3-Clause'],
      ['pkg:pypi/jinja2@2.10', 'BSD-3-Clause'],
      ['pkg:pypi/pyyaml@5.3', 'MIT'],
      ['pkg:pypi/requests@2.19.1', 'Apache-2.0'],
      ['pkg:pypi/urllib3@1.24.1', 'MIT'],
    ],
  },
  {
    assetName: 'web-gateway',
    tags: ['edge'],
    version: '1.8.2',
    ageDays: 9,
    packages: [
      ['pkg:golang/github.com/gin-gonic/gin@v1.6.0', 'MIT'],
      ['pkg:golang/golang.org/x/text@v0.3.5', 'BSD-3-Clause'],
      ['pkg:npm/lodash@4.17.15', 'MIT'],
      ['pkg:npm/minimist@1.2.0', 'MIT'],
    ],
  },
  {
    assetName: 'billing-worker',
    tags: ['payments'],
    version: '0.9.1',
    ageDays: 12,
    packages: [
      ['pkg:pypi/celery@5.2.1', 'BSD-3-Clause'],
      ['pkg:pypi/pyqt5@5.15.9', 'GPL-3.0-only'],
      ['pkg:pypi/pillow@8.1.0', 'HPND'],
    ],
  },
  {
    assetName: 'legacy-reports',
    tags: ['reporting'],
    version: '4.0.0',
    ageDays: 45,
    packages: [
      ['pkg:pypi/flask@0.12.2', 'BSD-3-Clause'],
      ['pkg:pypi/werkzeug@0.14.1', 'BSD-3-Clause'],
    ],
  },
];

export const DEMO_POLICY = 'No strong copyleft in shipped applications';

/** A CycloneDX 1.6 document of the application's packages (name and version read back from each purl). */
export function demoCycloneDx(app: DemoApplication): string {
  const components = app.packages.map(([purl, license]) => {
    const at = purl.lastIndexOf('@');
    const path = purl.slice(purl.indexOf('/') + 1, at);
    return {
      type: 'library',
      'bom-ref': purl,
      name: path.slice(path.lastIndexOf('/') + 1),
      ...(path.includes('/') ? { group: path.slice(0, path.lastIndexOf('/')) } : {}),
      version: purl.slice(at + 1),
      purl,
      licenses: [{ license: { id: license } }],
    };
  });
  return JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    version: 1,
    metadata: { component: { type: 'application', name: app.assetName, version: app.version } },
    components,
  });
}

export interface DemoSupplyChainResult {
  sbomsCreated: number;
  policiesCreated: number;
}

/**
 * The policy first (so each upload is evaluated against it), then each application's SBOM unless that asset
 * already has that version; an SBOM meant to look old gets its upload time moved back. Re-running changes nothing.
 */
export async function seedSupplyChain(
  db: Kysely<Database>,
  services: { sboms: SbomService; policies: PolicyServices; portfolio: PortfolioServices },
  orgId: string,
  userId: string,
  now: number,
): Promise<DemoSupplyChainResult> {
  let policiesCreated = 0;
  if (!(await services.policies.policies.findByName(orgId, DEMO_POLICY))) {
    await services.policies.policies.create(orgId, userId, {
      name: DEMO_POLICY,
      description: 'Strong copyleft licenses (the copyleft group) are not shipped to customers.',
      kind: 'license',
      operator: 'any',
      violationState: 'fail',
      conditions: [{ subject: 'license_group', operator: 'is', value: 'copyleft' }],
      enabled: true,
    });
    policiesCreated = 1;
  }
  const existing = await services.sboms.list({ orgId, reach: null });
  let sbomsCreated = 0;
  for (const app of DEMO_APPLICATIONS) {
    if (existing.some((s) => s.assetName === app.assetName && s.version === app.version)) continue;
    const upload = await services.sboms.upload(
      orgId,
      userId,
      { fileName: `${app.assetName}.cdx.json`, bytes: new TextEncoder().encode(demoCycloneDx(app)) },
      { assetName: app.assetName, version: app.version },
    );
    await backdateSbom(db, orgId, upload.id, new Date(now - app.ageDays * DAY).toISOString());
    const asset = await services.portfolio.assets.resolve(orgId, app.assetName);
    await services.portfolio.assets.update(orgId, userId, asset.id, { tags: app.tags });
    sbomsCreated += 1;
  }
  // The new policy's re-evaluation of earlier SBOMs runs in the background: finish it before the store closes.
  await services.policies.reevaluation.idle();
  return { sbomsCreated, policiesCreated };
}
