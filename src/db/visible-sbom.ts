/**
 * What every reader of `sboms`, `sbom_components` and `policy_violations` leaves out: an SBOM whose upload is still
 * being written (docs/upload-fairness.md). An upload stores its rows in short transactions so it does not hold
 * SQLite's one writer; its SBOM row carries `pending_since` until the upload's last transaction clears it, and
 * nothing of it may be read before. test/architecture/visible-sbom.test.ts fails on a query of those tables without
 * one of these (or a `visibility:` comment saying why it needs none).
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/** The SBOM row (`table`: the alias in the query, none for an unaliased `sboms`) is visible: not pending. */
export function visibleSbom(table?: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(table ? `${table}.pending_since` : 'pending_since')} is null`;
}

/**
 * `sbomColumn` names a visible SBOM: the filter of component rows read across SBOMs (an organisation's, or every
 * organisation's in the re-match), one primary-key probe of `sboms` per row.
 */
export function inVisibleSbom(sbomColumn: Expression<unknown> | string): RawBuilder<SqlBool> {
  const ref = typeof sbomColumn === 'string' ? sql.ref(sbomColumn) : sbomColumn;
  return sql<SqlBool>`exists (select 1 from sboms v_s where v_s.id = ${ref} and ${visibleSbom('v_s')})`;
}

/**
 * `sbomColumn` names no pending SBOM of the organisation: the filter of rows an upload writes with its pending
 * batches (policy violations) when read across SBOMs. An organisation's pending SBOMs are a handful (the partial
 * index on `pending_since` finds them), so this is one small subquery rather than a probe of `sboms` per row.
 */
export function notPendingSbom(orgId: string, sbomColumn: string): RawBuilder<SqlBool> {
  // visibility: names the pending SBOMs, to leave them out.
  return sql<SqlBool>`${sql.ref(sbomColumn)} not in (select p_s.id from sboms p_s where p_s.org_id = ${orgId} and p_s.pending_since is not null)`;
}

/**
 * The SBOM is still pending: the guard of a refused upload's clean-up, which must delete nothing once the
 * upload's last transaction has made the SBOM visible.
 */
export function stillPending(orgId: string, sbomId: string): RawBuilder<SqlBool> {
  // visibility: names a pending SBOM, to delete its rows.
  return sql<SqlBool>`exists (select 1 from sboms p_s where p_s.org_id = ${orgId} and p_s.id = ${sbomId} and p_s.pending_since is not null)`;
}
