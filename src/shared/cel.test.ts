// The product's one CEL module (policies and triage rules bind their own variables): compile errors in words,
// the size budget, a bool result, and the time budget of an evaluation.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CelEnvironment } from './cel.ts';

describe('CEL module', () => {
  it('compiles with the reason of a failure, and evaluates within its budget', () => {
    const env = new CelEnvironment({ finding: 'map' }, [], {
      maxLength: 40,
      maxAstNodes: 20,
      maxDepth: 8,
      maxMs: 50,
    });
    assert.deepEqual(env.compile('finding.severity == "HIGH" && finding.severity == "LOW" || true'), {
      ok: false,
      error: 'is over 40 characters',
    });
    const bad = env.compile('finding.severity ==');
    assert.equal(bad.ok, false);
    const good = env.compile('finding.severity == "HIGH"');
    assert.ok(good.ok);
    assert.deepEqual(env.evaluate(good.expression, { finding: { severity: 'HIGH' } }), {
      ok: true,
      value: true,
    });
    assert.deepEqual(env.evaluate(good.expression, { finding: { severity: 'LOW' } }), {
      ok: true,
      value: false,
    });
    const over = env.evaluate(good.expression, { finding: { severity: 'HIGH' } }, -1);
    assert.equal(over.ok, false);
    assert.match(!over.ok ? over.error : '', /ran over its budget of -1 ms/);
  });

  it('mixed list literals compile, literal and result limits hold, a run-time error is an answer, not a throw', () => {
    const env = new CelEnvironment({ finding: 'map' }, [], {
      maxLength: 200,
      maxAstNodes: 50,
      maxDepth: 8,
      maxListElements: 3,
      maxMs: Number.POSITIVE_INFINITY,
    });
    const mixed = env.compile('finding.severity in ["HIGH", 1]');
    assert.ok(mixed.ok);
    assert.deepEqual(env.evaluate(mixed.expression, { finding: { severity: 'HIGH' } }), {
      ok: true,
      value: true,
    });
    const long = env.compile('finding.severity in ["A", "B", "C", "D"]');
    assert.equal(long.ok, false);
    assert.match(!long.ok ? long.error : '', /^does not compile: .*3/);
    assert.deepEqual(env.compile('1 + 1'), { ok: false, error: 'must be a bool expression, not int' });
    const missing = env.compile('finding.nope == 1');
    assert.ok(missing.ok);
    const failed = env.evaluate(missing.expression, { finding: { severity: 'HIGH' } });
    assert.equal(failed.ok, false);
    assert.match(!failed.ok ? failed.error : '', /^failed: /);
  });

  it("the time budget counts the expression's own work (CPU), not waiting for a core", () => {
    const sleepMs = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
    // Works for 30 ms of this thread's CPU time, however long that takes on a loaded machine.
    const spinMs = (ms: number) => {
      const start = process.threadCpuUsage();
      for (let spent = 0; spent < ms * 1000;) {
        const { user, system } = process.threadCpuUsage(start);
        spent = user + system;
      }
    };
    const env = new CelEnvironment({ finding: 'map' }, [
      // Waits 30 ms without working, as a thread does on a loaded machine.
      { signature: 'waits(): bool', handler: (() => sleepMs(30) === 'timed-out') as never },
      { signature: 'works(): bool', handler: (() => (spinMs(30), true)) as never },
    ]);
    const waits = env.compile('waits()');
    const works = env.compile('works()');
    assert.ok(waits.ok && works.ok);
    assert.deepEqual(env.evaluate(waits.expression, {}, 5), { ok: true, value: true });
    const over = env.evaluate(works.expression, {}, 5);
    assert.equal(over.ok, false);
    assert.match(!over.ok ? over.error : '', /^ran over its budget of 5 ms \(\d+\.\d ms\)$/);
  });
});
