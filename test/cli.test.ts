import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DIALECTS } from './support/store.ts';
import { freshDatabaseUrl, runCli, runMain, startServe } from './support/cli.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: bulwark CLI`, () => {
    it('creates organisations, users and tokens with --json output, and revokes tokens', async (t) => {
      const db = await freshDatabaseUrl(dialect);
      t.after(db.cleanup);
      const env = { DATABASE_URL: db.url, DATA_DIR: db.dataDir };

      const org = await runMain(
        ['org', 'create', 'acme', '--name', 'Acme Ltd', '--plan', 'essentials', '--json'],
        env,
      );
      assert.equal(org.code, 0, org.stderr);
      const orgJson = JSON.parse(org.stdout);
      assert.match(orgJson.id, /^org_/);
      assert.deepEqual(
        { ...orgJson, id: 'x' },
        {
          id: 'x',
          slug: 'acme',
          name: 'Acme Ltd',
          plan: 'essentials',
          mcpWriteEnabled: false,
          mcpSupplyChainTools: false,
          portfolioAccess: false,
          retention: null,
        },
      );

      const updated = await runMain(
        ['org', 'update', 'acme', '--plan', 'professional', '--mcp-write', '--json'],
        env,
      );
      assert.equal(updated.code, 0, updated.stderr);
      assert.deepEqual(
        [JSON.parse(updated.stdout).plan, JSON.parse(updated.stdout).mcpWriteEnabled],
        ['professional', true],
      );
      const disabled = await runMain(['org', 'update', 'acme', '--no-mcp-write', '--json'], env);
      assert.equal(JSON.parse(disabled.stdout).mcpWriteEnabled, false);
      // The supply-chain tools of the tool server: off by default, on and off again.
      const supply = await runMain(['org', 'update', 'acme', '--mcp-supply-chain-tools', '--json'], env);
      assert.equal(JSON.parse(supply.stdout).mcpSupplyChainTools, true);
      const noSupply = await runMain(['org', 'update', 'acme', '--no-mcp-supply-chain-tools'], env);
      assert.equal(
        noSupply.stdout.trim(),
        `Updated organisation acme (${orgJson.id}), plan professional, MCP write disabled, supply-chain tools disabled, portfolio access off`,
      );

      const user = await runMain(
        ['user', 'create', '--org', 'acme', '--email', 'Ada@Acme.example', '--name', 'Ada', '--json'],
        env,
      );
      assert.equal(user.code, 0, user.stderr);
      assert.match(JSON.parse(user.stdout).id, /^usr_/);
      assert.equal(JSON.parse(user.stdout).email, 'ada@acme.example');

      const token = await runMain(
        [
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
          '--json',
        ],
        env,
      );
      assert.equal(token.code, 0, token.stderr);
      const tokenJson = JSON.parse(token.stdout);
      assert.match(tokenJson.id, /^tok_/);
      assert.match(tokenJson.token, /^bwk_[0-9A-Za-z]{32,}$/);
      assert.deepEqual(tokenJson.scopes, ['sbom:read', 'mcp:read']);
      const days = (Date.parse(tokenJson.expiresAt) - Date.now()) / 86_400_000;
      assert.ok(days > 29.9 && days <= 30, `expires in ${days} days`);
      assert.equal(tokenJson.userId, JSON.parse(user.stdout).id, 'without --user the first user owns it');

      const list = await runMain(['token', 'list', '--org', 'acme', '--json'], env);
      const listed = JSON.parse(list.stdout).tokens;
      assert.equal(listed.length, 1);
      assert.equal(listed[0].id, tokenJson.id);
      assert.ok(!list.stdout.includes(tokenJson.token), 'the secret is shown once only');

      const revoke = await runMain(['token', 'revoke', tokenJson.id, '--json'], env);
      assert.equal(revoke.code, 0, revoke.stderr);
      assert.ok(JSON.parse(revoke.stdout).revokedAt);
    });

    it('org create --owner-email creates the first user, so token create works right after', async (t) => {
      const db = await freshDatabaseUrl(dialect);
      t.after(db.cleanup);
      const env = { DATABASE_URL: db.url, DATA_DIR: db.dataDir };
      const org = await runMain(
        ['org', 'create', 'acme', '--owner-email', 'Ada@Acme.example', '--json'],
        env,
      );
      assert.equal(org.code, 0, org.stderr);
      const created = JSON.parse(org.stdout);
      assert.deepEqual(
        { ...created, id: 'x', owner: { ...created.owner, id: 'y' } },
        {
          id: 'x',
          slug: 'acme',
          name: 'acme',
          plan: 'professional',
          mcpWriteEnabled: false,
          mcpSupplyChainTools: false,
          portfolioAccess: false,
          retention: null,
          owner: { id: 'y', email: 'ada@acme.example', name: null, role: 'owner', orgId: created.id },
        },
      );
      const token = await runMain(
        ['token', 'create', '--org', 'acme', '--scopes', 'sbom:read', '--json'],
        env,
      );
      assert.equal(token.code, 0, token.stderr);
      assert.equal(JSON.parse(token.stdout).userId, created.owner.id);

      // A bad address writes nothing: the slug stays free.
      const bad = await runMain(['org', 'create', 'beta', '--owner-email', 'not-an-address'], env);
      assert.deepEqual(bad, {
        code: 2,
        stdout: '',
        stderr: "error: 'not-an-address' is not an e-mail address\n",
      });
      const human = await runMain(['org', 'create', 'beta', '--owner-email', 'bo@beta.example'], env);
      assert.match(
        human.stdout,
        /^Created organisation beta \(org_\w+\), plan professional, MCP write disabled, supply-chain tools disabled, portfolio access off, owner bo@beta\.example \(usr_\w+\)\n$/,
      );
      const update = await runMain(['org', 'update', 'beta', '--owner-email', 'x@beta.example'], env);
      assert.equal(update.code, 2);
      assert.match(update.stderr, /--owner-email is for org create/);
    });

    it('fails with clear messages and non-zero exit codes on bad input', async (t) => {
      const db = await freshDatabaseUrl(dialect);
      t.after(db.cleanup);
      const env = { DATABASE_URL: db.url, DATA_DIR: db.dataDir };
      assert.equal((await runMain(['org', 'create', 'acme'], env)).code, 0);
      const cases: Array<[string[], number, RegExp]> = [
        [['org', 'create', 'acme'], 1, /Organisation 'acme' already exists/],
        [['org', 'create', 'Bad Slug'], 2, /Slug 'Bad Slug' must be/],
        [['org', 'create', 'x', '--plan', 'gold'], 2, /Plan 'gold' is not one of essentials, professional/],
        [['org', 'update', 'ghost', '--plan', 'essentials'], 1, /Organisation 'ghost' was not found/],
        [['token', 'create', '--org', 'acme', '--scopes', 'sbom:read'], 1, /has no users yet/],
        [['user', 'create', '--org', 'acme'], 2, /--email is required/],
        [
          ['user', 'create', '--org', 'acme', '--email', 'not-an-email'],
          2,
          /'not-an-email' is not an e-mail address/,
        ],
        [['token', 'create', '--org', 'acme', '--scopes', 'admin'], 2, /Scopes must be a non-empty subset/],
        [
          ['token', 'create', '--org', 'acme', '--scopes', 'sbom:read', '--expires-in', 'soon'],
          2,
          /--expires-in 'soon'/,
        ],
        [['token', 'revoke', 'tok_missing'], 1, /Token 'tok_missing' was not found/],
        [['org', 'create', 'y', '--frobnicate'], 2, /Unknown option '--frobnicate'/],
        [['frobnicate'], 2, /unknown command 'frobnicate'/],
      ];
      for (const [args, code, message] of cases) {
        const result = await runMain(args, env);
        assert.equal(result.code, code, `${args.join(' ')}: ${result.stderr}`);
        assert.match(result.stderr, message, args.join(' '));
        assert.equal(result.stdout, '', 'nothing on stdout when failing');
      }
      const help = await runMain(['token', '--help'], env);
      assert.equal(help.code, 0);
      assert.match(help.stdout, /bulwark token create --org <slug>/);
    });

    it('lists organisations and users, prints its version, and explains usage mistakes in one place', async (t) => {
      const db = await freshDatabaseUrl(dialect);
      t.after(db.cleanup);
      const env = { DATABASE_URL: db.url, DATA_DIR: db.dataDir };
      const version = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
      assert.deepEqual(await runCli(['--version'], env), {
        code: 0,
        stdout: `bulwark ${version}\n`,
        stderr: '',
      });

      assert.equal(
        (await runCli(['org', 'create', 'zeta', '--name', 'Zeta'], env)).code,
        0,
        'spawned: the tenancy group',
      );
      assert.equal((await runMain(['org', 'create', 'acme', '--plan', 'essentials'], env)).code, 0);
      const orgs = await runMain(['org', 'list', '--json'], env);
      assert.equal(orgs.code, 0, orgs.stderr);
      const listed = JSON.parse(orgs.stdout).organizations as Array<Record<string, unknown>>;
      assert.deepEqual(
        listed.map((o) => [o.slug, o.name, o.plan, o.mcpWriteEnabled]),
        [
          ['acme', 'acme', 'essentials', false],
          ['zeta', 'Zeta', 'professional', false],
        ],
      );
      assert.match(String(listed[0]!.id), /^org_/);

      const ada = await runMain(
        ['user', 'create', '--org', 'acme', '--email', 'ada@acme.example', '--json'],
        env,
      );
      const users = await runMain(['user', 'list', '--org', 'acme', '--json'], env);
      assert.deepEqual(JSON.parse(users.stdout), {
        users: [
          {
            id: JSON.parse(ada.stdout).id,
            email: 'ada@acme.example',
            name: null,
            role: 'member',
            orgId: listed[0]!.id,
          },
        ],
      });
      assert.deepEqual(await runMain(['user', 'list', '--org', 'zeta'], env), {
        code: 0,
        stdout: 'No users.\n',
        stderr: '',
      });

      const far = await runMain(
        ['token', 'create', '--org', 'acme', '--scopes', 'sbom:read', '--expires-in', '99999999999d'],
        env,
      );
      assert.equal(far.code, 2);
      assert.match(far.stderr, /^error: --expires-in '99999999999d' is too far in the future\n/);

      assert.deepEqual(await runMain(['org', 'create', 'y', '--frobnicate'], env), {
        code: 2,
        stdout: '',
        stderr: "error: Unknown option '--frobnicate'; see 'bulwark org create --help'\n",
      });
      assert.deepEqual(await runMain(['token', 'revoke', '--help'], env), {
        code: 0,
        stdout: 'Usage:\n  bulwark token revoke <tokenId> [--json]\n',
        stderr: '',
      });
    });

    it('serve bootstraps an empty store, serves with the token file, and shuts down gracefully', async (t) => {
      const db = await freshDatabaseUrl(dialect);
      t.after(db.cleanup);
      const server = await startServe({ DATABASE_URL: db.url, DATA_DIR: db.dataDir });
      t.after(() => server.child.kill('SIGKILL'));
      const tokenFile = join(db.dataDir, 'bootstrap-token');
      assert.equal(statSync(tokenFile).mode & 0o777, 0o600);
      const token = readFileSync(tokenFile, 'utf8').trim();
      assert.match(token, /^bwk_/);
      const res = await fetch(`${server.baseUrl}/api/v1/sscs/vendors`, {
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { data: [], error: null, meta: null });
      assert.ok(server.output().includes(tokenFile), 'logs the token file path');
      assert.ok(!server.output().includes(token.slice(4)), 'never logs the token');

      // A request whose body is still arriving when SIGTERM comes must be finished, not dropped.
      const body = JSON.stringify({
        name: 'In flight',
        type: 'oss',
        riskTier: 3,
        assessmentStatus: 'completed',
      });
      const url = new URL(`${server.baseUrl}/api/v1/sscs/vendors`);
      const request = http.request(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      });
      const response = once(request, 'response') as Promise<[http.IncomingMessage]>;
      request.write(body.slice(0, 10));
      await new Promise((resolve) => setTimeout(resolve, 300));
      server.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      request.end(body.slice(10));
      const [answer] = await response;
      assert.equal(answer.statusCode, 201, 'the in-flight request completed');
      const [code] = await once(server.child, 'exit');
      assert.equal(code, 0);
    });
  });
}

describe('bulwark serve: memory the allocator keeps (docs/resilience.md, "Time and memory")', () => {
  const environOf = (pid: number) =>
    new Map(
      readFileSync(`/proc/${pid}/environ`, 'utf8')
        .split('\0')
        .filter(Boolean)
        .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
    );

  it("fixes glibc's mmap threshold in its own process, and keeps the operator's own value", async (t) => {
    if (process.platform !== 'linux') return t.skip('glibc and /proc are Linux only');
    const db = await freshDatabaseUrl('sqlite');
    t.after(db.cleanup);
    const env = { DATABASE_URL: db.url, DATA_DIR: db.dataDir };
    const server = await startServe({ ...env, MALLOC_MMAP_THRESHOLD_: undefined });
    t.after(() => server.child.kill('SIGKILL'));
    // Same pid (execve replaced the process, no wrapper), new environment.
    assert.equal(environOf(server.child.pid!).get('MALLOC_MMAP_THRESHOLD_'), '131072');
    assert.equal((await fetch(`${server.baseUrl}/readyz`)).status, 200);
    server.child.kill('SIGKILL');

    const own = await startServe({ ...env, MALLOC_MMAP_THRESHOLD_: '65536' });
    t.after(() => own.child.kill('SIGKILL'));
    assert.equal(environOf(own.child.pid!).get('MALLOC_MMAP_THRESHOLD_'), '65536');
  });
});
