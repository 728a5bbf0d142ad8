import type { Selectable } from 'kysely';

/**
 * Advisories are global reference data (one OSV database for every organisation), so these tables carry no
 * org_id. Findings, which are per organisation, live in src/findings/.
 */
export interface VulnAdvisoryTable {
  id: string;
  modified: string;
  published: string | null;
  withdrawn: string | null;
  summary: string | null;
  details: string | null;
  /** JSON array of alias ids (the advisory's own id excluded). */
  aliases: string;
  /** JSON array of OSV `severity` entries of the advisory and its packages. */
  severity: string;
  /** Best CVSS base score of this advisory alone, computed at import. */
  cvss_score: number | null;
  cvss_vector: string | null;
  cvss_source: string | null;
  /** Highest qualitative label (CRITICAL/HIGH/MEDIUM/LOW) the advisory gives, if any. */
  severity_label: string | null;
  /** JSON array of `{type, url}`. */
  refs: string;
  /** JSON array of the distinct ecosystems it affects (for status counts). */
  ecosystems: string;
  content_hash: string;
  imported_at: string;
  updated_at: string;
}

/** One affected package of an advisory; matched through (ecosystem, package_key). */
export interface VulnAffectedTable {
  advisory_id: string;
  idx: number;
  ecosystem: string;
  package_key: string;
  name: string;
  /** JSON array of SEMVER/ECOSYSTEM ranges `{type, events: [{kind, value}]}`. */
  ranges: string;
  /** JSON array of version strings. */
  versions: string;
}

/** alias id → advisory that names it; finds every advisory of one vulnerability from any of its ids. */
export interface VulnAliasTable {
  alias_id: string;
  advisory_id: string;
}

/** Single row (id 1): `generation` grows with every import that changes advisories. */
export interface VulnStateTable {
  id: number;
  generation: number;
}

export type VulnAdvisoryRow = Selectable<VulnAdvisoryTable>;
export type VulnAffectedRow = Selectable<VulnAffectedTable>;

declare module '../db/database.ts' {
  interface Database {
    vuln_advisories: VulnAdvisoryTable;
    vuln_affected: VulnAffectedTable;
    vuln_aliases: VulnAliasTable;
    vuln_state: VulnStateTable;
  }
}
