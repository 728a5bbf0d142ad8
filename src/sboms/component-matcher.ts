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
}

/**
 * The seam between SBOM ingestion and findings. The SBOM service calls `matchComponents` inside the upload
 * transaction, after the components are inserted, so an SBOM and its findings land (or fail) together; the
 * return value is the number of findings created. `countBySbom` answers findingCount for lists and records.
 */
export interface SbomFindingsHooks {
  matchComponents(
    trx: Kysely<Database>,
    orgId: string,
    sbomId: string,
    components: MatchableComponent[],
  ): Promise<number>;
  countBySbom(db: Kysely<Database>, orgId: string, sbomIds: string[]): Promise<Map<string, number>>;
  /** Deletes up to `limit` findings of the SBOM (history goes with them); returns how many. Without it the
   * findings go with the SBOM through their foreign keys, in one statement. */
  deleteFindingsOfSbom?(db: Kysely<Database>, orgId: string, sbomId: string, limit: number): Promise<number>;
}
