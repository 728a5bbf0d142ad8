/** `bulwark team`: teams, their members and their grants, run against the local store (docs/portfolio-access.md). */
import { SYSTEM_ACTOR } from '../audit/audit.repository.ts';
import type { GrantInput, Team } from '../portfolio/team.service.ts';
import type { Services } from '../services.ts';
import { emit, parse, requireString, splitList, UsageError, type Command } from './cli-kit.ts';
import { withStore } from './context.ts';

const describe = (t: Team) =>
  `${t.id}  ${t.name}  members ${t.members.length}  grants ${
    t.grants
      .map(
        (g) =>
          `[${[g.assetTags.length ? `tags=${g.assetTags.join(',')}` : '', g.assetIds.length ? `ids=${g.assetIds.join(',')}` : '', `role=${g.role}`].filter(Boolean).join(';')}]`,
      )
      .join(' ') || 'none'
  }`;

/** `tags=pay,web;ids=ast_1;role=viewer` (role defaults to member). */
export function parseGrant(text: string): GrantInput {
  const grant: { assetTags?: string[]; assetIds?: string[]; role: string } = { role: 'member' };
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq).trim();
    const value = eq < 0 ? '' : part.slice(eq + 1);
    if (key === 'tags') grant.assetTags = splitList(value);
    else if (key === 'ids') grant.assetIds = splitList(value);
    else if (key === 'role') grant.role = value.trim();
    else throw new UsageError(`--grant '${text}': '${key}' is not tags, ids or role`);
  }
  return grant;
}

/** Members by id (`usr_…`) or e-mail address. */
async function memberIds(services: Services, orgId: string, list: string): Promise<string[]> {
  const items = splitList(list);
  if (!items.some((m) => m.includes('@'))) return items;
  const users = await services.users.list(orgId);
  return items.map((m) => (m.includes('@') ? (users.find((u) => u.email === m.toLowerCase())?.id ?? m) : m));
}

export const teamCommand: Command = {
  summary: 'create, list, update or delete teams (members and asset grants)',
  usage: `Usage:
  bulwark team create --org <slug> --name N [--members a,b] [--grant G]... [--json]
  bulwark team list --org <slug> [--json]
  bulwark team update <team> --org <slug> [--name N] [--members a,b] [--grant G]... [--clear-grants] [--json]
  bulwark team delete <team> --org <slug> [--json]

<team> is a team id or name. Members are user ids or e-mail addresses; --members replaces them all. A grant G is
'tags=pay,web;ids=ast_…;role=viewer' (tags, ids or both; role member or viewer, default member); on update the
--grant flags replace every grant, and --clear-grants removes them. See docs/portfolio-access.md.`,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      org: { type: 'string' },
      name: { type: 'string' },
      members: { type: 'string' },
      grant: { type: 'string', multiple: true },
      'clear-grants': { type: 'boolean' },
      json: { type: 'boolean' },
    });
    const [action, team, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(`unexpected '${extra.join(' ')}'`);
    const slug = requireString(values.org, '--org');
    const grants = values.grant?.map(parseGrant);
    if (action === 'list' || action === 'create') {
      if (team !== undefined) throw new UsageError(`team ${action} takes no <team>`);
    } else if (action === 'update' || action === 'delete') {
      if (!team) throw new UsageError('a <team> (id or name) is required');
    } else throw new UsageError(`unknown action '${action ?? ''}'`);
    if (values['clear-grants'] && (action !== 'update' || grants))
      throw new UsageError('--clear-grants is for team update, without --grant');
    return withStore(async ({ services }) => {
      const orgId = (await services.organisations.requireBySlug(slug)).id;
      const members =
        values.members === undefined ? undefined : await memberIds(services, orgId, values.members);
      if (action === 'list') {
        const teams = await services.teams.list(orgId);
        emit(io, values.json, { teams }, teams.map(describe).join('\n') || 'No teams.');
      } else if (action === 'create') {
        const created = await services.teams.create(orgId, SYSTEM_ACTOR, {
          name: requireString(values.name, '--name'),
          ...(members ? { members } : {}),
          ...(grants ? { grants } : {}),
        });
        emit(io, values.json, created, `Created team ${describe(created)}`);
      } else if (action === 'update') {
        const { id } = await services.teams.resolve(orgId, team!);
        const updated = await services.teams.update(orgId, SYSTEM_ACTOR, id, {
          ...(values.name !== undefined ? { name: values.name } : {}),
          ...(members ? { members } : {}),
          ...(grants ? { grants } : values['clear-grants'] ? { grants: [] } : {}),
        });
        emit(io, values.json, updated, `Updated team ${describe(updated)}`);
      } else {
        const { id, name } = await services.teams.resolve(orgId, team!);
        const deleted = await services.teams.delete(orgId, SYSTEM_ACTOR, id);
        emit(io, values.json, deleted, `Deleted team ${name} (${id})`);
      }
      return 0;
    });
  },
};
