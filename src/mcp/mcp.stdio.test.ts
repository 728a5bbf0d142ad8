import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { defaultConfig } from '../config.ts';
import { openSqlite, openStore, type DialectName, type Store } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createServices } from '../services.ts';
import { createOrg, type TestOrg } from '../../test/support/app.ts';
import { freshPostgresDatabase } from '../../test/support/pg-databases.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { callError, callOk, seedOrg, type Seeded } from './mcp-test-kit.ts';

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const bin = join(repoRoot, 'bin/bulwark.js');

/** A store with one seeded organisation, as `bulwark mcp` will open it through DATABASE_URL. */
async function seededStore(
  t: { after: (fn: () => Promise<void> | void) => void },
  dialect: DialectName,
): Promise<{ url: string; org: TestOrg; seeded: Seeded }> {
  let url: string;
  let store: Store;
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'bulwark-mcp-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    url = `sqlite:${join(dir, 'bulwark.sqlite')}`;
    store = openSqlite(join(dir, 'bulwark.sqlite'));
  } else {
    // A database of its own (migrated), named to the child process by its URL.
    const database = await freshPostgresDatabase();
    t.after(database.drop);
    url = database.url;
    store = openStore(url);
  }
  try {
    await migrateToLatest(store.db);
    const services = createServices(store, defaultConfig());
    const org = await createOrg(services, {
      tokens: { all: ['mcp:read', 'mcp:write'], sbom: ['sbom:read'] },
    });
    return { url, org, seeded: await seedOrg(services, store.db, org) };
  } finally {
    await store.close();
  }
}

const env = (extra: Record<string, string>) => {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k, v]) => v !== undefined && k !== 'BULWARK_TOKEN'),
  ) as Record<string, string>;
  return { ...base, LOG_LEVEL: 'silent', ...extra };
};

for (const dialect of DIALECTS) {
  describe(`${dialect}: tool server over stdio (bulwark mcp)`, () => {
    it('serves the 23 tools to an SDK client with the token from BULWARK_TOKEN', async (t) => {
      const { url, org, seeded } = await seededStore(t, dialect);
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'mcp'],
        cwd: repoRoot,
        env: env({ BULWARK_TOKEN: org.tokens.all!, DATABASE_URL: url }),
        stderr: 'pipe',
      });
      const client = new Client({ name: 'bulwark-test', version: '1.0.0' });
      await client.connect(transport);
      t.after(() => client.close());
      const { tools } = await client.listTools();
      assert.equal(tools.length, 23);
      assert.equal(tools.find((x) => x.name === 'risk_create_draft')?.annotations?.readOnlyHint, false);
      const audit = await callOk(client, 'audit_trail_search', { limit: 1 });
      assert.deepEqual(
        (audit.items as Array<{ actor: string }>).map((e) => e.actor),
        ['b***@supplier.example.net'],
      );
      assert.equal((await callOk(client, 'supplier_list')).total, 4);
      assert.equal((await callOk(client, 'risk_get', { id: seeded.riskIds.approved })).score, 20);
      // The organisation has not enabled write tools.
      assert.equal((await callError(client, 'risk_create_draft', { title: 'x' })).code, 'NOT_PERMITTED');
    });

    it('refuses to start without a usable token', async (t) => {
      const { url, org } = await seededStore(t, dialect);
      const run = (extra: Record<string, string>) =>
        spawnSync(process.execPath, [bin, 'mcp'], {
          cwd: repoRoot,
          env: env({ DATABASE_URL: url, ...extra }),
          input: '',
          encoding: 'utf8',
        });
      const missing = run({});
      assert.equal(missing.status, 2);
      assert.match(missing.stderr, /set BULWARK_TOKEN/);
      const invalid = run({ BULWARK_TOKEN: 'bwk_notarealtoken000000000000000000000' });
      assert.equal(invalid.status, 1);
      assert.match(invalid.stderr, /BULWARK_TOKEN is malformed, unknown, revoked or expired/);
      const scopeless = run({ BULWARK_TOKEN: org.tokens.sbom! });
      assert.equal(scopeless.status, 1);
      assert.match(scopeless.stderr, /lacks the scope mcp:read/);
      assert.equal(invalid.stdout + scopeless.stdout, '');
    });
  });
}
