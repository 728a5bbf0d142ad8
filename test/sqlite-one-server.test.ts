import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { openStore } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { freshDatabaseUrl, runCli, startServe } from './support/cli.ts';

describe('sqlite: one server per database file', () => {
  it('a second serve on the same file refuses to start and says why; CLI commands still work', async (t) => {
    const { url, dataDir } = await freshDatabaseUrl('sqlite');
    const env = { DATABASE_URL: url, DATA_DIR: dataDir };
    const first = await startServe(env);
    t.after(() => first.child.kill('SIGTERM'));
    const path = url.slice('sqlite:'.length);
    assert.equal(existsSync(`${path}.server.lock`), true);

    const second = await runCli(['serve', '--port', '0'], env);
    assert.equal(second.code, 1);
    assert.match(
      second.stderr,
      new RegExp(
        `^error: Another bulwark server \\(pid ${first.child.pid}, started [^)]+\\) is serving ${path}\\. ` +
          'SQLite allows one server per database file',
      ),
    );
    // The first one is unaffected, and CLI commands run beside it.
    assert.equal((await fetch(`${first.baseUrl}/readyz`)).status, 200);
    const org = await runCli(['org', 'create', 'acme', '--name', 'Acme'], env);
    assert.equal(org.code, 0, org.stderr);

    // A clean shutdown releases the file.
    const exited = new Promise((done) => first.child.once('exit', done));
    first.child.kill('SIGTERM');
    await exited;
    assert.equal(existsSync(`${path}.server.lock`), false);
  });

  it('a lock left by a server that died is taken over', async (t) => {
    const { url, dataDir } = await freshDatabaseUrl('sqlite');
    const path = url.slice('sqlite:'.length);
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(`${path}.server.lock`, JSON.stringify({ pid: dead, startedAt: '2026-01-01T00:00:00Z' }));
    const server = await startServe({ DATABASE_URL: url, DATA_DIR: dataDir });
    t.after(() => server.child.kill('SIGTERM'));
    assert.equal(JSON.parse(readFileSync(`${path}.server.lock`, 'utf8')).pid, server.child.pid);
  });

  it("CLI stores wait for another process's write lock; the server's 5 s is shorter", async (t) => {
    const { dataDir } = await freshDatabaseUrl('sqlite');
    const path = join(dataDir, 'busy.sqlite');
    const setup = openStore(`sqlite:${path}`);
    await migrateToLatest(setup.db);
    await setup.close();
    // Another process holds the write lock for 1.5 s.
    const holder = spawn(process.execPath, [
      '-e',
      `const db = new (require('better-sqlite3'))(${JSON.stringify(path)});
       db.exec('begin immediate'); process.stdout.write('locked\\n');
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1500); db.exec('commit');`,
    ]);
    t.after(() => holder.kill());
    await new Promise((done) => holder.stdout.once('data', done));
    const impatient = openStore(`sqlite:${path}`, undefined, { busyTimeoutMs: 100 });
    const patient = openStore(`sqlite:${path}`, undefined, { busyTimeoutMs: 30_000 });
    t.after(async () => {
      await impatient.close();
      await patient.close();
    });
    const write = (db: typeof patient.db) =>
      sql`update vuln_state set generation = generation + 1 where id = 1`.execute(db);
    await assert.rejects(write(impatient.db), { name: 'StoreError' });
    await write(patient.db);
  });
});
