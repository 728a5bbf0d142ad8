// The findings page's search parameters: a leaf both the router (which validates them) and the page (which
// reads and writes them) import, so pages never import the router (no router ↔ pages loop).
import { FINDING_STATUSES, SEVERITIES } from './api/choices.ts';
import type { FindingStatus, Severity } from './api/rest.ts';
import { isFindingOrder, type FindingOrder } from './pages/finding-order.ts';

/** A search parameter's text, undefined when absent or empty. */
export const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

export interface FindingSearch {
  status?: FindingStatus;
  severity?: Severity;
  sbomId?: string;
  q?: string;
  /** Only findings in CISA's Known Exploited Vulnerabilities catalog. */
  kev?: boolean;
  /** The list's order (pages/finding-order.ts). */
  sort?: FindingOrder;
}

/**
 * The findings page's parameters from the parsed query string, unknown values dropped: the router's validation,
 * and main.tsx's to ask for the first page while the session is checked.
 */
export function findingSearchOf(search: Record<string, unknown>): FindingSearch {
  const out: FindingSearch = {};
  const status = str(search.status);
  const severity = str(search.severity);
  if (status && (FINDING_STATUSES as readonly string[]).includes(status))
    out.status = status as FindingStatus;
  if (severity && (SEVERITIES as readonly string[]).includes(severity)) out.severity = severity as Severity;
  const sbomId = str(search.sbomId);
  const q = str(search.q);
  if (sbomId) out.sbomId = sbomId;
  if (q) out.q = q;
  if (search.kev === true || search.kev === 'true') out.kev = true;
  const sort = str(search.sort);
  if (sort && isFindingOrder(sort)) out.sort = sort;
  return out;
}

/** The violations page's filters (`status` absent: open; `all`: both). */
export interface ViolationSearch {
  policyId?: string;
  status?: 'open' | 'suppressed' | 'all';
  state?: 'fail' | 'warn' | 'info';
  kind?: 'license' | 'security' | 'operational';
  sbomId?: string;
  assetName?: string;
}
