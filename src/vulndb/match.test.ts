import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import semver from 'semver';
import { affectedBy, describeReason, type Compare } from './match.ts';
import type { EventKind, MatchRange } from './osv.ts';
import { evaluatePrepared, preparePackage } from './prepared-match.ts';
import { getVersionOrdering } from './versions/index.ts';

const cmp: Compare = (a, b) => semver.compare(a, b);

type Ev = Partial<Record<EventKind, string>>;
const range = (type: MatchRange['type'], events: Ev[]): MatchRange => ({
  type,
  events: events.map((e) => {
    const [kind, value] = Object.entries(e)[0]! as [EventKind, string];
    return { kind, value };
  }),
});
const pkg = (ranges: MatchRange[], versions: string[] = []) => ({ ranges, versions });

// [name, package, version, expected affected]
const CASES: [string, ReturnType<typeof pkg>, string, boolean][] = [
  [
    'introduced 0, fixed: below fix',
    pkg([range('SEMVER', [{ introduced: '0' }, { fixed: '1.2.0' }])]),
    '1.1.9',
    true,
  ],
  [
    'introduced 0, fixed: at fix',
    pkg([range('SEMVER', [{ introduced: '0' }, { fixed: '1.2.0' }])]),
    '1.2.0',
    false,
  ],
  [
    'introduced 0, fixed: prerelease of fix is before it',
    pkg([range('SEMVER', [{ introduced: '0' }, { fixed: '1.2.0' }])]),
    '1.2.0-rc.1',
    true,
  ],
  [
    'introduced x: below x',
    pkg([range('ECOSYSTEM', [{ introduced: '1.0.0' }, { fixed: '2.0.0' }])]),
    '0.9.0',
    false,
  ],
  [
    'introduced x: at x',
    pkg([range('ECOSYSTEM', [{ introduced: '1.0.0' }, { fixed: '2.0.0' }])]),
    '1.0.0',
    true,
  ],
  [
    'no fix: everything from introduced',
    pkg([range('ECOSYSTEM', [{ introduced: '1.0.0' }])]),
    '99.0.0',
    true,
  ],
  [
    'last_affected: at it',
    pkg([range('ECOSYSTEM', [{ introduced: '0' }, { last_affected: '1.4.0' }])]),
    '1.4.0',
    true,
  ],
  [
    'last_affected: above it',
    pkg([range('ECOSYSTEM', [{ introduced: '0' }, { last_affected: '1.4.0' }])]),
    '1.4.1',
    false,
  ],
  // Events arrive unordered in real feeds; the walk sorts them by version first.
  [
    'two windows, unsorted: first',
    pkg([
      range('SEMVER', [
        { fixed: '1.5.0' },
        { introduced: '2.0.0' },
        { introduced: '1.0.0' },
        { fixed: '2.3.0' },
      ]),
    ]),
    '1.4.0',
    true,
  ],
  [
    'two windows, unsorted: gap',
    pkg([
      range('SEMVER', [
        { fixed: '1.5.0' },
        { introduced: '2.0.0' },
        { introduced: '1.0.0' },
        { fixed: '2.3.0' },
      ]),
    ]),
    '1.7.0',
    false,
  ],
  [
    'two windows, unsorted: second',
    pkg([
      range('SEMVER', [
        { fixed: '1.5.0' },
        { introduced: '2.0.0' },
        { introduced: '1.0.0' },
        { fixed: '2.3.0' },
      ]),
    ]),
    '2.2.9',
    true,
  ],
  ['limit: below', pkg([range('ECOSYSTEM', [{ introduced: '0' }, { limit: '2.0.0' }])]), '1.9.9', true],
  [
    'limit: at limit is outside',
    pkg([range('ECOSYSTEM', [{ introduced: '0' }, { limit: '2.0.0' }])]),
    '2.0.0',
    false,
  ],
  ['limit *: unbounded', pkg([range('ECOSYSTEM', [{ introduced: '1.0.0' }, { limit: '*' }])]), '5.0.0', true],
  [
    'limit plus fixed',
    pkg([range('ECOSYSTEM', [{ introduced: '0' }, { fixed: '1.0.0' }, { limit: '3.0.0' }])]),
    '1.0.0',
    false,
  ],
  ['versions list only', pkg([], ['1.0.0', '1.0.1']), '1.0.1', true],
  ['versions list, not listed', pkg([], ['1.0.0', '1.0.1']), '1.0.2', false],
  [
    'listed but ranges say no: list wins',
    pkg([range('ECOSYSTEM', [{ introduced: '2.0.0' }])], ['1.0.0']),
    '1.0.0',
    true,
  ],
  [
    'second range matches',
    pkg([
      range('ECOSYSTEM', [{ introduced: '5.0.0' }]),
      range('ECOSYSTEM', [{ introduced: '1.0.0' }, { fixed: '1.1.0' }]),
    ]),
    '1.0.5',
    true,
  ],
  [
    'unorderable event is skipped, not fatal',
    pkg([range('ECOSYSTEM', [{ introduced: '0' }, { fixed: 'not-a-version' }])]),
    '1.0.0',
    true,
  ],
  [
    'unorderable component version: only floor applies',
    pkg([range('ECOSYSTEM', [{ introduced: '1.0.0' }])]),
    'garbage',
    false,
  ],
  [
    'empty range (introduced = fixed)',
    pkg([range('ECOSYSTEM', [{ introduced: '1.0.0' }, { fixed: '1.0.0' }])]),
    '1.0.0',
    false,
  ],
];

describe('OSV evaluation', () => {
  const npm = getVersionOrdering('npm')!;
  for (const [name, affected, version, expected] of CASES) {
    it(name, () => {
      const reason = affectedBy(affected, version, cmp);
      assert.equal(reason !== null, expected);
      // The bulk path (pre-parsed, pre-sorted) must give the same answer and reason. Its orderings never
      // throw (they order any string), so the cases about a throwing comparator are the reference's alone.
      if (name.startsWith('unorderable')) return;
      assert.deepEqual(
        evaluatePrepared(preparePackage(affected, npm), version, npm.parse(version), npm),
        reason,
      );
    });
  }

  it('reports the range and events that matched', () => {
    const reason = affectedBy(
      pkg([
        range('SEMVER', [{ introduced: '0' }, { fixed: '1.0.0' }]),
        range('SEMVER', [{ introduced: '2.0.0' }, { fixed: '2.4.1' }]),
      ]),
      '2.1.0',
      cmp,
    );
    assert.deepEqual(reason, {
      kind: 'range',
      rangeIndex: 1,
      rangeType: 'SEMVER',
      introduced: '2.0.0',
      until: { kind: 'fixed', value: '2.4.1' },
    });
    assert.equal(describeReason(reason!), 'SEMVER range #1: introduced 2.0.0, fixed 2.4.1');
    const open = affectedBy(pkg([range('ECOSYSTEM', [{ introduced: '0' }])]), '1.0.0', cmp);
    assert.equal(describeReason(open!), 'ECOSYSTEM range #0: introduced 0 (all earlier versions), no fix');
    assert.deepEqual(affectedBy(pkg([], ['1.0.0']), '1.0.0', cmp), { kind: 'versions', version: '1.0.0' });
  });
});
