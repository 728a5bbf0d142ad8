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
 * The seam between SBOM ingestion and findings. Inside the upload transaction the SBOM service calls
 * `matchComponents` for each batch of components right after inserting it (a large upload's batches arrive from the
 * parser worker, and matching one while the worker reads the next costs almost no time), then `matchedAll` once
 * with the total; so an SBOM and its findings land (or fail) together. `countBySbom` answers findingCount for lists
 * and records.
 */
export interface SbomFindingsHooks {
  /** Matches one batch of the upload's components; returns the number of findings created. */
  matchComponents(
    trx: Kysely<Database>,
    orgId: string,
    sbomId: string,
    components: MatchableComponent[],
    /** At most this many findings for the batch; past it the hook throws 413 TOO_MANY_FINDINGS, nothing stored. */
    maxFindings?: number,
  ): Promise<number>;
  /** After the last batch: what needs all of the SBOM's findings (`created` of them in all). */
  matchedAll(trx: Kysely<Database>, orgId: string, sbomId: string, created: number): Promise<void>;
  countBySbom(db: Kysely<Database>, orgId: string, sbomIds: string[]): Promise<Map<string, number>>;
  /** Deletes up to `limit` findings of the SBOM (history goes with them); returns how many. Without it the
   * findings go with the SBOM through their foreign keys, in one statement. */
  deleteFindingsOfSbom?(db: Kysely<Database>, orgId: string, sbomId: string, limit: number): Promise<number>;
}
