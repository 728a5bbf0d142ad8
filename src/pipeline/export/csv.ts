// CSV export of findings: one row per finding, RFC 4180 quoting, streamed page by page.
import { csvField } from '../../shared/csv.ts';
import type { ReportFinding } from '../report-model.ts';

export const CSV_HEADER = [
  'vulnerabilityId',
  'aliases',
  'severity',
  'severitySource',
  'cvssScore',
  'status',
  'component',
  'version',
  'purl',
  'fixedVersions',
  'summary',
  'remediationNotes',
];

export function csvRow(f: ReportFinding): string {
  return `${[
    f.vulnerabilityId,
    f.aliases.join(' '),
    f.severity,
    f.severitySource,
    f.cvssScore,
    f.status,
    f.component.name,
    f.component.version,
    f.component.purl,
    f.fixedVersions.join(' '),
    f.summary,
    f.remediationNotes,
  ]
    .map(csvField)
    .join(',')}\r\n`;
}

export const VIOLATIONS_CSV_HEADER = [
  'id',
  'policyId',
  'policyName',
  'kind',
  'state',
  'status',
  'component',
  'version',
  'purl',
  'findingId',
  'reason',
  'comment',
  'createdAt',
];

/** The violations of an SBOM (`?format=violations-csv`), most recent first. */
export function violationsCsv(
  violations: readonly {
    id: string;
    policyId: string;
    policyName: string;
    kind: string;
    state: string;
    status: string;
    component: { name: string; version: string | null; purl: string | null };
    findingId?: string;
    reason: string;
    comment?: string;
    createdAt: string;
  }[],
): string {
  const rows = violations.map(
    (v) =>
      `${[
        v.id,
        v.policyId,
        v.policyName,
        v.kind,
        v.state,
        v.status,
        v.component.name,
        v.component.version,
        v.component.purl,
        v.findingId ?? null,
        v.reason,
        v.comment ?? null,
        v.createdAt,
      ]
        .map(csvField)
        .join(',')}\r\n`,
  );
  return `${VIOLATIONS_CSV_HEADER.join(',')}\r\n${rows.join('')}`;
}

export async function* csvChunks(findings: AsyncIterable<ReportFinding[]>): AsyncGenerator<string> {
  yield `${CSV_HEADER.join(',')}\r\n`;
  for await (const page of findings) if (page.length) yield page.map(csvRow).join('');
}
