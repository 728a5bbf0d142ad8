// The tool types generated from the manifest: what the generator writes for a schema, what validation really
// hands a handler, and (checked by tsc, not at run time) what a handler may read and return.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ManifestTool } from '../../scripts/codegen/manifest.ts';
import { toolTypes } from '../../scripts/codegen/tool-types.ts';
import { build, createOrg } from '../../test/support/app.ts';
import { toolHandlers } from '../app.ts';
import { callTool } from './tool-server.ts';
import type { ToolHandlers } from './tool-handler.ts';

const fragment: ManifestTool = {
  name: 'thing_page',
  title: 'Things',
  description: 'A page of things.',
  scope: 'mcp:read',
  readOnly: true,
  inputSchema: {
    type: 'object',
    required: ['kind'],
    properties: {
      kind: { type: 'string', enum: ['a', 'b'], description: 'What to page' },
      limit: { type: 'integer', minimum: 1, default: 50, description: 'Page size' },
      tags: { type: 'array', items: { type: 'string' } },
    },
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    required: ['items', 'window'],
    properties: {
      items: { type: 'array', items: { type: 'object', additionalProperties: true } },
      window: { type: 'integer', const: 30 },
      next: { type: 'string' },
      counts: { type: 'object', additionalProperties: { type: 'integer' } },
    },
  },
};

const noArguments: ManifestTool = {
  ...fragment,
  name: 'thing_count',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  outputSchema: { type: 'object', required: ['total'], properties: { total: { type: 'integer' } } },
};

describe('generated tool types', () => {
  it('a handler receives defaulted arguments present and may return null for an absent value', () => {
    assert.equal(
      toolTypes([fragment], 'handler'),
      `/** Arguments of thing_page, as its handler receives them: validated, defaults filled in. */
export type ThingPageArgs = {
  /** What to page */
  kind: "a" | "b";
  /** Page size @default 50 */
  limit: number;
  tags?: Array<string>;
};
/** Result of thing_page, as its handler returns it (null = absent). */
export type ThingPageResult = {
  items: Array<object>;
  window: 30;
  next?: string | null;
  counts?: {
    [key: string]: number;
  } | null;
};`,
    );
  });

  it('a client may leave defaulted arguments out and receives absent values left out, never null', () => {
    assert.equal(
      toolTypes([fragment], 'client'),
      `/** Arguments of thing_page, as a caller sends them. */
export type ThingPageArgs = {
  /** What to page */
  kind: "a" | "b";
  /** Page size @default 50 */
  limit?: number;
  tags?: Array<string>;
};
/** Result of thing_page, as the tool server answers it. */
export type ThingPageResult = {
  items: Array<Record<string, unknown>>;
  window: 30;
  next?: string;
  counts?: {
    [key: string]: number;
  };
  [key: string]: unknown;
};`,
    );
  });

  it('a tool without arguments: nothing to send, nothing a handler can read', () => {
    const [client, handler] = (['client', 'handler'] as const).map((r) => toolTypes([noArguments], r));
    assert.match(client!, /^export type ThingCountArgs = Record<string, never>;$/m);
    assert.match(handler!, /^export type ThingCountArgs = Record<never, never>;$/m);
  });

  it('validation hands a handler exactly what its Args type says: defaults filled in, the rest as sent', async (t) => {
    const env = await build(t, 'sqlite');
    const org = await createOrg(env.services);
    const principal = await env.services.tokens.authenticate(org.tokens.all!);
    assert.ok(principal);
    const received: unknown[] = [];
    const record = async (_ctx: unknown, args: Record<string, unknown>) => {
      received.push(args);
      return {};
    };
    const deps = {
      services: env.services,
      handlers: toolHandlers({
        audit_trail_search: record,
        access_security_debt_trend: record,
        iso_gap_status: record,
      }),
      principal: async () => principal,
    };
    await callTool(deps, 'audit_trail_search', {});
    await callTool(deps, 'audit_trail_search', { actorId: 'usr_x', limit: 5 });
    await callTool(deps, 'access_security_debt_trend', undefined);
    await callTool(deps, 'iso_gap_status', {});
    assert.deepEqual(received, [
      { limit: 50, offset: 0 },
      { actorId: 'usr_x', limit: 5, offset: 0 },
      { months: 6 },
      {},
    ]);
  });
});

// Checked by `tsc --noEmit` (CI's typecheck): each line under @ts-expect-error must fail to compile.
const _rejected: Partial<ToolHandlers> = {
  // @ts-expect-error risk_get declares no argument 'limit'
  risk_get: async ({ risks, principal }, args) => risks.get(principal.orgId, args.limit),
  // @ts-expect-error access_stale_accounts takes no arguments at all
  access_stale_accounts: async ({ governance }, args) => governance.staleAccounts(args.orgId),
  audit_trail_search: async (_ctx, { limit, offset }) => ({
    items: [],
    total: 0,
    // Present after validation (default 50 and 0), so plain numbers.
    limit: limit satisfies number,
    offset: offset satisfies number,
  }),
  // @ts-expect-error supplier_list never lists internal vendors
  supplier_list: async () => ({
    items: [
      { id: 'vnd_1', name: 'Payroll team', type: 'internal', riskTier: 1, assessmentStatus: 'completed' },
    ],
    total: 1,
    truncated: false,
  }),
};
