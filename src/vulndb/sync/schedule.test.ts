import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DIALECTS } from '../../../test/support/store.ts';
import { OsvMirror, failures } from './osv-mirror.fixture.ts';
import { runScheduledSync, startSyncSchedule, type ScheduleLogger } from './schedule.ts';
import { suiteScope, syncEnv, type SyncEnv } from './sync-test-kit.ts';
import type { SyncReport } from './sync.service.ts';

function recorder(): ScheduleLogger & { lines: [string, object, string][] } {
  const lines: [string, object, string][] = [];
  return {
    lines,
    info: (obj, msg) => void lines.push(['info', obj, msg]),
    warn: (obj, msg) => void lines.push(['warn', obj, msg]),
    error: (obj, msg) => void lines.push(['error', obj, msg]),
  };
}

const report = (over: Partial<SyncReport> = {}): SyncReport => ({
  skipped: false,
  osv: [],
  kev: null,
  epss: null,
  failed: 0,
  durationMs: 5,
  ...over,
});

describe('vulndb sync schedule', () => {
  it('logs each source with its outcome; a failure names the source and the reason', async () => {
    const log = recorder();
    await runScheduledSync(
      {
        sync: async () =>
          report({
            failed: 1,
            kev: {
              source: 'kev',
              location: 'http://mirror/kev.json',
              mode: 'failed',
              entries: 0,
              version: null,
              error: 'http://mirror/kev.json: HTTP 500',
            },
          }),
      },
      log,
    );
    assert.deepEqual(log.lines, [
      [
        'warn',
        { event: 'vulndb.sync.failed', source: 'kev', reason: 'http://mirror/kev.json: HTTP 500' },
        'vulndb source failed',
      ],
      ['info', { event: 'vulndb.sync.finished', failed: 1, durationMs: 5 }, 'vulndb sync finished'],
    ]);
  });

  it('runs at start, then once per interval after the previous run; stop ends it; 0 is off', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    let runs = 0;
    const sync = { sync: async () => (runs++, report()) };
    const off = startSyncSchedule(sync, 0, recorder());
    t.mock.timers.tick(10_000);
    assert.equal(runs, 0);
    await off.stop();

    const schedule = startSyncSchedule(sync, 60_000, recorder());
    t.mock.timers.tick(0);
    assert.equal(runs, 1);
    // Let the run's promise chain arm the next timer.
    for (let i = 0; i < 5; i++) await Promise.resolve();
    t.mock.timers.tick(59_999);
    assert.equal(runs, 1);
    t.mock.timers.tick(1);
    assert.equal(runs, 2);
    await schedule.stop();
    t.mock.timers.tick(120_000);
    assert.equal(runs, 2);
  });
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: /metrics per vulnerability-data source`, () => {
    let env: SyncEnv;
    const mirror = new OsvMirror();
    const suite = suiteScope();
    before(async () => {
      mirror.setRecord('npm', {
        id: 'GHSA-metr-0000-0001',
        modified: '2024-01-01T00:00:00Z',
        affected: [{ package: { ecosystem: 'npm', name: 'm' }, versions: ['1.0.0'] }],
      });
      await mirror.start();
      env = await syncEnv(suite.scope, dialect);
    });
    after(async () => {
      await suite.close();
      await mirror.stop();
    });

    const metrics = async () =>
      (await env.app.inject({ url: '/metrics' })).body
        .split('\n')
        .filter((l) => l.startsWith('bulwark_vulndb_'));

    it('reports the last success, its age and whether the last attempt failed', async () => {
      assert.deepEqual(await metrics(), []);
      await env.services.vulndbSync.sync({ source: mirror.url, ecosystems: ['npm'] });
      const ok = await metrics();
      assert.deepEqual(
        ok.map((l) => l.split(' ')[0]),
        [
          'bulwark_vulndb_last_success_timestamp_seconds{source="osv:npm"}',
          'bulwark_vulndb_last_success_age_seconds{source="osv:npm"}',
          'bulwark_vulndb_last_attempt_failed{source="osv:npm"}',
        ],
      );
      assert.equal(ok[2], 'bulwark_vulndb_last_attempt_failed{source="osv:npm"} 0');
      assert.ok(Math.abs(Number(ok[0]!.split(' ')[1]) - Date.now() / 1000) < 60, 'last success is about now');
      const age = Number(ok[1]!.split(' ')[1]);
      assert.ok(age >= 0 && age < 60, `age ${age}`);
      mirror.override('/npm/modified_id.csv', failures.status(503));
      await env.services.vulndbSync.sync({ source: mirror.url, ecosystems: ['npm'] });
      mirror.clear();
      assert.equal((await metrics())[2], 'bulwark_vulndb_last_attempt_failed{source="osv:npm"} 1');
    });
  });
}
