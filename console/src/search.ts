// The findings page's search parameters: a leaf both the router (which validates them) and the page (which
// reads and writes them) import, so pages never import the router (no router ↔ pages loop).
import type { FindingStatus, Severity } from './api/types.ts';
import type { FindingOrder } from './pages/finding-order.ts';

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

/** The violations page's filters (`status` absent: open; `all`: both). */
export interface ViolationSearch {
  policyId?: string;
  status?: 'open' | 'suppressed' | 'all';
  state?: 'fail' | 'warn' | 'info';
  kind?: 'license' | 'security' | 'operational';
  sbomId?: string;
  assetName?: string;
}
