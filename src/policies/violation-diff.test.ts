// The re-evaluation's comparison of new drafts with stored violations, page by page: kept, changed (grouped by
// their new facts), new and gone, also for a component with several violations (several policies, findings).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ViolationDraft } from './policy-engine.ts';
import { ViolationDiff } from './violation-diff.ts';
import type { StoredViolation } from './violation.repository.ts';

const stored = (
  id: string,
  policyId: string,
  componentId: string,
  findingId = '',
  state = 'fail',
  reason = 'r',
): StoredViolation => ({
  id,
  policy_id: policyId,
  component_id: componentId,
  finding_id: findingId,
  state,
  reason,
  kind: 'license',
});

const draft = (
  policyId: string,
  componentId: string,
  findingId = '',
  state = 'fail',
  reason = 'r',
): ViolationDraft => ({ policyId, componentId, findingId, kind: 'license', state, reason });

describe('ViolationDiff', () => {
  it('keeps, changes, adds and removes violations across pages', () => {
    const diff = new ViolationDiff();
    diff.addStored([
      stored('v1', 'p1', 'c1'),
      stored('v2', 'p1', 'c2'),
      stored('v3', 'p2', 'c2'),
      stored('v4', 'p3', 'c2', 'f1'),
    ]);
    diff.addStored([stored('v5', 'p3', 'c2', 'f2'), stored('v6', 'p1', 'c3'), stored('v7', 'p2', 'c4')]);
    // Page 1: c1 unchanged; c2's p1 now warns, its p2 still holds, its f1 finding still holds, f2 is gone.
    diff.compare([
      draft('p1', 'c1'),
      draft('p1', 'c2', '', 'warn'),
      draft('p2', 'c2'),
      draft('p3', 'c2', 'f1', 'fail', 'other reason'),
    ]);
    // Page 2: c3 now warns too (same facts as c2's: one group), c4's p1 is new; c4's p2 no longer holds.
    diff.compare([draft('p1', 'c3', '', 'warn'), draft('p1', 'c4'), draft('p3', 'c5', 'f3')]);
    assert.deepEqual(
      [...diff.changed.values()],
      [
        { state: 'warn', kind: 'license', reason: 'r', ids: ['v2', 'v6'] },
        { state: 'fail', kind: 'license', reason: 'other reason', ids: ['v4'] },
      ],
    );
    assert.deepEqual(diff.fresh, [draft('p1', 'c4'), draft('p3', 'c5', 'f3')]);
    assert.deepEqual(diff.gone().sort(), ['v5', 'v7']);
  });

  it('matches a stored violation once: a second equal draft is new', () => {
    const diff = new ViolationDiff();
    diff.addStored([stored('v1', 'p1', 'c1')]);
    diff.compare([draft('p1', 'c1'), draft('p1', 'c1')]);
    assert.equal(diff.changed.size, 0);
    assert.deepEqual(diff.fresh, [draft('p1', 'c1')]);
    assert.deepEqual(diff.gone(), []);
  });

  it('with nothing stored, every draft is new and nothing is gone', () => {
    const diff = new ViolationDiff();
    diff.compare([draft('p1', 'c1'), draft('p2', 'c1')]);
    assert.deepEqual(diff.fresh, [draft('p1', 'c1'), draft('p2', 'c1')]);
    assert.deepEqual(diff.gone(), []);
  });
});
