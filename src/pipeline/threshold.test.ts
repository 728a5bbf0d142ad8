// The gate's verdict: --fail-on with --unrated fail|ignore|as-medium over rated and unrated findings.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ReportFinding } from './report-model.ts';
import { findingsAtThreshold, type FailOn, type Unrated } from './threshold.ts';

const f = (
  id: string,
  severity: ReportFinding['severity'],
  over: Partial<ReportFinding> = {},
): ReportFinding => ({
  component: { name: id, version: '1', purl: null },
  vulnerabilityId: id,
  aliases: [],
  summary: null,
  severity,
  severitySource: 'cvss_v3',
  cvssScore: null,
  cvssVector: null,
  fixedVersions: [],
  references: [],
  status: 'open',
  remediationNotes: null,
  justification: null,
  response: null,
  detail: null,
  kev: null,
  ...over,
});

const FINDINGS = [
  f('high', 'HIGH'),
  f('low', 'LOW'),
  // No score anywhere: MEDIUM by the fallback, said to be unrated.
  f('unrated', 'MEDIUM', { severitySource: 'default' }),
  f('unrated-fp', 'MEDIUM', { severitySource: 'default', status: 'false_positive' }),
  f('unrated-fixed', 'MEDIUM', { severitySource: 'default', status: 'fixed' }),
];

describe('scan gate', () => {
  it('applies --unrated as the contract says', () => {
    const cases: [FailOn, Unrated, string[]][] = [
      ['high', 'as-medium', ['high']],
      ['medium', 'as-medium', ['high', 'unrated', 'unrated-fixed']],
      ['medium', 'ignore', ['high']],
      ['high', 'fail', ['high', 'unrated']],
      ['none', 'fail', ['unrated']],
      ['none', 'as-medium', []],
      ['none', 'ignore', []],
      ['low', 'ignore', ['high', 'low']],
      ['kev', 'fail', ['unrated']],
    ];
    for (const [failOn, unrated, expected] of cases)
      assert.deepEqual(
        findingsAtThreshold(FINDINGS, failOn, unrated).map((x) => x.vulnerabilityId),
        expected,
        `--fail-on ${failOn} --unrated ${unrated}`,
      );
    assert.deepEqual(
      findingsAtThreshold(FINDINGS, 'medium').map((x) => x.vulnerabilityId),
      ['high', 'unrated', 'unrated-fixed'],
    );
  });
});

describe('unrated in reports', () => {
  it('the table and SARIF say unrated; SARIF keeps the band it counts as for the level', async () => {
    const { reportTable } = await import('./report-table.ts');
    const { sarifText } = await import('./export/render.ts');
    const findings = [f('high', 'HIGH'), f('unrated', 'MEDIUM', { severitySource: 'default' })];
    const table = reportTable(
      {
        format: 'cyclonedx',
        specVersion: '1.5',
        componentCount: 2,
        findings: findings.map((x) => ({ ...x, direct: null, paths: [] })),
        summary: { CRITICAL: 0, HIGH: 1, MEDIUM: 1, LOW: 0, total: 2, kev: 0 },
        violations: [],
      },
      false,
    );
    assert.deepEqual(
      table
        .split('\n')
        .slice(3)
        .map((line) => line.split(/\s+/)[0]),
      ['HIGH', 'UNRATED'],
    );
    const sarif = JSON.parse(await sarifText('bom.json', findings));
    assert.deepEqual(
      sarif.runs[0].results.map((r: { level: string; properties: object }) => [r.level, r.properties]),
      [
        ['error', { status: 'open', severity: 'HIGH', severitySource: 'cvss_v3' }],
        ['warning', { status: 'open', severity: 'unrated', severitySource: 'default' }],
      ],
    );
    assert.match(sarif.runs[0].results[1].message.text, /unrated: no severity score published/);
  });
});
