// Governance import: validates a bundle (or a CSV of identities/accounts) and writes it in one transaction,
// one writer per section (writers/), then refreshes the derived tables (derived/refresh.ts).
import type { Kysely } from 'kysely';
import { recordAudit } from '../../audit/audit.repository.ts';
import type { Database } from '../../db/database.ts';
import { analyzeTables } from '../../db/helpers.ts';
import { ANALYZE_AFTER_ROWS } from '../../db/statistics.ts';
import { AppError, validationFailed } from '../../errors.ts';
import { refreshDerived } from '../derived/refresh.ts';
import { formatPath, GovernanceBundle } from './bundle.schema.ts';
import { csvPath, csvToBundle, type CsvKind } from './csv.ts';
import type { SectionSummary } from './table-sync.ts';
import { writeAccounts } from './writers/accounts.ts';
import { ImportContext, MAX_DETAILS } from './writers/context.ts';
import { writeEntitlements } from './writers/entitlements.ts';
import { writeEvidence } from './writers/evidence.ts';
import { resyncGrantCopies, writeGrants } from './writers/grants.ts';
import { writeIdentities } from './writers/identities.ts';
import { writeIsoProjects } from './writers/iso-projects.ts';
import { writeMaturityAssessments } from './writers/maturity-assessments.ts';
import { writeReviewCampaigns } from './writers/review-campaigns.ts';
import { writeReviewItems } from './writers/review-items.ts';
import { writeSettings } from './writers/settings.ts';
import { writeSoaEntries } from './writers/soa-entries.ts';
import { writeSodExceptions } from './writers/sod-exceptions.ts';
import { writeSodRules } from './writers/sod-rules.ts';
import { writeSupplierAssessments } from './writers/supplier-assessments.ts';
import { writeSystems } from './writers/systems.ts';

export interface ImportSummary {
  orgId: string;
  settingsChanged: boolean;
  sections: Record<string, SectionSummary>;
}

const GOVERNANCE_TABLES = [
  'gov_identities',
  'gov_accounts',
  'gov_entitlements',
  'gov_grants',
  'gov_review_items',
  'gov_sod_rules',
  'gov_identity_access',
  'gov_peer_groups',
  'gov_sod_violations',
];

/** Validates a bundle (exact error paths) and writes it in one transaction. */
export async function importBundle(
  db: Kysely<Database>,
  orgId: string,
  actorId: string,
  input: unknown,
): Promise<ImportSummary> {
  const parsed = GovernanceBundle.safeParse(input);
  if (!parsed.success) {
    // An unexpected field is reported at its own path (zod reports it on the enclosing object).
    const details = parsed.error.issues
      .flatMap((i) =>
        i.code === 'unrecognized_keys'
          ? i.keys.map((k) => ({ path: formatPath([...i.path, k]), message: 'unexpected field' }))
          : [{ path: formatPath(i.path), message: i.message }],
      )
      .slice(0, MAX_DETAILS);
    throw validationFailed(
      `The governance bundle is invalid (${parsed.error.issues.length} problem${parsed.error.issues.length === 1 ? '' : 's'})`,
      details,
    );
  }
  return writeBundle(db, orgId, actorId, parsed.data);
}

/** Writes an already valid bundle: references resolved by external id, all or nothing. */
export async function writeBundle(
  db: Kysely<Database>,
  orgId: string,
  actorId: string,
  bundle: GovernanceBundle,
): Promise<ImportSummary> {
  const summary = await db.transaction().execute(async (trx) => {
    const result = await writeSections(trx, orgId, bundle);
    await recordAudit(trx, orgId, {
      actorId,
      action: 'governance.import',
      entityType: 'governance_bundle',
      details: { ...result.sections },
    });
    return result;
  });
  // After a bulk load the planner needs fresh statistics, or the 100k-identity queries pick poor plans.
  const created = Object.values(summary.sections).reduce((n, s) => n + s.created, 0);
  if (created >= ANALYZE_AFTER_ROWS) await analyzeTables(db, GOVERNANCE_TABLES, { vacuum: true });
  return summary;
}

/** Writes every section in dependency order, each by its own writer (writers/), then the derived tables. */
async function writeSections(
  db: Kysely<Database>,
  orgId: string,
  b: GovernanceBundle,
): Promise<ImportSummary> {
  const ctx = new ImportContext(db, orgId);
  const settingsChanged = await writeSettings(ctx, b.settings);
  const identities = await writeIdentities(ctx, b.identities);
  const systems = await writeSystems(ctx, b.systems);
  const { accounts, changed: changedAccounts } = await writeAccounts(ctx, b.accounts, {
    systems,
    identities,
  });
  const { entitlements, changed: changedEntitlements } = await writeEntitlements(ctx, b.entitlements, {
    systems,
  });
  const grants = await writeGrants(ctx, b.grants, { accounts, entitlements });
  await resyncGrantCopies(ctx, changedAccounts, changedEntitlements);
  const sodRules = await writeSodRules(ctx, b.sodRules, { entitlements });
  await writeSodExceptions(ctx, b.sodExceptions, { sodRules, identities });
  const campaigns = await writeReviewCampaigns(ctx, b.reviewCampaigns, { identities });
  await writeReviewItems(ctx, b.reviewItems, { campaigns, identities, grants, entitlements });
  const projects = await writeIsoProjects(ctx, b.isoProjects);
  await writeSoaEntries(ctx, b.soaEntries, { projects, identities });
  await writeEvidence(ctx, b.evidence, { projects, identities });
  await writeMaturityAssessments(ctx, b.maturityAssessments, { projects, identities });
  await writeSupplierAssessments(ctx, b.supplierAssessments);
  // Last, over everything written: the derived tables this import's changes touch (derived/refresh.ts).
  const access = ['identities', 'accounts', 'entitlements', 'grants'];
  await refreshDerived(db, orgId, {
    access: [...access, 'sodRules'].some((k) => ctx.changed(k)),
    reviewers: ctx.changed('identities') || ctx.changed('reviewItems'),
    posture: settingsChanged || Object.keys(ctx.sections).some((k) => ctx.changed(k)),
    createdAccessRows: access.reduce((n, k) => n + (ctx.sections[k]?.created ?? 0), 0),
  });
  return { orgId, settingsChanged, sections: ctx.sections };
}

/** A CSV export of identities or accounts, imported like a bundle; error paths name CSV lines and columns. */
export async function importCsv(
  db: Kysely<Database>,
  orgId: string,
  actorId: string,
  kind: CsvKind,
  text: string,
): Promise<ImportSummary> {
  const { bundle, lines } = csvToBundle(kind, text);
  try {
    return await importBundle(db, orgId, actorId, bundle);
  } catch (error) {
    if (error instanceof AppError && error.details) {
      throw new AppError(error.code, error.status, error.message, {
        details: error.details.map((d) => ({ ...d, path: csvPath(kind, d.path, lines) })),
      });
    }
    throw error;
  }
}
