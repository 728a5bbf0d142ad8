// The plan over hand-built advisories: fixed and last_affected, several ranges, none fixing all, no fix, ranking.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { MatchRange } from '../vulndb/index.ts';
import { planOf, successorOf, type PlanFinding } from './upgrade-plan.ts';

const range = (...events: [kind: 'introduced' | 'fixed' | 'last_affected' | 'limit', value: string][]) => ({
  type: 'ECOSYSTEM' as const,
  events: events.map(([kind, value]) => ({ kind, value })),
});
const finding = (id: string, severity: string, ranges: MatchRange[], kev = false): PlanFinding => ({
  id,
  severity,
  kev,
  affected: [{ ranges, versions: [] }],
});
const counts = (CRITICAL: number, HIGH: number, MEDIUM: number, LOW: number) => ({
  CRITICAL,
  HIGH,
  MEDIUM,
  LOW,
});

describe('upgrade plan', () => {
  it('names the next release after last_affected only where the ecosystem can', () => {
    assert.equal(successorOf('npm', '4.17.20'), '4.17.21');
    assert.equal(successorOf('Go', 'v0.3.7'), 'v0.3.8');
    assert.equal(successorOf('crates.io', '1.2.99999999999999999999'), '1.2.100000000000000000000');
    assert.equal(successorOf('npm', '1.2.3-beta.1'), null);
    assert.equal(successorOf('PyPI', '1.5'), null);
    assert.equal(successorOf('Maven', '1.2.3'), null);
  });

  it('chooses, ranks and counts as worked out by hand', () => {
    const plan = planOf([
      {
        // 4.17.19 fixes f1 only; 4.17.21 (fixed of f2, successor of f3's last_affected 4.17.20) fixes all three.
        purl: 'pkg:npm/lodash',
        ecosystem: 'npm',
        currentVersion: '4.17.15',
        findings: [
          finding('f1', 'HIGH', [range(['introduced', '0'], ['fixed', '4.17.19'])]),
          finding('f2', 'CRITICAL', [range(['introduced', '0'], ['fixed', '4.17.21'])], true),
          finding('f3', 'MEDIUM', [range(['introduced', '4.0.0'], ['last_affected', '4.17.20'])]),
          // A fix below the current version names no candidate.
        ],
        introducedBy: ['pkg:npm/app-kit@2'],
      },
      {
        // PyPI cannot name what follows 1.5: "above 1.5" fixes both; 1.2 only f5.
        purl: 'pkg:pypi/foo',
        ecosystem: 'PyPI',
        currentVersion: '1.0',
        findings: [
          // Its versions list names 1.5 itself: "above 1.5" is not 1.5.
          {
            ...finding('f4', 'LOW', [range(['introduced', '0'], ['last_affected', '1.5'])]),
            affected: [
              { ranges: [range(['introduced', '0'], ['last_affected', '1.5'])], versions: ['1.0', '1.5'] },
            ],
          },
          finding('f5', 'HIGH', [range(['introduced', '0'], ['fixed', '1.2'])]),
        ],
        introducedBy: [],
      },
      {
        // f6 has two ranges (fixed 2.1, and 3.0–3.1); f7 has no fix: 2.1 and 3.1 each fix f6 only, the lower wins.
        purl: 'pkg:pypi/bar',
        ecosystem: 'PyPI',
        currentVersion: '2.0',
        findings: [
          finding('f7', 'HIGH', [range(['introduced', '0'])]),
          finding('f6', 'CRITICAL', [
            range(['introduced', '0'], ['fixed', '2.1']),
            range(['introduced', '3.0'], ['fixed', '3.1']),
          ]),
        ],
        introducedBy: [],
      },
      {
        purl: 'pkg:pypi/baz',
        ecosystem: 'PyPI',
        currentVersion: '1.0',
        findings: [finding('f9', 'LOW', [range(['introduced', '0'])])],
        introducedBy: [],
      },
      { purl: 'pkg:pypi/none', ecosystem: 'PyPI', currentVersion: '1.0', findings: [], introducedBy: [] },
    ]);
    assert.deepEqual(plan, [
      {
        purl: 'pkg:npm/lodash',
        currentVersion: '4.17.15',
        targetVersion: '4.17.21',
        targetAbove: null,
        fixes: { total: 3, bySeverity: counts(1, 1, 1, 0), kev: 1 },
        remaining: 0,
        findingIds: ['f1', 'f2', 'f3'],
        introducedBy: ['pkg:npm/app-kit@2'],
      },
      {
        purl: 'pkg:pypi/bar',
        currentVersion: '2.0',
        targetVersion: '2.1',
        targetAbove: null,
        fixes: { total: 1, bySeverity: counts(1, 0, 0, 0), kev: 0 },
        remaining: 1,
        findingIds: ['f6', 'f7'],
        introducedBy: [],
      },
      {
        purl: 'pkg:pypi/foo',
        currentVersion: '1.0',
        targetVersion: null,
        targetAbove: '1.5',
        fixes: { total: 2, bySeverity: counts(0, 1, 0, 1), kev: 0 },
        remaining: 0,
        findingIds: ['f4', 'f5'],
        introducedBy: [],
      },
      {
        purl: 'pkg:pypi/baz',
        currentVersion: '1.0',
        targetVersion: null,
        targetAbove: null,
        fixes: { total: 0, bySeverity: counts(0, 0, 0, 0), kev: 0 },
        remaining: 1,
        findingIds: ['f9'],
        introducedBy: [],
      },
    ]);
  });

  it('orders candidates by the ecosystem, not as text (Go 0.10.0 above 0.9.0), and prefers the lowest fixing all', () => {
    const [item] = planOf([
      {
        purl: 'pkg:golang/golang.org/x/net',
        ecosystem: 'Go',
        currentVersion: '0.8.0',
        findings: [
          finding('g1', 'HIGH', [range(['introduced', '0'], ['fixed', '0.10.0'])]),
          finding('g2', 'MEDIUM', [range(['introduced', '0'], ['fixed', '0.9.0'])]),
          finding('g3', 'LOW', [range(['introduced', '0'], ['fixed', '0.17.0'])]),
        ],
        introducedBy: [],
      },
    ]);
    assert.equal(item!.targetVersion, '0.17.0');
    assert.deepEqual(item!.fixes, { total: 3, bySeverity: counts(0, 1, 1, 1), kev: 0 });
  });

  it('counts a finding of a level outside the four in the total only', () => {
    const [item] = planOf([
      {
        purl: 'pkg:npm/x',
        ecosystem: 'npm',
        currentVersion: '1.0.0',
        findings: [finding('u1', 'UNRATED', [range(['introduced', '0'], ['fixed', '1.0.1'])])],
        introducedBy: [],
      },
    ]);
    assert.deepEqual(item!.fixes, { total: 1, bySeverity: counts(0, 0, 0, 0), kev: 0 });
  });
});
