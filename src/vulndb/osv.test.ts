import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseOsv } from './osv.ts';

const base = {
  schema_version: '1.6.0',
  id: 'GHSA-aaaa-bbbb-cccc',
  modified: '2024-01-02T03:04:05Z',
  aliases: ['CVE-2024-0001', 'GHSA-aaaa-bbbb-cccc'],
  summary: 'Bad thing',
  affected: [
    {
      package: { ecosystem: 'PyPI', name: 'Django_Rest.Framework' },
      ranges: [
        { type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '3.1' }] },
        {
          type: 'GIT',
          repo: 'https://example.com/r',
          events: [{ introduced: '0' }, { fixed: 'abc123.patch' }],
        },
      ],
      versions: ['3.0'],
    },
  ],
  database_specific: { severity: 'MODERATE' },
  references: [{ type: 'WEB', url: 'https://example.com/a' }],
};

describe('OSV parsing', () => {
  it('reads database_specific.cwe_ids as CWE-<n>, each once, and skips what is not a CWE id', () => {
    const doc = {
      ...base,
      database_specific: { cwe_ids: ['CWE-79', '79', 'cwe-0079', 'CWE-20', 'NVD-CWE-noinfo', 5] },
    };
    const outcome = parseOsv(doc, 'a.json');
    assert.equal(outcome.ok && outcome.advisory.cwes.join(' '), 'CWE-20 CWE-79');
    const none = parseOsv(base, 'a.json');
    assert.deepEqual(none.ok && none.advisory.cwes, []);
  });

  it('normalises an advisory and keeps only matchable ranges', () => {
    const outcome = parseOsv(base, 'a.json');
    assert.equal(outcome.ok, true);
    if (!outcome.ok) return;
    const a = outcome.advisory;
    assert.equal(a.id, 'GHSA-aaaa-bbbb-cccc');
    assert.equal(a.modified, '2024-01-02T03:04:05.000Z');
    assert.deepEqual(a.aliases, ['CVE-2024-0001']);
    assert.equal(a.qualitativeSeverity, 'MODERATE');
    assert.deepEqual(
      a.affected.map((p) => [p.ecosystem, p.name, p.packageKey]),
      [['PyPI', 'Django_Rest.Framework', 'django-rest-framework']],
    );
    assert.deepEqual(a.affected[0]!.ranges, [
      {
        type: 'ECOSYSTEM',
        events: [
          { kind: 'introduced', value: '0' },
          { kind: 'fixed', value: '3.1' },
        ],
      },
    ]);
    // A GIT-only schema violation is a warning that names the source and the path, not a rejection.
    assert.deepEqual(outcome.warnings, [
      'a.json (GHSA-aaaa-bbbb-cccc): schema: /affected/0/ranges/1/events/1 must name a full-length commit hash (inside a GIT range, which matching ignores)',
    ]);
  });

  it('rejects only unusable advisories', () => {
    const reject = (doc: unknown) => {
      const o = parseOsv(doc, 'x.json');
      return o.ok ? 'accepted' : o.reason;
    };
    assert.equal(reject([1]), 'not a JSON object');
    assert.equal(reject({ ...base, id: undefined }), 'no id');
    assert.equal(
      reject({ ...base, modified: 'yesterday' }),
      "GHSA-aaaa-bbbb-cccc: no valid 'modified' timestamp",
    );
    assert.equal(reject({ ...base, affected: [] }), 'GHSA-aaaa-bbbb-cccc: no affected package');
    assert.equal(
      reject({ ...base, affected: [{ package: { name: 'x' } }] }),
      'GHSA-aaaa-bbbb-cccc: no affected package',
    );
    // Withdrawn with nothing left is still imported: it retracts earlier findings.
    assert.equal(reject({ ...base, affected: [], withdrawn: '2024-02-01T00:00:00Z' }), 'accepted');
    // An unknown field breaks the schema but not the advisory.
    const odd = parseOsv({ ...base, extra: 1 }, 'x.json');
    assert.equal(odd.ok, true);
    assert.match(odd.warnings[0]!, /schema: \/ must NOT have additional properties/);
  });
});
