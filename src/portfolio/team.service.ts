/**
 * Teams (`team_…`): who belongs to them and which assets they are granted (docs/portfolio-access.md). Every
 * change is audited and drops the cached principals at once, so a new reach applies on the very next request.
 */
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Database } from '../db/database.ts';
import { fromJson, isUniqueViolation, toJson } from '../db/helpers.ts';
import { AppError, notFound, validationFailed, type ErrorDetail } from '../errors.ts';
import { newId } from '../shared/ids.ts';
import { nowIso } from '../shared/time.ts';
import { ASSET_TAG } from '../tenancy/token-input.ts';
import * as repo from './team.repository.ts';
import type { TeamGrantRow, TeamRow } from './team.table.ts';

export const GRANT_ROLES = ['member', 'viewer'] as const;
export type GrantRole = (typeof GRANT_ROLES)[number];

export interface TeamGrant {
  id: string;
  assetTags: string[];
  assetIds: string[];
  role: GrantRole;
}

export interface Team {
  id: string;
  name: string;
  members: string[];
  grants: TeamGrant[];
  createdAt: string;
  updatedAt: string;
}

export interface GrantInput {
  assetTags?: string[] | undefined;
  assetIds?: string[] | undefined;
  role: string;
}

export interface TeamInput {
  name: string;
  members?: string[] | undefined;
  grants?: GrantInput[] | undefined;
}

export interface TeamChanges {
  name?: string | undefined;
  members?: string[] | undefined;
  grants?: GrantInput[] | undefined;
}

/** What a grant may name: tags some asset carries, and assets of the organisation (portfolio/reach.ts). */
export interface AssetLookup {
  knownTags(orgId: string, tags: string[]): Promise<Set<string>>;
  knownAssets(orgId: string, ids: string[]): Promise<Set<string>>;
}

const NAME_MAX = 200;

const toGrant = (row: TeamGrantRow): TeamGrant => ({
  id: row.id,
  assetTags: fromJson<string[]>(row.asset_tags, []),
  assetIds: fromJson<string[]>(row.asset_ids, []),
  role: row.role === 'viewer' ? 'viewer' : 'member',
});

export class TeamService {
  readonly #db: Kysely<Database>;
  readonly #assets: AssetLookup;
  readonly #changed: () => void;

  /** `changed` drops every cache of principals and reaches (services.ts wires it). */
  constructor(db: Kysely<Database>, assets: AssetLookup, changed: () => void) {
    this.#db = db;
    this.#assets = assets;
    this.#changed = changed;
  }

  async list(orgId: string): Promise<Team[]> {
    return this.#assemble(orgId, await repo.listTeams(this.#db, orgId));
  }

  async get(orgId: string, id: string): Promise<Team> {
    const row = await repo.findTeam(this.#db, orgId, id);
    if (!row) throw notFound('Team', id);
    return (await this.#assemble(orgId, [row]))[0]!;
  }

  /** By id, or by name (the CLI names teams). */
  async resolve(orgId: string, idOrName: string): Promise<Team> {
    const row =
      (await repo.findTeam(this.#db, orgId, idOrName)) ??
      (await repo.findTeamByName(this.#db, orgId, idOrName));
    if (!row) throw notFound('Team', idOrName);
    return (await this.#assemble(orgId, [row]))[0]!;
  }

  async create(orgId: string, actorId: string, input: TeamInput): Promise<Team> {
    const name = checkName(input.name);
    const members = await this.#checkMembers(orgId, input.members ?? []);
    const grants = await this.#checkGrants(orgId, input.grants ?? []);
    const now = nowIso();
    const row: TeamRow = { id: newId('team'), org_id: orgId, name, created_at: now, updated_at: now };
    await this.#write(name, async (trx) => {
      await repo.insertTeam(trx, row);
      await repo.replaceMembers(trx, orgId, row.id, members);
      await repo.replaceGrants(trx, row.id, grantRows(orgId, row.id, grants));
      await recordAudit(trx, orgId, {
        actorId,
        action: 'team.create',
        entityType: 'team',
        entityId: row.id,
        details: { name, members, grants },
      });
    });
    return this.get(orgId, row.id);
  }

  /** Members and grants, when given, replace the team's. */
  async update(orgId: string, actorId: string, id: string, changes: TeamChanges): Promise<Team> {
    const current = await this.get(orgId, id);
    const name = changes.name === undefined ? undefined : checkName(changes.name);
    const members = changes.members && (await this.#checkMembers(orgId, changes.members));
    const grants = changes.grants && (await this.#checkGrants(orgId, changes.grants));
    await this.#write(name ?? current.name, async (trx) => {
      await repo.updateTeam(trx, id, { updated_at: nowIso(), ...(name !== undefined ? { name } : {}) });
      if (members) await repo.replaceMembers(trx, orgId, id, members);
      if (grants) await repo.replaceGrants(trx, id, grantRows(orgId, id, grants));
      await recordAudit(trx, orgId, {
        actorId,
        action: 'team.update',
        entityType: 'team',
        entityId: id,
        details: {
          ...(name !== undefined ? { name } : {}),
          ...(members ? { members } : {}),
          ...(grants ? { grants } : {}),
        },
      });
    });
    return this.get(orgId, id);
  }

  async delete(orgId: string, actorId: string, id: string): Promise<{ id: string; deleted: true }> {
    const team = await this.get(orgId, id);
    await this.#db.transaction().execute(async (trx) => {
      await repo.deleteTeam(trx, id);
      await recordAudit(trx, orgId, {
        actorId,
        action: 'team.delete',
        entityType: 'team',
        entityId: id,
        details: { name: team.name },
      });
    });
    this.#changed();
    return { id, deleted: true };
  }

  async #write(name: string, work: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
    try {
      await this.#db.transaction().execute(work);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', 409, `A team named '${name}' already exists`);
      throw error;
    }
    this.#changed();
  }

  async #assemble(orgId: string, rows: TeamRow[]): Promise<Team[]> {
    const ids = rows.map((r) => r.id);
    const [members, grants] = await Promise.all([
      repo.membersOf(this.#db, orgId, ids),
      repo.grantsOf(this.#db, orgId, ids),
    ]);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      members: members.get(row.id) ?? [],
      grants: (grants.get(row.id) ?? []).map(toGrant),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }

  async #checkMembers(orgId: string, userIds: string[]): Promise<string[]> {
    const unique = [...new Set(userIds)];
    const known = await repo.existingUsers(this.#db, orgId, unique);
    const details: ErrorDetail[] = [];
    userIds.forEach((id, i) => {
      if (!known.has(id))
        details.push({ path: `members[${i}]`, message: `no user '${id}' in this organisation` });
    });
    if (details.length > 0)
      throw validationFailed(
        `Unknown user ${details.map((d) => d.message.split("'")[1]).join(', ')}`,
        details,
      );
    return unique.sort();
  }

  /** Every tag must be carried by an asset and every asset id be the organisation's: 400 naming each one. */
  async #checkGrants(orgId: string, grants: GrantInput[]): Promise<Omit<TeamGrant, 'id'>[]> {
    const details: ErrorDetail[] = [];
    const checked = grants.map((grant, i) => {
      const assetTags = [...new Set((grant.assetTags ?? []).map((t) => t.trim().toLowerCase()))];
      const assetIds = [...new Set(grant.assetIds ?? [])];
      if (!(GRANT_ROLES as readonly string[]).includes(grant.role))
        details.push({ path: `grants[${i}].role`, message: `'${grant.role}' is not member or viewer` });
      if (assetTags.length === 0 && assetIds.length === 0)
        details.push({ path: `grants[${i}]`, message: 'a grant names assetTags, assetIds or both' });
      for (const tag of assetTags)
        if (!ASSET_TAG.test(tag))
          details.push({ path: `grants[${i}].assetTags`, message: `'${tag}' is not a tag` });
      return { assetTags, assetIds, role: grant.role as GrantRole };
    });
    if (details.length === 0) {
      const tags = [...new Set(checked.flatMap((g) => g.assetTags))];
      const ids = [...new Set(checked.flatMap((g) => g.assetIds))];
      const [knownTags, knownAssets] = await Promise.all([
        this.#assets.knownTags(orgId, tags),
        this.#assets.knownAssets(orgId, ids),
      ]);
      checked.forEach((grant, i) => {
        for (const tag of grant.assetTags)
          if (!knownTags.has(tag))
            details.push({ path: `grants[${i}].assetTags`, message: `no asset carries the tag '${tag}'` });
        for (const id of grant.assetIds)
          if (!knownAssets.has(id))
            details.push({ path: `grants[${i}].assetIds`, message: `no asset '${id}' in this organisation` });
      });
    }
    if (details.length > 0)
      throw validationFailed(
        `Invalid grant: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
        details,
      );
    return checked;
  }
}

function checkName(raw: string): string {
  const name = raw.trim();
  if (name.length === 0 || name.length > NAME_MAX)
    throw validationFailed(`A team name has 1 to ${NAME_MAX} characters`, [
      { path: 'name', message: `1 to ${NAME_MAX} characters` },
    ]);
  return name;
}

const grantRows = (orgId: string, teamId: string, grants: Omit<TeamGrant, 'id'>[]): TeamGrantRow[] =>
  grants.map((g) => ({
    id: newId('tgr'),
    team_id: teamId,
    org_id: orgId,
    asset_tags: toJson(g.assetTags),
    asset_ids: toJson(g.assetIds),
    role: g.role,
  }));
