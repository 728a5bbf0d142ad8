import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { AppError } from '../errors.ts';
import { runDemo } from '../governance/demo/demo.service.ts';
import { build, createOrg, type TestEnv, type TestOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { TOOL_NAMES } from './generated/tool-catalog.ts';
import { call, callError, callOk, seedOrg } from './mcp-test-kit.ts';
import { createToolServer, SUPPLY_CHAIN_TOOLS } from './tool-server.ts';
import type { ToolHandler } from './tool-handler.ts';
import { toolHandlers } from '../app.ts';

/** An SDK client connected to a tool server through the SDK's in-memory transport. */
async function connect(
  t: TestContext,
  env: TestEnv,
  org: TestOrg,
  overrides: Record<string, ToolHandler> = {},
): Promise<Client> {
  const principal = await env.services.tokens.authenticate(org.tokens.all!);
  assert.ok(principal);
  const server = createToolServer({
    services: env.services,
    handlers: toolHandlers(overrides),
    principal: async () => principal,
    logger: { error: () => {} },
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'bulwark-test', version: '1.0.0' });
  await client.connect(clientSide);
  await client.listTools();
  t.after(() => client.close());
  return client;
}

/** Valid arguments for every tool (the risk ids come from the seeded organisation). */
const argumentsFor = (riskId: string): Record<string, Record<string, unknown>> => ({
  audit_trail_search: { limit: 200 },
  risk_get: { id: riskId },
  risk_create_draft: {
    title: 'Phishing of frank@acme-corp.example',
    description: 'Reported by Alice Wong (alice.wong@acme-corp.example)',
  },
  access_security_debt_trend: { months: 3 },
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: tool server in memory`, () => {
    it('masks every tool result: no stored e-mail address or person name leaves unmasked', async (t) => {
      const env = await build(t, dialect);
      const org = await createOrg(env.services, { mcpWriteEnabled: true });
      const seeded = await seedOrg(env.services, env.store.db, org);
      // The demo's governed workforce: identities with names and e-mail addresses behind every governance tool.
      await runDemo(env.store.db, env.services, org.slug, {
        identities: 60,
        seed: 3,
        asOf: '2026-11-22T00:00:00Z',
      });
      const identities = await env.store.db
        .selectFrom('gov_identities')
        .select(['display_name', 'email'])
        .where('org_id', '=', org.id)
        .execute();
      assert.equal(identities.length, 60);
      const users = await env.services.users.list(org.id);
      const secrets = new Set([
        ...seeded.emails,
        'frank@acme-corp.example',
        ...seeded.names,
        ...users.flatMap((u) => [u.email, ...(u.name ? [u.name] : [])]),
        ...identities.flatMap((i) => [i.display_name, ...(i.email ? [i.email] : [])]),
      ]);
      const client = await connect(t, env, org);
      const args = argumentsFor(seeded.riskIds.draft);
      const outputs: string[] = [];
      // The opt-in supply-chain tools read SBOMs, which hold no people: src/mcp/supply-chain.tools.test.ts.
      for (const name of TOOL_NAMES.filter((n) => !SUPPLY_CHAIN_TOOLS.has(n))) {
        // The SDK client validates structuredContent against each tool's output schema.
        const result = await call(client, name, args[name] ?? {});
        assert.equal(result.isError, undefined, `${name}: ${JSON.stringify(result.structuredContent)}`);
        outputs.push(JSON.stringify(result));
      }
      // The draft created above is now in the trail too, and its stored text carries an address and a name.
      outputs.push(JSON.stringify(await call(client, 'audit_trail_search', { limit: 200 })));
      const everything = outputs.join('\n');
      for (const secret of secrets) {
        const leak = outputs.find((o) => o.includes(secret));
        assert.equal(leak, undefined, `'${secret}' appears unmasked in ${leak?.slice(0, 600)}`);
      }
      // Masked forms are there (people do appear in the results), and ids are untouched.
      assert.ok(everything.includes('a***@acme-corp.example'));
      assert.ok(everything.includes('b***@supplier.example.net'));
      assert.ok(everything.includes('[redacted]'));
      assert.ok(everything.includes(seeded.riskIds.draft));
      const draft = await callOk(client, 'risk_get', { id: seeded.riskIds.draft });
      assert.equal(draft.title, 'Shared admin password (ask d***@ops.example)');
    });

    it('person-name keys from a domain handler are redacted in structured and text content', async (t) => {
      const env = await build(t, dialect);
      const org = await createOrg(env.services);
      const client = await connect(t, env, org, {
        access_stale_accounts: async () => ({
          items: [
            {
              identityId: 'idn_1',
              displayName: 'Grace Hopper',
              managerName: 'Ada Lovelace',
              email: 'grace@navy.example',
              system: 'GitHub',
            },
          ],
          total: 1,
        }),
      });
      const result = await call(client, 'access_stale_accounts');
      assert.deepEqual(result.structuredContent, {
        items: [
          {
            identityId: 'idn_1',
            displayName: '[redacted]',
            managerName: '[redacted]',
            email: 'g***@navy.example',
            system: 'GitHub',
          },
        ],
        total: 1,
      });
      assert.equal(JSON.stringify(result.content).includes('Grace'), false);
    });

    it('failures are safe isError results: internal errors never reveal their cause', async (t) => {
      const env = await build(t, dialect);
      const org = await createOrg(env.services);
      const client = await connect(t, env, org, {
        posture_summary: async () => {
          throw new Error('SELECT * FROM secrets WHERE token = bwk_leak');
        },
        maturity_scores: async () => {
          throw new AppError('DB_ERROR', 500, 'The data store failed to complete the request');
        },
        evidence_log: async () => {
          throw new AppError('NOT_FOUND', 404, "Evidence for 'henry@example.com' was not found");
        },
      });
      for (const name of ['posture_summary', 'maturity_scores']) {
        assert.deepEqual(await callError(client, name), {
          code: 'INTERNAL_ERROR',
          message: `${name} failed because of an internal error; it has been logged`,
        });
      }
      assert.deepEqual(await callError(client, 'evidence_log'), {
        code: 'NOT_FOUND',
        message: "Evidence for 'h***@example.com' was not found",
      });
      await assert.rejects(
        client.callTool({ name: 'no_such_tool', arguments: {} }),
        // One prefix, the client's: the server's message is the bare sentence.
        { message: "MCP error -32602: Unknown tool 'no_such_tool'" },
      );
    });
  });
}
