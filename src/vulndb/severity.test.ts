import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bestCvss, bestLabel, combineSeverity, cvssBaseScore, levelOfScore } from './severity.ts';

describe('severity', () => {
  it('scores CVSS v4, v3.0, v3.1 and v2 base vectors', () => {
    assert.deepEqual(cvssBaseScore('CVSS_V3', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'), {
      source: 'cvss_v3',
      score: 9.8,
      vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
    });
    assert.equal(cvssBaseScore('CVSS_V3', 'CVSS:3.0/AV:N/AC:L/PR:N/UI:R/S:U/C:L/I:N/A:N')?.score, 4.3);
    assert.equal(
      cvssBaseScore('CVSS_V4', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N')?.score,
      9.3,
    );
    assert.equal(cvssBaseScore('CVSS_V2', 'AV:N/AC:L/Au:N/C:P/I:P/A:P')?.score, 7.5);
    assert.equal(cvssBaseScore('CVSS_V3', 'garbage'), null);
    assert.equal(cvssBaseScore('CVSS_V3', 'CVSS:4.0/AV:N'), null);
    assert.equal(cvssBaseScore('Ubuntu', 'high'), null);
  });

  it('maps scores to levels at the documented thresholds', () => {
    assert.deepEqual([9.0, 8.9, 7.0, 6.9, 4.0, 3.9, 0].map(levelOfScore), [
      'CRITICAL',
      'HIGH',
      'HIGH',
      'MEDIUM',
      'MEDIUM',
      'LOW',
      'LOW',
    ]);
  });

  it('takes the highest score and the highest label', () => {
    const best = bestCvss([
      { type: 'CVSS_V2', score: 'AV:N/AC:L/Au:N/C:P/I:P/A:P' },
      { type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:L/I:N/A:N' },
    ]);
    assert.deepEqual(best, { source: 'cvss_v2', score: 7.5, vector: 'AV:N/AC:L/Au:N/C:P/I:P/A:P' });
    assert.equal(bestLabel([{ type: 'Ubuntu', score: 'low' }], ['MODERATE', null, 'bogus']), 'MEDIUM');
    assert.equal(bestLabel([], [null]), null);
  });

  it('combines the advisory and its aliases: CVSS, then label, then the default', () => {
    const cvss = {
      source: 'cvss_v3' as const,
      score: 6.1,
      vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N',
    };
    assert.deepEqual(
      combineSeverity([
        { cvss: null, label: 'CRITICAL' },
        { cvss, label: null },
      ]),
      { severity: 'MEDIUM', source: 'cvss_v3', cvssScore: 6.1, cvssVector: cvss.vector },
    );
    assert.deepEqual(
      combineSeverity([
        { cvss: null, label: 'LOW' },
        { cvss: null, label: 'HIGH' },
      ]),
      { severity: 'HIGH', source: 'advisory', cvssScore: null, cvssVector: null },
    );
    assert.deepEqual(combineSeverity([{ cvss: null, label: null }]), {
      severity: 'MEDIUM',
      source: 'default',
      cvssScore: null,
      cvssVector: null,
    });
    assert.deepEqual(combineSeverity([], 'LOW'), {
      severity: 'LOW',
      source: 'default',
      cvssScore: null,
      cvssVector: null,
    });
  });
});
