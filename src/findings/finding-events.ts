import { fromJson } from '../db/helpers.ts';
import type { EventFinding } from '../events/catalogue.ts';
import type { FindingRow } from './finding.table.ts';

/**
 * A finding as events describe it (docs/events.md). KEV status is not known to the findings store yet, so
 * `kev` is null (a KEV-only subscription receives no finding events until it is).
 */
export function eventFinding(
  row: Pick<
    FindingRow,
    | 'id'
    | 'sbom_id'
    | 'component_id'
    | 'vulnerability_id'
    | 'aliases'
    | 'severity'
    | 'cvss_score'
    | 'fixed_versions'
    | 'status'
  >,
  component: { name: string; version: string | null; purl: string | null },
  /** The lists as matched, when at hand (saves parsing them back from the row's JSON). */
  lists?: { aliases: string[]; fixedVersions: string[] },
): EventFinding {
  return {
    id: row.id,
    sbomId: row.sbom_id,
    componentId: row.component_id,
    component: { name: component.name, version: component.version, purl: component.purl },
    vulnerabilityId: row.vulnerability_id,
    aliases: lists?.aliases ?? fromJson<string[]>(row.aliases, []),
    severity: row.severity as EventFinding['severity'],
    cvssScore: row.cvss_score === null ? null : Number(row.cvss_score),
    fixedVersions: lists?.fixedVersions ?? fromJson<string[]>(row.fixed_versions, []),
    status: row.status as EventFinding['status'],
    kev: null,
  };
}
