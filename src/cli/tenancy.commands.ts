/** `bulwark org`, `bulwark user`, `bulwark token`: organisations, workspace users and API tokens. */
import { parseDuration } from '../shared/time.ts';
import type { Organization, ApiToken } from '../tenancy/tenancy.service.ts';
import { emit, parse, requireString, UsageError, type Command } from './cli-kit.ts';
import { withStore } from './context.ts';

const orgJson = (org: Organization) => ({
  id: org.id,
  slug: org.slug,
  name: org.name,
  plan: org.plan,
  mcpWriteEnabled: org.mcpWriteEnabled,
});
const tokenJson = (t: ApiToken) => ({
  id: t.id,
  name: t.name,
  userId: t.userId,
  scopes: t.scopes,
  expiresAt: t.expiresAt,
  revokedAt: t.revokedAt,
  createdAt: t.createdAt,
});

export const orgCommand: Command = {
  summary: 'create, update or list organisations',
  usage: `Usage:
  bulwark org create <slug> [--name N] [--plan essentials|professional] [--mcp-write] [--json]
  bulwark org update <slug> [--name N] [--plan P] [--mcp-write|--no-mcp-write] [--json]
  bulwark org list [--json]`,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      name: { type: 'string' },
      plan: { type: 'string' },
      'mcp-write': { type: 'boolean' },
      json: { type: 'boolean' },
    });
    const [action, slug, ...extra] = positionals;
    if (action === 'list') {
      if (slug !== undefined) throw new UsageError(`org list takes no arguments`);
      return withStore(async ({ services }) => {
        const orgs = await services.tenancy.listOrganizations();
        const lines = orgs.map(
          (o) =>
            `${o.slug}  ${o.id}  ${o.plan}  MCP write ${o.mcpWriteEnabled ? 'enabled' : 'disabled'}  ${o.name}`,
        );
        emit(io, values.json, { organizations: orgs.map(orgJson) }, lines.join('\n') || 'No organisations.');
        return 0;
      });
    }
    if (action !== 'create' && action !== 'update') throw new UsageError(`unknown action '${action ?? ''}'`);
    if (!slug || extra.length > 0) throw new UsageError('exactly one <slug> is required');
    return withStore(async ({ services }) => {
      const input = {
        ...(values.name !== undefined ? { name: values.name } : {}),
        ...(values.plan !== undefined ? { plan: values.plan } : {}),
        ...(values['mcp-write'] !== undefined ? { mcpWriteEnabled: values['mcp-write'] } : {}),
      };
      const org =
        action === 'create'
          ? await services.tenancy.createOrganization({ slug, ...input })
          : await services.tenancy.updateOrganization(slug, input);
      emit(
        io,
        values.json,
        orgJson(org),
        `${action === 'create' ? 'Created' : 'Updated'} organisation ${org.slug} (${org.id}), plan ${org.plan}, MCP write ${org.mcpWriteEnabled ? 'enabled' : 'disabled'}`,
      );
      return 0;
    });
  },
};

export const userCommand: Command = {
  summary: 'create or list workspace users',
  usage:
    'Usage:\n  bulwark user create --org <slug> --email E [--name N] [--json]\n  bulwark user list --org <slug> [--json]',
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      org: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      json: { type: 'boolean' },
    });
    if ((positionals[0] !== 'create' && positionals[0] !== 'list') || positionals.length > 1)
      throw new UsageError(`unknown action '${positionals.join(' ')}'`);
    const org = requireString(values.org, '--org');
    if (positionals[0] === 'list') {
      return withStore(async ({ services }) => {
        const users = await services.tenancy.listUsers((await services.tenancy.requireOrganization(org)).id);
        const lines = users.map((u) => `${u.email}  ${u.id}${u.name ? `  ${u.name}` : ''}`);
        emit(
          io,
          values.json,
          { users: users.map((u) => ({ id: u.id, email: u.email, name: u.name, orgId: u.orgId })) },
          lines.join('\n') || 'No users.',
        );
        return 0;
      });
    }
    const email = requireString(values.email, '--email');
    return withStore(async ({ services }) => {
      const user = await services.tenancy.createUser(org, {
        email,
        ...(values.name ? { name: values.name } : {}),
      });
      emit(
        io,
        values.json,
        { id: user.id, email: user.email, name: user.name, orgId: user.orgId },
        `Created user ${user.email} (${user.id})`,
      );
      return 0;
    });
  },
};

export const tokenCommand: Command = {
  summary: 'create, list or revoke API tokens',
  usage: `Usage:
  bulwark token create --org <slug> [--user EMAIL] --scopes sbom:read,sbom:write,mcp:read,mcp:write
                       [--expires-in 30d] [--name N] [--json]
  bulwark token list --org <slug> [--json]
  bulwark token revoke <tokenId> [--json]

The token secret is printed once; only its hash is stored.`,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      org: { type: 'string' },
      user: { type: 'string' },
      scopes: { type: 'string' },
      'expires-in': { type: 'string' },
      name: { type: 'string' },
      json: { type: 'boolean' },
    });
    const [action, ...rest] = positionals;
    if (action === 'create') {
      const org = requireString(values.org, '--org');
      const scopes = requireString(values.scopes, '--scopes')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      let expiresInMs: number | undefined;
      if (values['expires-in'] !== undefined) {
        expiresInMs = parseDuration(values['expires-in']);
        if (!expiresInMs)
          throw new UsageError(`--expires-in '${values['expires-in']}' must look like 30d, 12h or 90m`);
        // Beyond the largest date a timestamp can hold (year 275760) there is no expiry time to store.
        if (!Number.isFinite(new Date(Date.now() + expiresInMs).getTime()))
          throw new UsageError(`--expires-in '${values['expires-in']}' is too far in the future`);
      }
      return withStore(async ({ services }) => {
        const { token, secret } = await services.tenancy.createToken({
          orgSlug: org,
          scopes,
          ...(values.user ? { userEmail: values.user } : {}),
          ...(expiresInMs ? { expiresInMs } : {}),
          ...(values.name ? { name: values.name } : {}),
        });
        emit(
          io,
          values.json,
          {
            id: token.id,
            token: secret,
            scopes: token.scopes,
            expiresAt: token.expiresAt,
            userId: token.userId,
            name: token.name,
          },
          `Created token ${token.id} with scopes ${token.scopes.join(',')}${token.expiresAt ? `, expires ${token.expiresAt}` : ''}.\nSecret (shown once): ${secret}`,
        );
        return 0;
      });
    }
    if (action === 'list') {
      const org = requireString(values.org, '--org');
      return withStore(async ({ services }) => {
        const tokens = await services.tenancy.listTokens(org);
        const lines = tokens.map(
          (t) =>
            `${t.id}  ${t.scopes.join(',')}  ${t.revokedAt ? 'revoked' : t.expiresAt ? `expires ${t.expiresAt}` : 'no expiry'}${t.name ? `  ${t.name}` : ''}`,
        );
        emit(io, values.json, { tokens: tokens.map(tokenJson) }, lines.join('\n') || 'No tokens.');
        return 0;
      });
    }
    if (action === 'revoke') {
      const [tokenId, ...extra] = rest;
      if (!tokenId || extra.length > 0) throw new UsageError('exactly one <tokenId> is required');
      return withStore(async ({ services }) => {
        const token = await services.tenancy.revokeToken(tokenId);
        emit(io, values.json, tokenJson(token), `Revoked token ${token.id}`);
        return 0;
      });
    }
    throw new UsageError(`unknown action '${action ?? ''}'`);
  },
};
