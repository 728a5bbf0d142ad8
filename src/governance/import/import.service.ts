import type { Kysely } from 'kysely';
import { recordAudit } from '../../audit/audit.repository.ts';
import type { Database } from '../../db/database.ts';
import { analyzeTables, toBool } from '../../db/helpers.ts';
import { AppError, validationFailed, type ErrorDetail } from '../../errors.ts';
import { csvPath, csvToBundle, type CsvKind } from './csv.ts';
import { nowIso } from '../../shared/time.ts';
import { DAY, getSettings } from '../common.ts';
import { refreshAccessSnapshot } from '../access/snapshot.ts';
import { formatPath, GovernanceBundle } from './bundle.schema.ts';
import { TableSync, type SectionSummary } from './table-sync.ts';

export interface ImportSummary {
  orgId: string;
  settingsChanged: boolean;
  sections: Record<string, SectionSummary>;
}

/** Normalises an accepted timestamp (date or date-time with offset) to ISO 8601 UTC with Z; absent → null. */
const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ts = (value: string | undefined): string | null =>
  value === undefined ? null : CANONICAL.test(value) ? value : new Date(value).toISOString();
const opt = <T>(value: T | undefined): T | null => value ?? null;
const MAX_DETAILS = 50;
const ANALYZE_AFTER_ROWS = 5000;
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
    const writer = new BundleWriter(trx, orgId);
    const result = await writer.write(bundle);
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

class BundleWriter {
  readonly #db: Kysely<Database>;
  readonly #orgId: string;
  readonly errors: ErrorDetail[] = [];
  readonly sections: Record<string, SectionSummary> = {};

  constructor(db: Kysely<Database>, orgId: string) {
    this.#db = db;
    this.#orgId = orgId;
  }

  #sync(
    table: ConstructorParameters<typeof TableSync>[2],
    prefix: ConstructorParameters<typeof TableSync>[3],
    keyOf?: (r: Record<string, unknown>) => string,
    touch?: string,
  ) {
    return new TableSync(this.#db, this.#orgId, table, prefix, keyOf, touch).load();
  }

  /** The id behind an external id of `sync`, or null (recording an error with its path when unknown). */
  #ref(sync: TableSync, key: string | undefined, path: string, what: string): string | null {
    if (key === undefined) return null;
    if (!sync.has(key)) {
      if (this.errors.length < MAX_DETAILS)
        this.errors.push({
          path,
          message: `unknown ${what} '${key}' (not in this bundle and not imported before)`,
        });
      return null;
    }
    return sync.idFor(key);
  }

  async #flush(section: string, sync: TableSync, count: number | undefined) {
    if (this.errors.length > 0)
      throw validationFailed('The governance bundle has unresolved references', this.errors);
    const { changedIds, ...summary } = await sync.flush();
    if (count !== undefined) this.sections[section] = summary;
    return changedIds;
  }

  async write(b: GovernanceBundle): Promise<ImportSummary> {
    const settingsChanged = b.settings ? await this.#settings(b.settings) : false;
    const identities = await this.#sync('gov_identities', 'idn', undefined, 'updated_at');
    for (const i of b.identities ?? []) identities.stage(identityRow(i, null));
    (b.identities ?? []).forEach((i, n) =>
      identities.stage(
        identityRow(
          i,
          this.#ref(identities, i.managerExternalId, `identities[${n}].managerExternalId`, 'identity'),
        ),
      ),
    );
    await this.#flush('identities', identities, b.identities?.length);

    const systems = await this.#sync('gov_systems', 'sys');
    for (const s of b.systems ?? [])
      systems.stage({
        external_id: s.externalId,
        name: s.name,
        criticality: s.criticality,
        last_sync_at: ts(s.lastSyncAt),
      });
    await this.#flush('systems', systems, b.systems?.length);

    const accounts = await this.#sync('gov_accounts', 'acc');
    (b.accounts ?? []).forEach((a, n) =>
      accounts.stage({
        external_id: a.externalId,
        system_id: this.#ref(systems, a.systemExternalId, `accounts[${n}].systemExternalId`, 'system'),
        username: a.username,
        identity_id: this.#ref(
          identities,
          a.identityExternalId,
          `accounts[${n}].identityExternalId`,
          'identity',
        ),
        type: a.type,
        status: a.status,
        created_at: ts(a.createdAt),
        last_login_at: ts(a.lastLoginAt),
        disabled_at: ts(a.disabledAt),
      }),
    );
    const changedAccounts = await this.#flush('accounts', accounts, b.accounts?.length);

    const entitlements = await this.#sync('gov_entitlements', 'ent');
    (b.entitlements ?? []).forEach((e, n) =>
      entitlements.stage({
        external_id: e.externalId,
        system_id: this.#ref(systems, e.systemExternalId, `entitlements[${n}].systemExternalId`, 'system'),
        name: e.name,
        privileged: toBool(e.privileged),
        risk_level: e.riskLevel,
      }),
    );
    const changedEntitlements = await this.#flush('entitlements', entitlements, b.entitlements?.length);

    const grants = await this.#sync('gov_grants', 'grt');
    (b.grants ?? []).forEach((g, n) => {
      const accountId = this.#ref(accounts, g.accountExternalId, `grants[${n}].accountExternalId`, 'account');
      const entitlementId = this.#ref(
        entitlements,
        g.entitlementExternalId,
        `grants[${n}].entitlementExternalId`,
        'entitlement',
      );
      const ent = entitlementId ? entitlements.get(g.entitlementExternalId) : undefined;
      grants.stage({
        external_id: g.externalId,
        account_id: accountId,
        entitlement_id: entitlementId,
        identity_id: accountId ? (accounts.get(g.accountExternalId)?.identity_id ?? null) : null,
        privileged: ent?.privileged ?? 0,
        risk_level: ent?.risk_level ?? 'low',
        granted_at: ts(g.grantedAt),
        revoked_at: ts(g.revokedAt),
        expires_at: ts(g.expiresAt),
        last_used_at: ts(g.lastUsedAt),
        last_reviewed_at: ts(g.lastReviewedAt),
      });
    });
    await this.#flush('grants', grants, b.grants?.length);
    await this.#resyncGrants(changedAccounts, changedEntitlements);

    const sod = await this.#sync('gov_sod_rules', 'sod');
    (b.sodRules ?? []).forEach((r, n) =>
      sod.stage({
        external_id: r.externalId,
        name: r.name,
        severity: r.severity,
        entitlement_a_id: this.#ref(
          entitlements,
          r.entitlementAExternalId,
          `sodRules[${n}].entitlementAExternalId`,
          'entitlement',
        ),
        entitlement_b_id: this.#ref(
          entitlements,
          r.entitlementBExternalId,
          `sodRules[${n}].entitlementBExternalId`,
          'entitlement',
        ),
      }),
    );
    await this.#flush('sodRules', sod, b.sodRules?.length);

    // Access summaries (SoD pairs, peer groups) follow every change to who holds what.
    const access = ['identities', 'accounts', 'entitlements', 'grants'];
    const changed = [...access, 'sodRules'];
    if (changed.some((k) => (this.sections[k]?.created ?? 0) + (this.sections[k]?.updated ?? 0) > 0)) {
      // Statistics first: without them PostgreSQL plans the summary query for empty tables (minutes, not seconds).
      if (access.reduce((n, k) => n + (this.sections[k]?.created ?? 0), 0) >= ANALYZE_AFTER_ROWS)
        await analyzeTables(
          this.#db,
          access.map((k) => `gov_${k}`),
        );
      await refreshAccessSnapshot(this.#db, this.#orgId);
    }

    await this.#reviews(b, identities, grants, entitlements);
    await this.#iso(b, identities);
    return { orgId: this.#orgId, settingsChanged, sections: this.sections };
  }

  async #settings(s: NonNullable<GovernanceBundle['settings']>): Promise<boolean> {
    const current = await getSettings(this.#db, this.#orgId);
    const next = { ...current, ...s };
    if (JSON.stringify(next) === JSON.stringify(current)) return false;
    const row = {
      stale_account_days: next.staleAccountDays,
      offboarding_sla_hours: next.offboardingSlaHours,
      review_remediation_sla_days: next.reviewRemediationSlaDays,
      privileged_remediation_sla_days: next.privilegedRemediationSlaDays,
      updated_at: nowIso(),
    };
    await this.#db.deleteFrom('gov_settings').where('org_id', '=', this.#orgId).execute();
    await this.#db
      .insertInto('gov_settings')
      .values({ org_id: this.#orgId, ...row })
      .execute();
    return true;
  }

  /** Keeps the copies on grants (identity, privileged, risk level) in step with changed accounts and entitlements. */
  async #resyncGrants(accountIds: string[], entitlementIds: string[]): Promise<void> {
    for (const id of accountIds) {
      const a = await this.#db
        .selectFrom('gov_accounts')
        .select('identity_id')
        .where('org_id', '=', this.#orgId)
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await this.#db
        .updateTable('gov_grants')
        .set({ identity_id: a.identity_id })
        .where('org_id', '=', this.#orgId)
        .where('account_id', '=', id)
        .execute();
    }
    for (const id of entitlementIds) {
      const e = await this.#db
        .selectFrom('gov_entitlements')
        .select(['privileged', 'risk_level'])
        .where('org_id', '=', this.#orgId)
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await this.#db
        .updateTable('gov_grants')
        .set({ privileged: e.privileged, risk_level: e.risk_level })
        .where('org_id', '=', this.#orgId)
        .where('entitlement_id', '=', id)
        .execute();
    }
  }

  async #reviews(
    b: GovernanceBundle,
    identities: TableSync,
    grants: TableSync,
    entitlements: TableSync,
  ): Promise<void> {
    const settings = await getSettings(this.#db, this.#orgId);
    const campaigns = await this.#sync('gov_review_campaigns', 'uac');
    (b.reviewCampaigns ?? []).forEach((c, n) =>
      campaigns.stage({
        external_id: c.externalId,
        name: c.name,
        status: c.status,
        owner_id: this.#ref(
          identities,
          c.ownerExternalId,
          `reviewCampaigns[${n}].ownerExternalId`,
          'identity',
        ),
        started_at: ts(c.startedAt),
        due_at: ts(c.dueAt),
        completed_at: ts(c.completedAt),
      }),
    );
    await this.#flush('reviewCampaigns', campaigns, b.reviewCampaigns?.length);
    const items = await this.#sync('gov_review_items', 'uai');
    (b.reviewItems ?? []).forEach((r, n) => {
      const p = `reviewItems[${n}]`;
      const grantId = this.#ref(grants, r.grantExternalId, `${p}.grantExternalId`, 'grant');
      const grant = grantId && r.grantExternalId ? grants.get(r.grantExternalId) : undefined;
      const entitlementId =
        this.#ref(entitlements, r.entitlementExternalId, `${p}.entitlementExternalId`, 'entitlement') ??
        (grant?.entitlement_id as string | undefined) ??
        null;
      const privileged = Number(
        grant?.privileged ??
          (r.entitlementExternalId ? entitlements.get(r.entitlementExternalId)?.privileged : 0) ??
          0,
      );
      const acting = r.decision === 'revoke' || r.decision === 'modify';
      const slaDays =
        privileged === 1 ? settings.privilegedRemediationSlaDays : settings.reviewRemediationSlaDays;
      // Remediation due defaults to decision time + SLA (privileged access has the shorter one).
      const due = r.remediationDueAt
        ? ts(r.remediationDueAt)
        : acting && r.decidedAt
          ? new Date(Date.parse(r.decidedAt) + slaDays * DAY).toISOString()
          : null;
      items.stage({
        external_id: r.externalId,
        campaign_id: this.#ref(campaigns, r.campaignExternalId, `${p}.campaignExternalId`, 'review campaign'),
        grant_id: grantId,
        entitlement_id: entitlementId,
        privileged,
        subject_id:
          this.#ref(identities, r.subjectExternalId, `${p}.subjectExternalId`, 'identity') ??
          (grant?.identity_id as string | undefined) ??
          null,
        reviewer_id: this.#ref(identities, r.reviewerExternalId, `${p}.reviewerExternalId`, 'identity'),
        decision: r.decision,
        decided_at: ts(r.decidedAt),
        remediation_status: r.remediationStatus ?? (acting ? 'pending' : 'none'),
        remediation_due_at: due,
        remediated_at: ts(r.remediatedAt),
      });
    });
    await this.#flush('reviewItems', items, b.reviewItems?.length);
  }

  async #iso(b: GovernanceBundle, identities: TableSync): Promise<void> {
    const projects = await this.#sync('gov_iso_projects', 'iso');
    const now = nowIso();
    for (const p of b.isoProjects ?? []) {
      const existing = projects.get(p.externalId);
      projects.stage({
        external_id: p.externalId,
        name: p.name,
        status: p.status,
        created_at: ts(p.createdAt) ?? (existing?.created_at as string | undefined) ?? now,
        target_date: ts(p.targetDate),
      });
    }
    await this.#flush('isoProjects', projects, b.isoProjects?.length);
    const soa = await this.#sync(
      'gov_soa_entries',
      'soa',
      (r) => `${String(r.project_id)} ${String(r.control_id)}`,
      'updated_at',
    );
    (b.soaEntries ?? []).forEach((s, n) => {
      soa.stage({
        project_id: this.#ref(
          projects,
          s.projectExternalId,
          `soaEntries[${n}].projectExternalId`,
          'ISO project',
        ),
        control_id: s.controlId,
        applicable: toBool(s.applicable),
        justification: opt(s.justification),
        implementation_status: s.implementationStatus,
        result: s.result ?? 'not_assessed',
        maturity_current: opt(s.maturityCurrent),
        maturity_target: opt(s.maturityTarget),
        owner_id: this.#ref(identities, s.ownerExternalId, `soaEntries[${n}].ownerExternalId`, 'identity'),
      });
    });
    await this.#flush('soaEntries', soa, b.soaEntries?.length);
    const evidence = await this.#sync('gov_evidence', 'evd');
    (b.evidence ?? []).forEach((e, n) =>
      evidence.stage({
        external_id: e.externalId,
        project_id: this.#ref(
          projects,
          e.projectExternalId,
          `evidence[${n}].projectExternalId`,
          'ISO project',
        ),
        control_id: e.controlId,
        title: e.title,
        collected_at: ts(e.collectedAt),
        expires_at: ts(e.expiresAt),
        status: e.status,
        collector_id: this.#ref(
          identities,
          e.collectorExternalId,
          `evidence[${n}].collectorExternalId`,
          'identity',
        ),
      }),
    );
    await this.#flush('evidence', evidence, b.evidence?.length);
    const maturity = await this.#sync('gov_maturity_assessments', 'mat');
    (b.maturityAssessments ?? []).forEach((m, n) =>
      maturity.stage({
        external_id: m.externalId,
        project_id: this.#ref(
          projects,
          m.projectExternalId,
          `maturityAssessments[${n}].projectExternalId`,
          'ISO project',
        ),
        control_id: m.controlId,
        score: m.score,
        target: opt(m.target),
        assessed_at: ts(m.assessedAt),
        assessor_id: this.#ref(
          identities,
          m.assessorExternalId,
          `maturityAssessments[${n}].assessorExternalId`,
          'identity',
        ),
        notes: opt(m.notes),
      }),
    );
    await this.#flush('maturityAssessments', maturity, b.maturityAssessments?.length);
    await this.#suppliers(b);
  }

  async #suppliers(b: GovernanceBundle): Promise<void> {
    if (!b.supplierAssessments) return;
    const vendors = new Set(
      (await this.#db.selectFrom('vendors').select('id').where('org_id', '=', this.#orgId).execute()).map(
        (v) => v.id,
      ),
    );
    const sync = await this.#sync('gov_supplier_assessments', 'sas');
    b.supplierAssessments.forEach((s, n) => {
      if (!vendors.has(s.vendorId) && this.errors.length < MAX_DETAILS)
        this.errors.push({
          path: `supplierAssessments[${n}].vendorId`,
          message: `unknown vendor '${s.vendorId}'`,
        });
      sync.stage({
        external_id: s.externalId,
        vendor_id: s.vendorId,
        assessed_at: ts(s.assessedAt),
        status: s.status,
        score: opt(s.score),
        notes: opt(s.notes),
      });
    });
    await this.#flush('supplierAssessments', sync, b.supplierAssessments.length);
  }
}

function identityRow(i: NonNullable<GovernanceBundle['identities']>[number], managerId: string | null) {
  return {
    external_id: i.externalId,
    display_name: i.displayName,
    email: opt(i.email),
    department: opt(i.department),
    title: opt(i.title),
    manager_id: managerId,
    employment_type: i.employmentType,
    status: i.status,
    hire_date: ts(i.hireDate),
    termination_date: ts(i.terminationDate),
    department_changed_at: ts(i.departmentChangedAt),
  };
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
