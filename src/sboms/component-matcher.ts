/** The hook through which an upload asks the findings domain to match its components. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

/** What the findings side needs of a stored component to match it against advisories. */
export interface MatchableComponent {
  id: string;
  ecosystem: string | null;
  packageKey: string | null;
  name: string;
  version: string | null;
  purl: string | null;
  /** What policies read in the upload (absent where a component is matched again later). */
  group?: string | null;
  /** JSON array text, as stored. */
  licenses?: string;
  /** JSON LicenseData text, as stored; null when the document gave no license entries. */
  licenseData?: string | null;
}

/**
 * One batch's findings, matched outside any transaction and kept in memory: the upload writes them in its last
 * transaction, so no reader sees a finding of an SBOM before the SBOM itself (docs/upload-fairness.md).
 */
export interface MatchedBatch {
  readonly count: number;
  /** Writes the batch's findings (triage rules applied first), inside the upload's last transaction. */
  store(trx: Kysely<Database>): Promise<void>;
}

/**
 * What an upload's hooks do with each pending batch besides matching it (policies: the violations of policies
 * that read only the component, docs/upload-fairness.md). Its rows stay as pending as the batch's components:
 * readers leave out rows of a pending SBOM, and a failed upload deletes them (`discardPending`).
 */
export interface PendingUpload {
  /**
   * Works on one batch now, outside any transaction (beside the parser worker); the write it returns, if any,
   * runs in the batch's own short transaction with its components.
   */
  batch(components: readonly MatchableComponent[]): ((trx: Kysely<Database>) => Promise<void>) | undefined;
}

/**
 * The seam between SBOM ingestion and findings. The SBOM service stores an upload's components in short
 * transactions (docs/upload-fairness.md) and calls `matchComponents` on each batch outside any transaction,
 * reading advisories through `db`; in the last transaction it calls each batch's `store`, then `matchedAll` once
 * with the total, so an SBOM and its findings become visible (or are discarded) together. `countBySbom` answers
 * findingCount for lists and records.
 */
export interface SbomFindingsHooks {
  /** Matches one batch of the upload's components, writing nothing; returns the findings to store. */
  matchComponents(
    db: Kysely<Database>,
    orgId: string,
    sbomId: string,
    components: MatchableComponent[],
    /** At most this many findings for the batch; past it the hook throws 413 TOO_MANY_FINDINGS, nothing stored. */
    maxFindings?: number,
  ): Promise<MatchedBatch>;
  /**
   * Before the first batch, outside any transaction: per-batch work of the upload, if any. `assetName` is the
   * asset the upload names up front (the form's), null when only the SBOM's last row can tell.
   */
  beginUpload?(
    db: Kysely<Database>,
    orgId: string,
    sbomId: string,
    assetName: string | null,
  ): Promise<PendingUpload | undefined>;
  /**
   * In the last transaction, after the batches' findings are stored: what needs all of them (`created` in all);
   * `pending` is what `beginUpload` returned.
   */
  matchedAll(
    trx: Kysely<Database>,
    orgId: string,
    sbomId: string,
    created: number,
    pending?: PendingUpload,
  ): Promise<void>;
  countBySbom(db: Kysely<Database>, orgId: string, sbomIds: string[]): Promise<Map<string, number>>;
  /** Deletes up to `limit` findings of the SBOM (history goes with them); returns how many. Without it the
   * findings go with the SBOM through their foreign keys, in one statement. */
  deleteFindingsOfSbom?(db: Kysely<Database>, orgId: string, sbomId: string, limit: number): Promise<number>;
}
