// The SQLite server lock is taken over from a holder that no longer runs, even when its pid still exists: reused
// by another process, or a zombie (docs/resilience.md, "SQLite: one server per database file").
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { acquireServerLock, processStart, ServerLockError } from './server-lock.ts';

function databasePath(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'bulwark-lock-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'bulwark.sqlite');
}

/** A process that runs until the test ends. */
async function sleeper(t: TestContext): Promise<number> {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  t.after(() => child.kill('SIGKILL'));
  await once(child, 'spawn');
  return child.pid!;
}

const lockOf = (path: string) => JSON.parse(readFileSync(`${path}.server.lock`, 'utf8'));

describe('SQLite server lock', { skip: processStart(process.pid) ? false : 'needs /proc' }, () => {
  it('records the pid and its start time, and refuses while that process runs', async (t) => {
    const path = databasePath(t);
    const release = acquireServerLock(path);
    t.after(release);
    const lock = lockOf(path);
    assert.equal(lock.pid, process.pid);
    assert.equal(lock.start, processStart(process.pid)!.start);
    assert.match(lock.start, /^[0-9a-f-]{36}:\d+$/);

    // Another live process holding it, with its own start time: refused.
    release();
    const pid = await sleeper(t);
    writeFileSync(
      `${path}.server.lock`,
      JSON.stringify({ pid, startedAt: '2026-11-26T00:00:00Z', start: processStart(pid)!.start }),
    );
    assert.throws(() => acquireServerLock(path), ServerLockError);
  });

  it('takes over a lock whose pid now belongs to another process (another start time)', async (t) => {
    const path = databasePath(t);
    const pid = await sleeper(t);
    const { start } = processStart(pid)!;
    const [boot, ticks] = start.split(':');
    writeFileSync(
      `${path}.server.lock`,
      JSON.stringify({ pid, startedAt: '2026-11-26T00:00:00Z', start: `${boot}:${Number(ticks) - 100}` }),
    );
    const release = acquireServerLock(path);
    t.after(release);
    assert.equal(lockOf(path).pid, process.pid);
  });

  it('takes over a lock whose pid is a zombie', async (t) => {
    const path = databasePath(t);
    // The background child exits only once its parent has become `sleep 30` (exec), which never reaps it. A child
    // that exits before the exec can be reaped by the shell itself, and then no zombie is left (seen once in CI).
    const script = 'p=$$; (while [ "$(cat /proc/$p/comm)" != sleep ]; do :; done) & echo $!; exec sleep 30';
    const parent = spawn('sh', ['-c', script], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    t.after(() => parent.kill('SIGKILL'));
    const [line] = (await once(parent.stdout!, 'data')) as [Buffer];
    const zombie = Number(line.toString().trim());
    let state = processStart(zombie);
    for (let i = 0; i < 250 && !state?.zombie; i++) {
      await new Promise((done) => setTimeout(done, 20));
      state = processStart(zombie);
    }
    assert.equal(state?.zombie, true);
    writeFileSync(
      `${path}.server.lock`,
      JSON.stringify({ pid: zombie, startedAt: '2026-11-26T00:00:00Z', start: state!.start }),
    );
    const release = acquireServerLock(path);
    t.after(release);
    assert.equal(lockOf(path).pid, process.pid);
  });
});
