// Shared by the tool server's tests (not a test file itself): SDK clients and a seeded organisation.
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Database } from '../db/database.ts';
import type { Services } from '../services.ts';
import type { TestOrg } from '../../test/support/app.ts';

export async function httpClient(baseUrl: string, token: string): Promise<Client> {
  const client = new Client({ name: 'bulwark-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/v1/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** Calls a tool (after tools/list, so the client validates structuredContent against the output schema). */
export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  // Text and structured content always carry the same (masked) object; an error result has only the text.
  const text = result.content[0];
  assert.equal(text?.type, 'text');
  const parsed: unknown = JSON.parse((text as { text: string }).text);
  if (result.isError !== true) assert.deepEqual(parsed, result.structuredContent);
  return result;
}

export async function callOk(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const result = await call(client, name, args);
  assert.equal(result.isError, undefined, `${name} failed: ${JSON.stringify(result.structuredContent)}`);
  return result.structuredContent as Record<string, unknown>;
}

export async function callError(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<{ code: string; message: string }> {
  const result = await call(client, name, args);
  assert.equal(result.isError, true, `${name} should fail: ${JSON.stringify(result.structuredContent)}`);
  // An error result carries no structuredContent: its code is in _meta and, as JSON, in the text.
  assert.equal(result.structuredContent, undefined);
  const error = (result._meta as { error: { code: string; message: string } }).error;
  const [text] = result.content as Array<{ text: string }>;
  assert.deepEqual(JSON.parse(text!.text), { error });
  return error;
}

/** What a seeded organisation stores that must never leave the tool server unmasked. */
export interface Seeded {
  emails: string[];
  names: string[];
  vendorIds: Record<string, string>;
  riskIds: { draft: string; approved: string };
}

/**
 * Users with e-mail addresses and names, vendors (one internal) whose notes mention people, risks (one draft)
 * and audit entries by each user.
 */
export async function seedOrg(services: Services, db: Kysely<Database>, org: TestOrg): Promise<Seeded> {
  const alice = await services.users.add(org.id, {
    email: 'alice.wong@acme-corp.example',
    name: 'Alice Wong',
  });
  const bob = await services.users.add(org.id, {
    email: 'bob@supplier.example.net',
    name: 'Bob Builder',
  });
  const vendors: Array<
    [string, 'oss' | 'commercial' | 'internal', 1 | 2 | 3, 'not_started' | 'in_progress' | 'completed']
  > = [
    ['Zeta Cloud', 'commercial', 1, 'completed'],
    ['acme payroll', 'commercial', 1, 'in_progress'],
    ['OpenSSL', 'oss', 2, 'not_started'],
    ['Helpdesk (in-house)', 'internal', 1, 'not_started'],
    ['Mailer', 'commercial', 3, 'completed'],
  ];
  const vendorIds: Record<string, string> = {};
  for (const [name, type, riskTier, assessmentStatus] of vendors) {
    const v = await services.vendors.create(org.id, alice.id, {
      name,
      type,
      riskTier,
      assessmentStatus,
      website: `https://${name.split(' ')[0]!.toLowerCase()}.example`,
      notes: 'Account manager: carol.jones@vendor.example, escalate to bob@supplier.example.net',
    });
    vendorIds[name] = v.id;
  }
  const draft = await services.risks.createDraft(org.id, bob.id, {
    title: 'Shared admin password (ask dave@ops.example)',
  });
  const approved = await services.risks.createRisk(org.id, alice.id, {
    title: 'Ransomware',
    description: 'Owner erin@acme-corp.example',
    likelihood: 4,
    impact: 5,
    treatment: 'mitigate',
  });
  await recordAudit(db, org.id, {
    actorId: bob.id,
    action: 'finding.status_change',
    entityType: 'finding',
    entityId: 'fnd_x',
  });
  return {
    emails: [
      alice.email,
      bob.email,
      'carol.jones@vendor.example',
      'dave@ops.example',
      'erin@acme-corp.example',
      `owner@${org.slug}.example.com`,
    ],
    names: ['Alice Wong', 'Bob Builder', 'Olivia Owner'],
    vendorIds,
    riskIds: { draft: draft.id, approved: approved.id },
  };
}
