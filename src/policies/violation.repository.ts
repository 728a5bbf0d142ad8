// Queries of policy violations and their history; every one filtered on the organisation.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { insertRows } from '../db/helpers.ts';
import type { PolicyViolationHistoryRow, PolicyViolationRow } from './policy.table.ts';
import { inReach, sbomInReach, type ReachIds } from '../db/reach-filter.ts';
import { notPendingSbom, visibleSbom } from '../db/visible-sbom.ts';

export const VIOLATION_COLUMNS = [
  'id',
  'org_id',
  'policy_id',
  'sbom_id',
  'component_id',
  'finding_id',
  'kind',
  'state',
  'reason',
  'status',
  'comment',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof PolicyViolationRow)[];
const VIOLATION_PG_TYPES = VIOLATION_COLUMNS.map(() => 'text');

/**
 * A new violation's columns but its status, 'open' on every one (a constant of the statement), and its comment,
 * null (left out): 11 bound instead of 13.
 */
const NEW_VIOLATION_BOUND = VIOLATION_COLUMNS.filter((c) => c !== 'status' && c !== 'comment');
const NEW_VIOLATION_PG_TYPES = NEW_VIOLATION_BOUND.map(() => 'text');
const NEW_VIOLATION_CONSTANTS = { status: 'open' } as const;
/**
 * PostgreSQL writes new violations by COPY from this many rows: an upload's batch has ≈ 950 (half its ≈ 1,900
 * components under the bench's policies), under insertRows' default, and `unnest`'s text arrays cost the main thread
 * more to build and escape (pg's escapeElement) and the backend more to parse (BENCHMARKS.md, "Policies").
 */
const VIOLATIONS_COPY_FROM = 200;

export async function insertViolations(
  db: Kysely<Database>,
  rows: readonly PolicyViolationRow[],
): Promise<void> {
  const fresh: PolicyViolationRow[] = [];
  const rest: PolicyViolationRow[] = [];
  for (const r of rows)
    (r.status === NEW_VIOLATION_CONSTANTS.status && r.comment === null ? fresh : rest).push(r);
  if (fresh.length > 0)
    await insertRows(
      db,
      'policy_violations',
      NEW_VIOLATION_BOUND,
      fresh.map((r) => NEW_VIOLATION_BOUND.map((c) => r[c])),
      NEW_VIOLATION_PG_TYPES,
      NEW_VIOLATION_CONSTANTS,
      VIOLATIONS_COPY_FROM,
    );
  if (rest.length > 0)
    await insertRows(
      db,
      'policy_violations',
      VIOLATION_COLUMNS,
      rest.map((r) => VIOLATION_COLUMNS.map((c) => r[c])),
      VIOLATION_PG_TYPES,
    );
}

/** Where a page of an SBOM's stored violations ends: its last violation's key (policy, component, finding). */
export type ViolationKey = readonly [policyId: string, componentId: string, findingId: string];

/**
 * The stored violations of an SBOM after `after` (null: from the first), in the order of their unique key
 * (policy, component, finding): what a re-evaluation compares against, page by page. That order is the key
 * index's (policy_violations_key_idx, which leads with the SBOM), so each page reads its own rows only: by id, the
 * primary key's order, the first page of an SBOM walked every older violation of the table first (150,000 rows,
 * 205 ms on PostgreSQL, BENCHMARKS.md "Policies").
 * visibility: of one SBOM its caller reads (a visible one, or an upload's own in its last transaction).
 */
export const violationPageOfSbom = (
  db: Kysely<Database>,
  orgId: string,
  sbomId: string,
  after: ViolationKey | null,
  limit: number,
) => {
  let query = db
    .selectFrom('policy_violations')
    .select(['id', 'policy_id', 'component_id', 'finding_id', 'state', 'reason', 'kind'])
    .where('org_id', '=', orgId)
    .where('sbom_id', '=', sbomId);
  if (after)
    query = query.where((eb) =>
      eb(eb.refTuple('policy_id', 'component_id', 'finding_id'), '>', eb.tuple(...after)),
    );
  return query.orderBy('policy_id').orderBy('component_id').orderBy('finding_id').limit(limit).execute();
};
export type StoredViolation = Awaited<ReturnType<typeof violationPageOfSbom>>[number];

/** visibility: ids the caller read of one SBOM (violationPageOfSbom). */
export async function deleteViolations(
  db: Kysely<Database>,
  orgId: string,
  ids: readonly string[],
): Promise<void> {
  for (let i = 0; i < ids.length; i += 500)
    await db
      .deleteFrom('policy_violations')
      .where('org_id', '=', orgId)
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
}

/**
 * Sets the same facts on some violations (the caller keeps `ids` to a few hundred per statement).
 * visibility: ids the caller read of one SBOM (violationPageOfSbom).
 */
export async function updateViolationFacts(
  db: Kysely<Database>,
  orgId: string,
  ids: readonly string[],
  set: { state: string; reason: string; kind: string; updated_at: string },
): Promise<void> {
  await db
    .updateTable('policy_violations')
    .set(set)
    .where('org_id', '=', orgId)
    .where('id', 'in', ids)
    .execute();
}

export interface ViolationFilter {
  id?: string | undefined;
  sbomId?: string | undefined;
  assetName?: string | undefined;
  state?: string | undefined;
  kind?: string | undefined;
  policyId?: string | undefined;
  status?: string | undefined;
  /** The caller's reach (docs/portfolio-access.md); null or absent: the whole organisation. */
  reach?: ReachIds | undefined;
}

/** Violations with their policy's name and component, newest first, after `before` (keyset) when given. */
export function listViolations(
  db: Kysely<Database>,
  orgId: string,
  filter: ViolationFilter,
  limit: number,
  before?: string,
) {
  let query = db
    .selectFrom('policy_violations as v')
    .innerJoin('policies as p', (j) => j.onRef('p.id', '=', 'v.policy_id').on('p.org_id', '=', orgId))
    .innerJoin('sbom_components as c', (j) =>
      j.onRef('c.id', '=', 'v.component_id').on('c.org_id', '=', orgId),
    )
    .select([
      'v.id',
      'v.policy_id',
      'p.name as policy_name',
      'v.kind',
      'v.state',
      'v.component_id',
      'c.name as component_name',
      'c.version as component_version',
      'c.purl as component_purl',
      'v.sbom_id',
      'v.finding_id',
      'v.reason',
      'v.status',
      'v.comment',
      'v.created_at',
    ])
    .where('v.org_id', '=', orgId)
    // A pending upload's per-batch violations stay out until its last transaction (docs/upload-fairness.md).
    .where(notPendingSbom(orgId, 'v.sbom_id'));
  if (filter.id) query = query.where('v.id', '=', filter.id);
  if (filter.sbomId) query = query.where('v.sbom_id', '=', filter.sbomId);
  if (filter.assetName)
    query = query.where('v.sbom_id', 'in', (sub) =>
      sub
        .selectFrom('sboms')
        .select('id')
        .where('org_id', '=', orgId)
        .where('asset_name', '=', filter.assetName!)
        .where(visibleSbom()),
    );
  if (filter.state) query = query.where('v.state', '=', filter.state);
  if (filter.kind) query = query.where('v.kind', '=', filter.kind);
  if (filter.policyId) query = query.where('v.policy_id', '=', filter.policyId);
  if (filter.status) query = query.where('v.status', '=', filter.status);
  if (filter.reach) query = query.where(sbomInReach(db, orgId, 'v.sbom_id', filter.reach));
  if (before) query = query.where('v.id', '<', before);
  return query.orderBy('v.id', 'desc').limit(limit).execute();
}
export type ViolationListRow = Awaited<ReturnType<typeof listViolations>>[number];

/** Open violations per state, optionally of one SBOM or asset. */
export function countOpenByState(
  db: Kysely<Database>,
  orgId: string,
  filter: { sbomId?: string; assetName?: string; reach?: ReachIds },
) {
  let query = db
    .selectFrom('policy_violations as v')
    .select(['v.state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('v.org_id', '=', orgId)
    .where('v.status', '=', 'open')
    .where(notPendingSbom(orgId, 'v.sbom_id'));
  if (filter.sbomId) query = query.where('v.sbom_id', '=', filter.sbomId);
  if (filter.assetName)
    query = query.where('v.sbom_id', 'in', (sub) =>
      sub
        .selectFrom('sboms')
        .select('id')
        .where('org_id', '=', orgId)
        .where('asset_name', '=', filter.assetName!)
        .where(visibleSbom()),
    );
  if (filter.reach) query = query.where(sbomInReach(db, orgId, 'v.sbom_id', filter.reach));
  return query.groupBy('v.state').execute();
}

/** Open violations per SBOM and state, of the SBOMs in reach (SBOMs without any are absent). */
export function countOpenBySbomAndState(db: Kysely<Database>, orgId: string, reach: ReachIds = null) {
  let query = db
    .selectFrom('policy_violations as v')
    .select(['v.sbom_id', 'v.state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('v.org_id', '=', orgId)
    .where('v.status', '=', 'open')
    .where(notPendingSbom(orgId, 'v.sbom_id'));
  if (reach) query = query.where(sbomInReach(db, orgId, 'v.sbom_id', reach));
  return query.groupBy(['v.sbom_id', 'v.state']).execute();
}

export function findViolation(db: Kysely<Database>, orgId: string, id: string, reach: ReachIds = null) {
  let query = db
    .selectFrom('policy_violations')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where(notPendingSbom(orgId, 'sbom_id'));
  if (reach) query = query.where(sbomInReach(db, orgId, 'sbom_id', reach));
  return query.executeTakeFirst();
}

/** visibility: a violation found visible first (findViolation). */
export async function setViolationStatus(
  db: Kysely<Database>,
  orgId: string,
  id: string,
  status: string,
  comment: string | null,
  at: string,
): Promise<void> {
  await db
    .updateTable('policy_violations')
    .set({ status, comment, updated_at: at })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
}

export async function insertHistory(db: Kysely<Database>, row: PolicyViolationHistoryRow): Promise<void> {
  await db.insertInto('policy_violation_history').values(row).execute();
}

export const historyOf = (db: Kysely<Database>, orgId: string, violationId: string) =>
  db
    .selectFrom('policy_violation_history')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('violation_id', '=', violationId)
    .orderBy('at')
    .orderBy('id')
    .execute();

/** SBOM ids of the organisation, the latest of each asset first, then the older ones newest first. */
export async function sbomsByPriority(db: Kysely<Database>, orgId: string): Promise<string[]> {
  const { latest, older } = await sbomsByAge(db, orgId);
  return [...latest, ...older];
}

/** The latest SBOM of each asset (newest first), and the others; with a reach, of the assets in it only. */
export async function sbomsByAge(
  db: Kysely<Database>,
  orgId: string,
  reach: ReachIds = null,
): Promise<{ latest: string[]; older: string[] }> {
  let query = db
    .selectFrom('sboms')
    .select(['id', 'asset_name'])
    .where('org_id', '=', orgId)
    .where('format', 'is not', null)
    .where(visibleSbom());
  if (reach) query = query.where(inReach(db, 'asset_id', reach));
  const rows = await query.orderBy('id', 'desc').execute();
  const seen = new Set<string>();
  const latest: string[] = [];
  const older: string[] = [];
  for (const r of rows) {
    if (seen.has(r.asset_name)) older.push(r.id);
    else {
      seen.add(r.asset_name);
      latest.push(r.id);
    }
  }
  return { latest, older };
}

/**
 * Deletes the SBOM's violations of some policies (an upload's per-batch rows whose policy changed meanwhile).
 * visibility: the upload's own pending SBOM, in its last transaction.
 */
export async function deleteViolationsOfPolicies(
  db: Kysely<Database>,
  orgId: string,
  sbomId: string,
  policyIds: readonly string[],
): Promise<void> {
  if (policyIds.length === 0) return;
  await db
    .deleteFrom('policy_violations')
    .where('org_id', '=', orgId)
    .where('sbom_id', '=', sbomId)
    .where('policy_id', 'in', policyIds)
    .execute();
}

/**
 * The SBOM's violations of some policies, whole (the events of an upload's per-batch rows).
 * visibility: the upload's own pending SBOM, in its last transaction.
 */
export const violationsOfPolicies = (
  db: Kysely<Database>,
  orgId: string,
  sbomId: string,
  policyIds: readonly string[],
): Promise<PolicyViolationRow[]> =>
  policyIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('policy_violations')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('sbom_id', '=', sbomId)
        .where('policy_id', 'in', policyIds)
        .orderBy('id')
        .execute();
