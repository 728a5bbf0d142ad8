import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { freshDatabaseUrl, runCli, runMain, startServe } from './support/cli.ts';
import { DIALECTS } from './support/store.ts';

/** Signs in over real HTTP; returns the status and, on success, the Cookie header and the body's data. */
async function signIn(baseUrl: string, email: string, password: string) {
  const res = await fetch(`${baseUrl}/api/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { data: { user: { role: string }; org: { slug: string } } | null };
  return {
    status: res.status,
    cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!,
    data: body.data,
  };
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: sign-in from the command line to the browser`, () => {
    it('bootstraps an owner password file, creates users and sets passwords from standard input', async (t) => {
      const db = await freshDatabaseUrl(dialect);
      t.after(db.cleanup);
      const env = { DATABASE_URL: db.url, DATA_DIR: db.dataDir };
      const server = await startServe(env);
      t.after(() => server.child.kill('SIGKILL'));

      const passwordFile = join(db.dataDir, 'bootstrap-password');
      assert.equal(statSync(passwordFile).mode & 0o777, 0o600);
      const password = readFileSync(passwordFile, 'utf8').trim();
      assert.match(password, /^[A-Za-z0-9_-]{24}$/);
      assert.ok(server.output().includes(passwordFile), 'logs the password file path');
      assert.ok(!server.output().includes(password), 'never logs the password');
      const bootstrap = await signIn(server.baseUrl, 'admin@localhost', password);
      assert.equal(bootstrap.status, 200);
      assert.deepEqual([bootstrap.data?.user.role, bootstrap.data?.org.slug], ['owner', 'default']);

      const created = await runCli(
        [
          'user',
          'create',
          '--org',
          'default',
          '--email',
          'Vic@Example.com',
          '--role',
          'viewer',
          '--password-stdin',
          '--json',
        ],
        env,
        'a viewer passphrase\n',
      );
      assert.equal(created.code, 0, created.stderr);
      const user = JSON.parse(created.stdout);
      assert.match(user.id, /^usr_/);
      assert.deepEqual(
        { ...user, id: 'x', orgId: 'x' },
        { id: 'x', email: 'vic@example.com', name: null, role: 'viewer', orgId: 'x' },
      );
      const viewer = await signIn(server.baseUrl, 'vic@example.com', 'a viewer passphrase');
      assert.equal(viewer.status, 200, 'the trailing newline from echo is not part of the password');
      assert.equal(viewer.data?.user.role, 'viewer');

      const changed = await runMain(
        [
          'user',
          'set-password',
          '--org',
          'default',
          '--email',
          'vic@example.com',
          '--password-stdin',
          '--json',
        ],
        env,
        'another viewer passphrase',
      );
      assert.equal(changed.code, 0, changed.stderr);
      assert.equal(JSON.parse(changed.stdout).id, user.id);
      const old = await fetch(`${server.baseUrl}/api/v1/session`, { headers: { cookie: viewer.cookie } });
      assert.equal(old.status, 401, 'the password change ended the session');
      assert.equal((await signIn(server.baseUrl, 'vic@example.com', 'a viewer passphrase')).status, 401);
      assert.equal(
        (await signIn(server.baseUrl, 'vic@example.com', 'another viewer passphrase')).status,
        200,
      );

      const member = await runMain(
        ['user', 'create', '--org', 'default', '--email', 'm@example.com', '--json'],
        env,
      );
      assert.equal(JSON.parse(member.stdout).role, 'member', 'the default role');
    });

    it('refuses bad passwords and usage with clear messages', async (t) => {
      const db = await freshDatabaseUrl(dialect);
      t.after(db.cleanup);
      const env = { DATABASE_URL: db.url, DATA_DIR: db.dataDir };
      assert.equal((await runMain(['org', 'create', 'acme'], env)).code, 0);
      const base = ['--org', 'acme', '--email', 'a@example.com'];
      const cases: Array<[string[], string, number, RegExp]> = [
        [
          ['user', 'create', ...base, '--password-stdin'],
          'too short\n',
          2,
          /The password must be 12 to 1024 characters long/,
        ],
        [
          ['user', 'create', ...base, '--role', 'boss'],
          'unread secret value',
          2,
          /Role 'boss' is not one of owner, admin, member, viewer/,
        ],
        [['user', 'set-password', ...base], 'unread secret value', 2, /--password-stdin is required/],
        [
          ['user', 'set-password', ...base, '--password-stdin'],
          'long enough password',
          1,
          /User 'a@example.com' was not found/,
        ],
        [
          ['user', 'set-password', '--org', 'ghost', '--email', 'a@example.com', '--password-stdin'],
          'long enough password',
          1,
          /Organisation 'ghost' was not found/,
        ],
      ];
      for (const [args, input, code, message] of cases) {
        const result = await runMain(args, env, input);
        assert.equal(result.code, code, `${args.join(' ')}: ${result.stderr}`);
        assert.match(result.stderr, message, args.join(' '));
        assert.equal(result.stdout, '');
        assert.ok(!result.stderr.includes(input.trim()), 'the password is not echoed');
      }
    });
  });
}
