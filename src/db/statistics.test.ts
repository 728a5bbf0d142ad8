// The statistics refresh runs one ANALYZE run at a time: tables asked for during a run go into one next run, a
// failed run is logged and the next still runs, and idle() waits for all of it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Kysely } from 'kysely';
import type { Database } from './database.ts';
import { StatisticsRefresh } from './statistics.ts';

/** An analyze that records each run's tables and waits for `release()` before finishing each. */
function heldAnalyze(fail: (tables: string[]) => boolean = () => false) {
  const runs: string[][] = [];
  let release!: () => void;
  let gate = new Promise<void>((resolve) => (release = resolve));
  return {
    runs,
    release: () => {
      const open = release;
      gate = new Promise<void>((resolve) => (release = resolve));
      open();
    },
    analyze: async (_db: Kysely<Database>, tables: readonly string[]) => {
      runs.push([...tables]);
      await gate;
      if (fail([...tables])) throw new Error(`cannot analyze ${tables.join(', ')}`);
    },
  };
}

const db = {} as Kysely<Database>;
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('StatisticsRefresh', () => {
  it('coalesces the tables asked for during a run into one next run', async () => {
    const held = heldAnalyze();
    const refresh = new StatisticsRefresh(db, undefined, held.analyze);
    refresh.refresh(['sbom_components', 'policy_violations']);
    // Asked for while the first run is going: three requests, one next run.
    refresh.refresh(['sboms']);
    refresh.refresh(['sbom_components']);
    refresh.refresh(['policy_violations']);
    await turn();
    assert.deepEqual(held.runs, [['policy_violations', 'sbom_components']]);
    held.release();
    await turn();
    assert.deepEqual(held.runs, [
      ['policy_violations', 'sbom_components'],
      ['policy_violations', 'sbom_components', 'sboms'],
    ]);
    held.release();
    await refresh.idle();
    assert.equal(held.runs.length, 2);
    // Nothing asked for: no run.
    refresh.refresh([]);
    await refresh.idle();
    assert.equal(held.runs.length, 2);
  });

  it('logs a failed run, never throws, and runs the next', async () => {
    const held = heldAnalyze((tables) => tables.includes('sboms'));
    const errors: { fields: { tables?: string[] }; message: string }[] = [];
    const refresh = new StatisticsRefresh(
      db,
      { error: (fields, message) => errors.push({ fields, message }) },
      held.analyze,
    );
    refresh.refresh(['sboms']);
    await turn();
    refresh.refresh(['sbom_components']);
    held.release();
    await turn();
    held.release();
    await refresh.idle();
    assert.deepEqual(held.runs, [['sboms'], ['sbom_components']]);
    assert.deepEqual(
      errors.map((e) => [e.message, e.fields.tables]),
      [['statistics refresh failed', ['sboms']]],
    );
  });
});
