import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getVersionOrdering, preparePackage } from '../vulndb/index.ts';
import { matchComponent, type Candidate } from './matcher.ts';

const npm = getVersionOrdering('npm')!;
const candidate = (advisoryId: string, aliases: string[], fixed: string, score: number): Candidate => ({
  advisoryId,
  aliases,
  withdrawn: false,
  prepared: preparePackage(
    {
      ranges: [
        {
          type: 'SEMVER',
          events: [
            { kind: 'introduced', value: '0' },
            { kind: 'fixed', value: fixed },
          ],
        },
      ],
      versions: [],
    },
    npm,
  ),
  severity: { cvss: { source: 'cvss_v3', score, vector: `CVSS:3.1/${advisoryId}` }, label: null },
});
const at = (id: string, version: string) => ({ id, version, parsed: npm.parse(version) });

describe('matchComponent', () => {
  it("makes a lone candidate's vulnerability once and shares it between components, reasons apart", () => {
    const ghsa = candidate('GHSA-aaaa-bbbb-cccc', ['CVE-2024-2', 'CVE-2024-1'], '2.0.0', 7.5);
    const [first] = matchComponent(at('c1', '1.0.0'), [ghsa], npm);
    const [second] = matchComponent(at('c2', '1.5.0'), [ghsa], npm);
    assert.deepEqual(first, {
      vulnerabilityId: 'CVE-2024-1',
      aliases: ['CVE-2024-2', 'GHSA-aaaa-bbbb-cccc'],
      advisoryIds: ['GHSA-aaaa-bbbb-cccc'],
      fixedVersions: ['2.0.0'],
      reasons: [
        {
          advisoryId: 'GHSA-aaaa-bbbb-cccc',
          reason: {
            kind: 'range',
            rangeIndex: 0,
            rangeType: 'SEMVER',
            introduced: '0',
            until: { kind: 'fixed', value: '2.0.0' },
          },
        },
      ],
      severityParts: [ghsa.severity],
    });
    assert.deepEqual(second!.aliases, first!.aliases);
    // Shared, not copied: the severity is then settled and the finding's JSON columns written once for both.
    assert.equal(second!.severityParts, first!.severityParts);
    assert.equal(second!.aliases, first!.aliases);
    assert.notEqual(second!.reasons, first!.reasons);
    assert.deepEqual(matchComponent(at('c3', '2.0.0'), [ghsa], npm), []);
  });

  it('merges candidates sharing an id into one new vulnerability, and keeps the lone ones shared', () => {
    const osv = candidate('PYSEC-2024-9', ['CVE-2024-1'], '1.8.0', 5.0);
    const ghsa = candidate('GHSA-aaaa-bbbb-cccc', ['CVE-2024-1'], '2.0.0', 7.5);
    const other = candidate('GHSA-zzzz-yyyy-xxxx', [], '3.0.0', 9.8);
    const alone = matchComponent(at('c0', '1.0.0'), [other], npm)[0]!;
    const found = matchComponent(at('c1', '1.0.0'), [osv, ghsa, other], npm);
    assert.deepEqual(
      found.map((v) => [v.vulnerabilityId, v.aliases, v.advisoryIds, v.fixedVersions]),
      [
        [
          'CVE-2024-1',
          ['GHSA-aaaa-bbbb-cccc', 'PYSEC-2024-9'],
          ['GHSA-aaaa-bbbb-cccc', 'PYSEC-2024-9'],
          ['1.8.0', '2.0.0'],
        ],
        ['GHSA-zzzz-yyyy-xxxx', [], ['GHSA-zzzz-yyyy-xxxx'], ['3.0.0']],
      ],
    );
    assert.deepEqual(found[0]!.severityParts, [ghsa.severity, osv.severity]);
    assert.equal(found[1]!.severityParts, alone.severityParts);
    // The merge made new arrays: the lone matches of its candidates are as before.
    assert.deepEqual(matchComponent(at('c2', '1.0.0'), [osv], npm)[0]!.aliases, ['PYSEC-2024-9']);
  });
});
