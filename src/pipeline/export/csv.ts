// CSV export of findings: one row per finding, RFC 4180 quoting, streamed page by page.
import { csvField } from '../../shared/csv.ts';
import type { ReportFinding } from '../report-model.ts';

export const CSV_HEADER = [
  'vulnerabilityId',
  'aliases',
  'severity',
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

export async function* csvChunks(findings: AsyncIterable<ReportFinding[]>): AsyncGenerator<string> {
  yield `${CSV_HEADER.join(',')}\r\n`;
  for await (const page of findings) if (page.length) yield page.map(csvRow).join('');
}
