// CSV export of findings: one row per finding, RFC 4180 quoting, streamed page by page.
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

/** Quotes a field when it holds a comma, quote or line break; a leading =+-@ is defused for spreadsheets. */
function field(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

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
    .map(field)
    .join(',')}\r\n`;
}

export async function* csvChunks(findings: AsyncIterable<ReportFinding[]>): AsyncGenerator<string> {
  yield `${CSV_HEADER.join(',')}\r\n`;
  for await (const page of findings) if (page.length) yield page.map(csvRow).join('');
}
