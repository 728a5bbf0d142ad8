/** Table types of the advisory database. */
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
  /** JSON array of CWE ids (`CWE-79`); null for an advisory stored before CWEs were read (filled on re-import). */
  cwes: string | null;
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

/** Where one source stands: `osv:<Ecosystem>`, `kev` or `epss`. */
export interface VulnSyncStateTable {
  source: string;
  /** The URL or directory last synced from (or the file imported). */
  location: string | null;
  last_attempt_at: string | null;
  last_success_at: string | null;
  /** Reason of the last attempt's failure; null once an attempt succeeds. */
  last_error: string | null;
  /** OSV: the newest `modified` taken in; later syncs fetch only records modified after it. */
  high_water: string | null;
  /** Validators of the last full answer, sent back as If-None-Match / If-Modified-Since. */
  etag: string | null;
  last_modified: string | null;
  /** KEV: catalogVersion; EPSS: score date. */
  version: string | null;
}

/** CISA's Known Exploited Vulnerabilities catalog, one row per CVE. */
export interface VulnKevTable {
  cve_id: string;
  date_added: string;
  due_date: string | null;
  /** `Known` or `Unknown`, as CISA writes it. */
  ransomware: string;
  vendor_project: string | null;
  product: string | null;
  name: string | null;
}

/** FIRST's EPSS scores, one row per CVE (the latest file replaces the previous one). */
export interface VulnEpssTable {
  cve_id: string;
  score: number;
  percentile: number;
  score_date: string;
}

declare module '../db/database.ts' {
  interface Database {
    vuln_sync_state: VulnSyncStateTable;
    vuln_kev: VulnKevTable;
    vuln_epss: VulnEpssTable;
  }
}
