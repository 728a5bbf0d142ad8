// The findings of one SBOM as the pipeline features see them (scan results, exports, VEX): stored or not, with
// the component they affect. Pure types and the severity helpers shared by thresholds and exports.
import type { Finding } from '../findings/finding.service.ts';
import type { KevInfo, SeverityLevel } from '../vulndb/index.ts';
import { targetText } from '../remediation/plan-table.ts';
import { packagePurl } from '../remediation/package-purl.ts';
import type { PlanItem } from '../remediation/upgrade-plan.ts';

export type { KevInfo };

/** A finding without its storage identity: what a scan reports and an export writes. */
export type ReportFinding = Pick<
  Finding,
  | 'component'
  | 'vulnerabilityId'
  | 'aliases'
  | 'summary'
  | 'severity'
  | 'severitySource'
  | 'cvssScore'
  | 'cvssVector'
  | 'fixedVersions'
  | 'references'
  | 'status'
  | 'remediationNotes'
  | 'justification'
  | 'response'
  | 'detail'
  | 'kev'
> &
  // How the component got in (docs/remediation.md): scans and exports give it; null and [] without a graph.
  Partial<Pick<Finding, 'direct' | 'paths'>> & {
    /** The plan's target for the finding's package ("4.17.21", "above 1.5"), when a plan was made and names one. */
    upgradeTo?: string;
  };

/** Each finding with its package's upgrade target from the plan (SARIF results say it); unchanged without a plan. */
export function withUpgrades<F extends ReportFinding>(
  findings: readonly F[],
  plan: readonly PlanItem[] | undefined,
): F[] {
  if (!plan) return [...findings];
  const targets = new Map<string, string>();
  for (const item of plan)
    if (item.fixes.total > 0) targets.set(`${item.purl}@${item.currentVersion}`, targetText(item));
  return findings.map((f) => {
    const c = f.component;
    const to = c.purl && c.version !== null ? targets.get(`${packagePurl(c.purl)}@${c.version}`) : undefined;
    return to === undefined ? f : { ...f, upgradeTo: to };
  });
}

export type SeveritySummary = Record<SeverityLevel | 'total' | 'kev', number>;

export const SEVERITY_ORDER: readonly SeverityLevel[] = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'];

/** Most severe first, then by vulnerability id and component name: the order of every report. */
export function compareFindings(a: ReportFinding, b: ReportFinding): number {
  return (
    SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) ||
    a.vulnerabilityId.localeCompare(b.vulnerabilityId) ||
    a.component.name.localeCompare(b.component.name)
  );
}

/** Counts over open findings, as the findings summary does (plus how many of them are in KEV). */
export function summarize(findings: readonly ReportFinding[]): SeveritySummary {
  const out: SeveritySummary = { CRITICAL: 0, HIGH: 0, MEDIUM: 0, LOW: 0, total: 0, kev: 0 };
  for (const f of findings) {
    if (f.status !== 'open') continue;
    out[f.severity]++;
    out.total++;
    if (f.kev) out.kev++;
  }
  return out;
}

/**
 * Package identity across versions and SBOMs: the purl without version and qualifiers, else group/name. Used to
 * carry triage from one version of an asset to the next and to compare SBOMs.
 */
export function packageIdentity(c: { name: string; purl: string | null; group?: string | null }): string {
  return c.purl ? packagePurl(c.purl) : `name:${c.group ? `${c.group}/` : ''}${c.name}`;
}
