/** `bulwark org`, `bulwark user`, `bulwark token`: organisations, workspace users and API tokens. */
import { parseDuration } from '../shared/time.ts';
import type { Organization } from '../tenancy/organisation.service.ts';
import type { ApiToken } from '../tenancy/token.service.ts';
import type { User } from '../tenancy/user.service.ts';
import {
  emit,
  parse,
  splitList,
  readSecretFromStdin,
  requireString,
  UsageError,
  type Command,
} from './cli-kit.ts';
import { withStore } from './context.ts';
import { describeRetention, RETENTION_OPTIONS, retentionFromFlags } from './retention-flags.ts';

const orgJson = (org: Organization) => ({
  id: org.id,
  slug: org.slug,
  name: org.name,
  plan: org.plan,
  mcpWriteEnabled: org.mcpWriteEnabled,
  mcpSupplyChainTools: org.mcpSupplyChainTools,
  portfolioAccess: org.portfolioAccess,
  retention: org.retention,
});
const userJson = (u: User) => ({ id: u.id, email: u.email, name: u.name, role: u.role, orgId: u.orgId });
const tokenJson = (t: ApiToken) => ({
  id: t.id,
  name: t.name,
  userId: t.userId,
  scopes: t.scopes,
  assetTags: t.assetTags,
  expiresAt: t.expiresAt,
  revokedAt: t.revokedAt,
  createdAt: t.createdAt,
});

export const orgCommand: Command = {
  summary: 'create, update or list organisations',
  usage: `Usage:
  bulwark org create <slug> [--name N] [--plan essentials|professional] [--mcp-write] [--owner-email E] [--json]
  bulwark org update <slug> [--name N] [--plan P] [--mcp-write|--no-mcp-write]
      [--mcp-supply-chain-tools|--no-mcp-supply-chain-tools] [--portfolio-access|--no-portfolio-access]
      [--keep-versions N] [--max-age-days D] [--inactive-after-days D] [--no-retention] [--json]
  bulwark org list [--json]

The retention flags set the default retention of the organisation's assets (docs/portfolio.md): keep the newest N
versions, delete versions older than D days (never the newest), mark assets without an upload for D days inactive.
--portfolio-access: members and viewers see only the assets their teams grant (docs/portfolio-access.md).

--owner-email creates the organisation's first user (role owner) with it, so 'token create' works right after.`,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      name: { type: 'string' },
      plan: { type: 'string' },
      'mcp-write': { type: 'boolean' },
      'owner-email': { type: 'string' },
      'mcp-supply-chain-tools': { type: 'boolean' },
      'portfolio-access': { type: 'boolean' },
      ...RETENTION_OPTIONS,
      json: { type: 'boolean' },
    });
    const [action, slug, ...extra] = positionals;
    if (action === 'list') {
      if (slug !== undefined) throw new UsageError(`org list takes no arguments`);
      return withStore(async ({ services }) => {
        const orgs = await services.organisations.list();
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
    const ownerEmail = values['owner-email'];
    if (ownerEmail !== undefined && action !== 'create')
      throw new UsageError('--owner-email is for org create');
    if (action === 'create' && retentionFromFlags(values, null) !== undefined)
      throw new UsageError('retention flags are for org update');
    return withStore(async ({ services }) => {
      const current = action === 'update' ? await services.organisations.requireBySlug(slug) : undefined;
      const retention = current && retentionFromFlags(values, current.retention);
      const input = {
        ...(retention !== undefined ? { retention } : {}),
        ...(values.name !== undefined ? { name: values.name } : {}),
        ...(values.plan !== undefined ? { plan: values.plan } : {}),
        ...(values['mcp-write'] !== undefined ? { mcpWriteEnabled: values['mcp-write'] } : {}),
        ...(values['mcp-supply-chain-tools'] !== undefined
          ? { mcpSupplyChainTools: values['mcp-supply-chain-tools'] }
          : {}),
        ...(values['portfolio-access'] !== undefined ? { portfolioAccess: values['portfolio-access'] } : {}),
      };
      const org =
        action === 'create'
          ? await services.organisations.create({
              slug,
              ...input,
              ...(ownerEmail !== undefined ? { ownerEmail } : {}),
            })
          : await services.organisations.update(current!.id, input);
      const owner = ownerEmail === undefined ? undefined : (await services.users.list(org.id))[0]!;
      emit(
        io,
        values.json,
        owner ? { ...orgJson(org), owner: userJson(owner) } : orgJson(org),
        `${action === 'create' ? 'Created' : 'Updated'} organisation ${org.slug} (${org.id}), plan ${org.plan}, MCP write ${org.mcpWriteEnabled ? 'enabled' : 'disabled'}, supply-chain tools ${org.mcpSupplyChainTools ? 'enabled' : 'disabled'}, portfolio access ${org.portfolioAccess ? 'on' : 'off'}` +
          (org.retention ? `, retention ${describeRetention(org.retention)}` : '') +
          (owner ? `, owner ${owner.email} (${owner.id})` : ''),
      );
      return 0;
    });
  },
};

export const userCommand: Command = {
  summary: 'create or list workspace users, or set a password',
  usage: `Usage:
  bulwark user create --org <slug> --email E [--name N] [--role owner|admin|member|viewer] [--password-stdin] [--json]
  bulwark user set-password --org <slug> --email E --password-stdin [--json]
  bulwark user list --org <slug> [--json]

The role defaults to member. Passwords (at least 12 characters) are read from standard input, never from the
command line, e.g. printf %s "$PASSWORD" | bulwark user set-password --org acme --email ada@acme.example --password-stdin.
A password change ends all of the user's sessions.`,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      org: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      json: { type: 'boolean' },
    });
    const [action, ...extra] = positionals;
    if ((action !== 'create' && action !== 'set-password' && action !== 'list') || extra.length > 0)
      throw new UsageError(`unknown action '${positionals.join(' ')}'`);
    const org = requireString(values.org, '--org');
    if (action === 'list') {
      return withStore(async ({ services }) => {
        const users = await services.users.list((await services.organisations.requireBySlug(org)).id);
        const lines = users.map((u) => `${u.email}  ${u.id}  ${u.role}${u.name ? `  ${u.name}` : ''}`);
        emit(io, values.json, { users: users.map(userJson) }, lines.join('\n') || 'No users.');
        return 0;
      });
    }
    const email = requireString(values.email, '--email');
    if (action === 'set-password') {
      if (!values['password-stdin']) throw new UsageError('--password-stdin is required');
      if (values.name !== undefined || values.role !== undefined)
        throw new UsageError('set-password takes only --org, --email and --password-stdin');
      const password = await readSecretFromStdin(io);
      return withStore(async ({ services }) => {
        const orgId = (await services.organisations.requireBySlug(org)).id;
        const user = await services.users.setPassword(orgId, email, password);
        emit(
          io,
          values.json,
          userJson(user),
          `Set the password of ${user.email} (${user.id}); their sessions ended`,
        );
        return 0;
      });
    }
    const password = values['password-stdin'] ? await readSecretFromStdin(io) : undefined;
    return withStore(async ({ services }) => {
      const orgId = (await services.organisations.requireBySlug(org)).id;
      const user = await services.users.add(orgId, {
        email,
        ...(values.name ? { name: values.name } : {}),
        ...(values.role !== undefined ? { role: values.role } : {}),
        ...(password !== undefined ? { password } : {}),
      });
      emit(io, values.json, userJson(user), `Created user ${user.email} (${user.id}), role ${user.role}`);
      return 0;
    });
  },
};

export const tokenCommand: Command = {
  summary: 'create, list or revoke API tokens',
  usage: `Usage:
  bulwark token create --org <slug> [--user EMAIL] --scopes sbom:read,sbom:write,mcp:read,mcp:write
                       [--expires-in 30d] [--name N] [--asset-tags a,b] [--json]
  bulwark token list --org <slug> [--json]
  bulwark token revoke <tokenId> [--json]

The token secret is printed once; only its hash is stored. --asset-tags restricts the token to assets carrying
one of the tags (and their descendants), whatever its user's role (docs/portfolio-access.md).`,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      org: { type: 'string' },
      user: { type: 'string' },
      scopes: { type: 'string' },
      'expires-in': { type: 'string' },
      name: { type: 'string' },
      'asset-tags': { type: 'string' },
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
        const orgId = (await services.organisations.requireBySlug(org)).id;
        const { token, secret } = await services.tokens.create({
          orgId,
          scopes,
          ...(values.user ? { userEmail: values.user } : {}),
          ...(expiresInMs ? { expiresInMs } : {}),
          ...(values.name ? { name: values.name } : {}),
          ...(values['asset-tags'] !== undefined ? { assetTags: splitList(values['asset-tags']) } : {}),
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
            assetTags: token.assetTags,
          },
          `Created token ${token.id} with scopes ${token.scopes.join(',')}${token.assetTags ? `, asset tags ${token.assetTags.join(',')}` : ''}${token.expiresAt ? `, expires ${token.expiresAt}` : ''}.\nSecret (shown once): ${secret}`,
        );
        return 0;
      });
    }
    if (action === 'list') {
      const org = requireString(values.org, '--org');
      return withStore(async ({ services }) => {
        const tokens = await services.tokens.list((await services.organisations.requireBySlug(org)).id);
        const lines = tokens.map(
          (t) =>
            `${t.id}  ${t.scopes.join(',')}  ${t.assetTags ? `tags ${t.assetTags.join(',')}  ` : ''}${t.revokedAt ? 'revoked' : t.expiresAt ? `expires ${t.expiresAt}` : 'no expiry'}${t.name ? `  ${t.name}` : ''}`,
        );
        emit(io, values.json, { tokens: tokens.map(tokenJson) }, lines.join('\n') || 'No tokens.');
        return 0;
      });
    }
    if (action === 'revoke') {
      const [tokenId, ...extra] = rest;
      if (!tokenId || extra.length > 0) throw new UsageError('exactly one <tokenId> is required');
      return withStore(async ({ services }) => {
        const token = await services.tokens.revoke(tokenId);
        emit(io, values.json, tokenJson(token), `Revoked token ${token.id}`);
        return 0;
      });
    }
    throw new UsageError(`unknown action '${action ?? ''}'`);
  },
};
