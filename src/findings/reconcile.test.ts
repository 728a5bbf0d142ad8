import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ResolvedVulnerability } from './finding-matching.ts';
import type { FindingRow } from './finding.table.ts';
import { preferredId } from './matcher.ts';
import { reconcile } from './reconcile.ts';

const row = (
  id: string,
  vulnerabilityId: string,
  aliases: string[],
  extra: Partial<FindingRow> = {},
): FindingRow => ({
  id,
  org_id: 'org_1',
  sbom_id: 'sbom_1',
  component_id: 'cmp_1',
  vulnerability_id: vulnerabilityId,
  aliases: JSON.stringify(aliases),
  advisory_ids: JSON.stringify([vulnerabilityId, ...aliases].filter((a) => !a.startsWith('CVE-'))),
  summary: null,
  severity: 'MEDIUM',
  severity_source: 'default',
  cvss_score: null,
  cvss_vector: null,
  fixed_versions: '[]',
  refs: '[]',
  match_reasons: '[]',
  status: 'accepted_risk',
  remediation_notes: null,
  created_at: 't',
  updated_at: 't',
  status_changed_at: 't',
  retracted_at: null,
  retraction_reason: null,
  justification: null,
  response: null,
  detail: null,
  triage_source: null,
  triage_rule_id: null,
  ...extra,
});

const vuln = (vulnerabilityId: string, aliases: string[]): ResolvedVulnerability => ({
  vulnerabilityId,
  aliases,
  advisoryIds: [vulnerabilityId, ...aliases].filter((a) => !a.startsWith('CVE-')),
  fixedVersions: [],
  reasons: [],
  severityParts: [],
  severity: { severity: 'MEDIUM', source: 'default', cvssScore: null, cvssVector: null },
});

const ids = (plan: ReturnType<typeof reconcile>) => ({
  insert: plan.insert.map((v) => v.vulnerabilityId),
  update: plan.update.map(
    (u) => `${u.row.id}→${u.vulnerability.vulnerabilityId}${u.reinstate ? ' (reinstated)' : ''}`,
  ),
  retract: plan.retract.map((r) => `${r.row.id}: ${r.reason}`),
});

describe('reconcile (re-matching one component)', () => {
  it('prefers CVE, then GHSA, then others; smallest among equals', () => {
    assert.equal(preferredId(['PYSEC-2021-1', 'GHSA-b', 'CVE-2021-2', 'CVE-2021-1']), 'CVE-2021-1');
    assert.equal(preferredId(['PYSEC-2021-1', 'GHSA-b', 'GHSA-a']), 'GHSA-a');
    assert.equal(preferredId(['PYSEC-2021-1', 'GO-2021-1']), 'GO-2021-1');
  });

  it('keeps a finding whose vulnerability gained a CVE id (triage state carried by the row)', () => {
    const plan = reconcile(
      [row('fnd_1', 'GHSA-a', ['GO-1'])],
      [vuln('CVE-1', ['GHSA-a', 'GO-1'])],
      new Set(),
    );
    assert.deepEqual(ids(plan), { insert: [], update: ['fnd_1→CVE-1'], retract: [] });
  });

  it('inserts new vulnerabilities, reinstates a retracted one, retracts what nothing matches any more', () => {
    const existing = [
      row('fnd_1', 'CVE-1', ['GO-1'], { retracted_at: 'x' }),
      row('fnd_2', 'CVE-2', ['GO-2']),
      row('fnd_3', 'CVE-3', ['GO-3']),
      row('fnd_4', 'CVE-4', ['GO-4'], { retracted_at: 'x' }),
    ];
    const plan = reconcile(existing, [vuln('CVE-1', ['GO-1']), vuln('CVE-9', ['GO-9'])], new Set(['GO-2']));
    assert.deepEqual(ids(plan), {
      insert: ['CVE-9'],
      update: ['fnd_1→CVE-1 (reinstated)'],
      retract: ['fnd_2: withdrawn: GO-2', 'fnd_3: no longer affected by any advisory'],
    });
  });

  it('two findings merged into one vulnerability: the one already named by the preferred id carries on', () => {
    // GHSA-a and CVE-1 were separate; a new advisory links them. Renaming fnd_1 to CVE-1 would collide.
    const plan = reconcile(
      [row('fnd_1', 'GHSA-a', ['GO-1']), row('fnd_2', 'CVE-1', ['PYSEC-1'])],
      [vuln('CVE-1', ['GHSA-a', 'GO-1', 'PYSEC-1'])],
      new Set(),
    );
    assert.deepEqual(ids(plan), {
      insert: [],
      update: ['fnd_2→CVE-1'],
      retract: ['fnd_1: merged into CVE-1'],
    });
  });
});
