// CLI contract (docs/contract.md, CLI) and serve bootstrap, checked from outside: commands run in process through
// `main(argv, io)`, and each command group once as a real `node bin/bulwark.js` process (`cliProcess`); `serve`
// always runs as a process (it listens, writes its bootstrap token and logs to its own stdout).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  DIALECTS,
  DATA,
  HAS_DATA,
  NO_DATA,
  ISO_UTC,
  ALL_SCOPES,
  freshStore,
  cli,
  cliJson,
  cliProcess,
  serve,
  call,
  expectError,
  type Store,
} from './harness.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: CLI contract`, () => {
    let store: Store;
    before(async () => {
      store = await freshStore(dialect);
      // Migrate once up front: some tests below run a CLI process beside in-process commands, and concurrent
      // first-time migrations on SQLite race (reported as a known deviation).
      const m = await cliProcess(store, ['migrate']);
      assert.equal(m.code, 0, m.stderr);
    });
    after(() => store.cleanup());

    it('org create --json prints {id, slug, plan, mcpWriteEnabled}', async () => {
      const [org, withWrite] = await Promise.all([
        cliJson(store, ['org', 'create', 'acme', '--name', 'Acme Ltd', '--plan', 'essentials'], cliProcess),
        cliJson(store, ['org', 'create', 'writer', '--mcp-write']),
      ]);
      assert.match(org.id as string, /^org_/);
      assert.equal(org.slug, 'acme');
      assert.equal(org.plan, 'essentials');
      assert.equal(org.mcpWriteEnabled, false);
      assert.equal(withWrite.mcpWriteEnabled, true);
      assert.equal(
        withWrite.plan,
        'professional',
        'default plan: docs/contract.md names professional as the bootstrap plan',
      );
    });

    it('org update changes plan and the mcp-write flag', async () => {
      const up = await cliJson(store, ['org', 'update', 'acme', '--plan', 'professional', '--mcp-write']);
      assert.equal(up.slug, 'acme');
      assert.equal(up.plan, 'professional');
      assert.equal(up.mcpWriteEnabled, true);
      const down = await cliJson(store, ['org', 'update', 'acme', '--no-mcp-write']);
      assert.equal(down.mcpWriteEnabled, false);
      assert.equal(down.plan, 'professional');
    });

    it('user create --json prints a usr_ id', async () => {
      const user = await cliJson(
        store,
        ['user', 'create', '--org', 'acme', '--email', 'ann@acme.example.com', '--name', 'Ann Example'],
        cliProcess,
      );
      assert.match(user.id as string, /^usr_/);
    });

    it('token create / list / revoke', async () => {
      const [tok, forever] = await Promise.all([
        cliJson(store, [
          'token',
          'create',
          '--org',
          'acme',
          '--scopes',
          'sbom:read,mcp:read',
          '--expires-in',
          '30d',
          '--name',
          'ci',
        ]),
        cliJson(store, ['token', 'create', '--org', 'acme', '--scopes', ALL_SCOPES]),
      ]);
      assert.match(tok.id as string, /^tok_/);
      assert.match(tok.token as string, /^bwk_[A-Za-z0-9]{32,}$/);
      assert.deepEqual([...(tok.scopes as string[])].sort(), ['mcp:read', 'sbom:read']);
      assert.match(tok.expiresAt as string, ISO_UTC);
      const days = (Date.parse(tok.expiresAt as string) - Date.now()) / 86_400_000;
      assert.ok(days > 29.9 && days < 30.1, `expiresAt ≈ now + 30d, got ${tok.expiresAt}`);
      assert.equal(forever.expiresAt, null);

      const listed = await cliProcess(store, ['token', 'list', '--org', 'acme', '--json']);
      assert.equal(listed.code, 0, listed.stderr);
      assert.ok(!listed.stdout.includes(tok.token as string), 'token list never prints a secret');
      const list = JSON.parse(listed.stdout) as Record<string, unknown>;
      const items = (Array.isArray(list) ? list : Object.values(list).find(Array.isArray)) as Array<
        Record<string, unknown>
      >;
      assert.ok(Array.isArray(items), 'token list --json holds an array of tokens');
      assert.deepEqual(items.map((t) => t.id).sort(), [tok.id, forever.id].sort());

      const [revoked, again] = await Promise.all([
        cli(store, ['token', 'revoke', tok.id as string]),
        cli(store, ['token', 'revoke', 'tok_doesnotexist']),
      ]);
      assert.equal(revoked.code, 0, revoked.stderr);
      assert.notEqual(again.code, 0, 'revoking an unknown token fails');
    });

    it('bad flags and bad arguments exit non-zero', async () => {
      const cases: string[][] = [
        ['org', 'create'],
        ['org', 'create', 'bad-plan', '--plan', 'platinum'],
        ['org', 'create', 'acme'],
        ['org', 'update', 'no-such-org', '--mcp-write'],
        ['org', 'create', 'x1', '--bogus-flag'],
        ['user', 'create', '--org', 'acme'],
        ['user', 'create', '--org', 'no-such-org', '--email', 'a@b.example.com'],
        ['token', 'create', '--org', 'acme', '--scopes', 'sbom:read,root'],
        ['token', 'create', '--org', 'acme'],
        ['token', 'create', '--org', 'acme', '--scopes', 'sbom:read', '--expires-in', 'soon'],
        ['token', 'list'],
        ['no-such-command'],
        ['vulndb', 'import', '/nonexistent/path.zip'],
      ];
      // In process (one after another), but for an unknown command, which the binary itself must also refuse.
      const results = await Promise.all(
        cases.map((args) => (args[0] === 'no-such-command' ? cliProcess : cli)(store, args)),
      );
      results.forEach((r, i) =>
        assert.notEqual(r.code, 0, `bulwark ${cases[i]!.join(' ')} should fail (stdout: ${r.stdout})`),
      );
    });

    it(
      'vulndb import <zip> then vulndb status --json',
      { skip: HAS_DATA ? false : NO_DATA, timeout: 120_000 },
      async () => {
        // The shape of docs/vulndb-sync.md: one entry per OSV ecosystem, then KEV and EPSS.
        const empty = await cliJson(store, ['vulndb', 'status'], cliProcess);
        assert.deepEqual(empty.osv, []);
        assert.deepEqual(empty.kev, { entries: 0, catalogVersion: null, lastSyncAt: null });
        assert.deepEqual(empty.epss, { entries: 0, scoreDate: null, lastSyncAt: null });
        const r = await cli(store, ['vulndb', 'import', join(DATA, 'osv/Go-all.zip')]);
        assert.equal(r.code, 0, r.stderr);
        const status = await cliJson(store, ['vulndb', 'status']);
        const osv = status.osv as Array<Record<string, unknown>>;
        assert.deepEqual(
          osv.map((e) => e.ecosystem),
          ['Go'],
        );
        const go = osv[0]!;
        assert.deepEqual(Object.keys(go).sort(), [
          'advisories',
          'ecosystem',
          'lastError',
          'lastSyncAt',
          'source',
        ]);
        assert.ok(
          (go.advisories as number) > 4000,
          `Go-all.zip holds > 4000 advisories, status says ${go.advisories}`,
        );
        assert.equal(go.lastError, null);
      },
    );
  });

  describe(`${dialect}: serve bootstrap`, () => {
    it('creates ./data/bootstrap-token (0600) on an empty store; the token works and is never logged', async () => {
      const store = await freshStore(dialect);
      // No DATA_DIR: the documented default ./data (relative to the working directory) must be used.
      const env = { ...store.env };
      delete env.DATA_DIR;
      const server = await serve({ ...store, env });
      try {
        const file = join(store.dir, 'data', 'bootstrap-token');
        assert.ok(existsSync(file), 'data/bootstrap-token exists');
        assert.equal(statSync(file).mode & 0o777, 0o600);
        const token = readFileSync(file, 'utf8').trim();
        assert.match(token, /^bwk_[A-Za-z0-9]{32,}$/);
        assert.ok(!server.output().includes(token), 'the log never contains the token');
        assert.ok(server.output().includes('bootstrap-token'), 'the log names the file');
        const r = await call(`${server.api}/sscs/vendors`, { token });
        assert.equal(r.status, 200);
        assert.deepEqual(r.body.data, []);
        const sboms = await call(`${server.api}/sscs/sboms`, { token });
        assert.equal(sboms.status, 200);
        await expectError(call(`${server.api}/sscs/vendors`, { token: `${token}x` }), 401, 'INVALID_TOKEN');
        assert.ok(!server.output().includes(token), 'requests with the token do not log it');
        if (dialect === 'sqlite') {
          const db = readFileSync(join(store.dir, 'x.sqlite'));
          const wal = existsSync(join(store.dir, 'x.sqlite-wal'))
            ? readFileSync(join(store.dir, 'x.sqlite-wal'))
            : Buffer.alloc(0);
          assert.ok(!db.includes(token) && !wal.includes(token), 'the store holds only a hash of the token');
        }
        // The bootstrap organisation is `default`, reachable through the CLI.
        const tok = await cliJson({ ...store, env }, ['token', 'list', '--org', 'default']);
        assert.ok(tok, 'organisation default exists');
      } finally {
        await server.stop();
        await store.cleanup();
      }
    });

    it('with DATA_DIR set, the bootstrap token goes there', async () => {
      const store = await freshStore(dialect);
      const server = await serve(store);
      try {
        const file = join(store.env.DATA_DIR!, 'bootstrap-token');
        assert.ok(existsSync(file));
        assert.equal(statSync(file).mode & 0o777, 0o600);
      } finally {
        await server.stop();
        await store.cleanup();
      }
    });
  });
}
