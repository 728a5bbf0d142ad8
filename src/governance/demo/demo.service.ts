/** `bulwark demo`: a deterministic, realistic organisation generated and imported as a bundle. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PolicyServices } from '../../policies/index.ts';
import type { PortfolioServices } from '../../portfolio/index.ts';
import type { RiskService } from '../../risks/risk.service.ts';
import type { SbomService } from '../../sboms/sbom.service.ts';
import type { OrganisationService } from '../../tenancy/organisation.service.ts';
import type { UserService } from '../../tenancy/user.service.ts';
import type { VendorService } from '../../vendors/vendor.service.ts';
import { DAY } from '../common.ts';
import type { GovernanceBundle } from '../import/bundle.schema.ts';
import { writeBundle, type ImportSummary } from '../import/import.service.ts';
import { DEMO_RISKS, DEMO_VENDORS, prng } from './catalog.ts';
import { generateAccess, generateSodExceptions } from './demo-access.ts';
import { generateIso, generateReviews } from './demo-governance.ts';
import { seedSupplyChain, type DemoSupplyChainResult } from './demo-supply-chain.ts';

export interface DemoOptions {
  identities: number;
  seed: number;
  /** Reference time; default the start of the current UTC day, so a day's runs are identical. */
  asOf?: string;
}

export const DEMO_LIMITS = { minIdentities: 50, maxIdentities: 100_000 } as const;

export function demoReferenceTime(asOf?: string): number {
  if (asOf) return Date.parse(asOf);
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

/** The whole demo organisation as an import bundle: same options, same bundle (ids are external ids). */
export function generateDemoBundle(options: DemoOptions, riskIds: readonly string[] = []): GovernanceBundle {
  const now = demoReferenceTime(options.asOf);
  const rng = prng(options.seed);
  const access = generateAccess(rng, options.identities, now);
  const reviews = generateReviews(rng, access, now);
  const iso = generateIso(rng, access, now, riskIds);
  return {
    version: 1,
    identities: access.identities,
    systems: access.systems,
    accounts: access.accounts,
    entitlements: access.entitlements,
    grants: access.grants.map(({ privileged: _p, risk: _r, subject: _s, ...grant }) => grant),
    sodRules: access.sodRules,
    sodExceptions: generateSodExceptions(access, now),
    ...reviews,
    ...iso,
  };
}

/** The other domains the demo fills through their own services. */
export interface DemoServices {
  organisations: OrganisationService;
  users: UserService;
  vendors: VendorService;
  risks: RiskService;
  sboms: SbomService;
  policies: PolicyServices;
  portfolio: PortfolioServices;
}

export interface DemoResult {
  org: { id: string; slug: string; created: boolean };
  identities: number;
  seed: number;
  asOf: string;
  import: ImportSummary['sections'];
  vendorsCreated: number;
  risksCreated: number;
  supplierAssessments: number;
  supplyChain: DemoSupplyChainResult;
}

/**
 * `bulwark demo`: creates the organisation (plan professional, one user) when missing, then writes the
 * generated governance data in one transaction, adds vendors (the suppliers) with assessment history and
 * risks through their own services, and the supply chain (applications' SBOMs and a license policy) through
 * theirs. Re-running with the same options changes nothing.
 */
export async function runDemo(
  db: Kysely<Database>,
  services: DemoServices,
  slug: string,
  options: DemoOptions,
): Promise<DemoResult> {
  const found = await services.organisations.findBySlug(slug);
  const org =
    found ?? (await services.organisations.create({ slug, name: `${slug} (demo)`, plan: 'professional' }));
  const users = await services.users.list(org.id);
  const user =
    users[0] ??
    (await services.users.add(org.id, {
      email: `security.lead@${slug}.example.com`,
      name: 'Security Lead',
    }));
  const titles = new Set((await services.risks.listRegister(org.id)).map((r) => r.title));
  let risksCreated = 0;
  for (const [title, category, likelihood, impact, treatment] of DEMO_RISKS) {
    if (titles.has(title)) continue;
    await services.risks.createRisk(org.id, user.id, {
      title,
      category,
      likelihood,
      impact,
      treatment,
      status: 'approved',
      ownerUserId: user.id,
    });
    risksCreated += 1;
  }
  // Risks first, so the statement of applicability can link its controls to them (ids in DEMO_RISKS order).
  const register = new Map((await services.risks.listRegister(org.id)).map((r) => [r.title, r.id]));
  const riskIds = DEMO_RISKS.flatMap(([title]) => register.get(title) ?? []);
  const bundle = generateDemoBundle(options, riskIds);
  const summary = await writeBundle(db, org.id, user.id, bundle);
  const now = demoReferenceTime(options.asOf);
  const existingVendors = await services.vendors.list(org.id);
  let vendorsCreated = 0;
  for (const [name, type, riskTier, assessmentStatus] of DEMO_VENDORS) {
    if (existingVendors.some((v) => v.name === name)) continue;
    existingVendors.push(
      await services.vendors.create(org.id, user.id, { name, type, riskTier, assessmentStatus }),
    );
    vendorsCreated += 1;
  }
  const rng = prng(options.seed + 1);
  const assessments = existingVendors
    .filter((v) => v.type !== 'internal' && DEMO_VENDORS.some(([name]) => name === v.name))
    .flatMap((v, n) =>
      [180, 20].map((ago, k) => ({
        externalId: `demo-sas-${n + 1}-${k + 1}`,
        vendorId: v.id,
        assessedAt: new Date(now - ago * DAY).toISOString(),
        status: k === 0 ? ('completed' as const) : v.assessmentStatus,
        score: rng.int(40, 95),
      })),
    );
  await writeBundle(db, org.id, user.id, { version: 1, supplierAssessments: assessments });
  const supplyChain = await seedSupplyChain(db, services, org.id, user.id, now);
  return {
    org: { id: org.id, slug: org.slug, created: !found },
    identities: options.identities,
    seed: options.seed,
    asOf: new Date(now).toISOString(),
    import: summary.sections,
    vendorsCreated,
    risksCreated,
    supplierAssessments: assessments.length,
    supplyChain,
  };
}
