/**
 * Organisations: creating, finding, listing and updating them (plan and settings). Every method but the slug
 * lookups is keyed by organisation id; the command line resolves a slug once (requireBySlug) and passes the id.
 */
import type { Kysely } from 'kysely';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.repository.ts';
import type { Database } from '../db/database.ts';
import { fromBool, fromJson, isUniqueViolation, toBool, toJson } from '../db/helpers.ts';
import { AppError, notFound, validationFailed } from '../errors.ts';
import { newId } from '../shared/ids.ts';
import { nowIso } from '../shared/time.ts';
import { EMAIL } from './email.ts';
import { PLAN_NAMES, type Plan } from './plans.ts';
import * as repo from './tenancy.repository.ts';
import type { OrganizationRow, UserRow } from './tenancy.table.ts';

export interface Organization {
  id: string;
  slug: string;
  name: string;
  plan: string;
  mcpWriteEnabled: boolean;
  mcpSupplyChainTools: boolean;
  /** Members and viewers reach only what their teams grant (docs/portfolio-access.md). */
  portfolioAccess: boolean;
  /** The default retention of the organisation's assets (docs/portfolio.md); null: none. */
  retention: OrgRetention | null;
  createdAt: string;
}

/** `{keepVersions?, maxAgeDays?, inactiveAfterDays?}`, validated by the edges (portfolio/asset.schemas.ts). */
export interface OrgRetention {
  keepVersions?: number | undefined;
  maxAgeDays?: number | undefined;
  inactiveAfterDays?: number | undefined;
}

export interface OrganizationChanges {
  plan?: string;
  mcpWriteEnabled?: boolean;
  mcpSupplyChainTools?: boolean;
  name?: string;
  portfolioAccess?: boolean;
  /** null or `{}`: no default retention. */
  retention?: OrgRetention | null;
}

const toOrganization = (row: OrganizationRow): Organization => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  plan: row.plan,
  mcpWriteEnabled: fromBool(row.mcp_write_enabled),
  mcpSupplyChainTools: fromBool(row.mcp_supply_chain_tools),
  portfolioAccess: fromBool(row.portfolio_access),
  retention: fromJson<OrgRetention | null>(row.retention, null),
  createdAt: row.created_at,
});

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

const checkPlan = (plan: string): void => {
  if (!PLAN_NAMES.includes(plan as Plan))
    throw validationFailed(`Plan '${plan}' is not one of ${PLAN_NAMES.join(', ')}`);
};

export class OrganisationService {
  readonly #db: Kysely<Database>;
  readonly #settingsChanged: () => void;

  /**
   * `settingsChanged` runs after an update: principals carry the plan and settings, so services.ts drops the
   * cached ones (TokenService.forgetPrincipals).
   */
  constructor(db: Kysely<Database>, settingsChanged: () => void = () => {}) {
    this.#db = db;
    this.#settingsChanged = settingsChanged;
  }

  /**
   * A new organisation; with `ownerEmail`, its first user (role owner, no password) in the same transaction, so
   * `token create` works right after (a token needs a user to own it).
   */
  async create(input: {
    slug: string;
    name?: string;
    plan?: string;
    mcpWriteEnabled?: boolean;
    ownerEmail?: string;
    mcpSupplyChainTools?: boolean;
    portfolioAccess?: boolean;
  }): Promise<Organization> {
    if (!SLUG.test(input.slug)) {
      throw validationFailed(`Slug '${input.slug}' must be 1-64 lowercase letters, digits or dashes`);
    }
    const ownerEmail = input.ownerEmail?.trim().toLowerCase();
    if (ownerEmail !== undefined && !EMAIL.test(ownerEmail))
      throw validationFailed(`'${input.ownerEmail}' is not an e-mail address`);
    const plan = input.plan ?? 'professional';
    checkPlan(plan);
    const now = nowIso();
    const row: OrganizationRow = {
      id: newId('org'),
      slug: input.slug,
      name: input.name ?? input.slug,
      plan,
      mcp_write_enabled: toBool(input.mcpWriteEnabled ?? false),
      mcp_supply_chain_tools: toBool(input.mcpSupplyChainTools ?? false),
      portfolio_access: toBool(input.portfolioAccess ?? false),
      retention: null,
      created_at: now,
      updated_at: now,
    };
    try {
      await this.#db.transaction().execute(async (trx) => {
        await repo.insertOrg(trx, row);
        await recordAudit(trx, row.id, {
          actorId: SYSTEM_ACTOR,
          action: 'organization.create',
          entityType: 'organization',
          entityId: row.id,
          details: { slug: row.slug, plan },
        });
        if (ownerEmail !== undefined) await insertOwner(trx, row.id, ownerEmail, now);
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', 409, `Organisation '${input.slug}' already exists`);
      throw error;
    }
    return toOrganization(row);
  }

  /** `actorId` is who asked (audit): a signed-in admin, or SYSTEM_ACTOR for the operator CLI. */
  async update(orgId: string, changes: OrganizationChanges, actorId = SYSTEM_ACTOR): Promise<Organization> {
    const org = await this.get(orgId);
    if (changes.plan !== undefined) checkPlan(changes.plan);
    const set: Partial<OrganizationRow> = { updated_at: nowIso() };
    if (changes.plan !== undefined) set.plan = changes.plan;
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.mcpWriteEnabled !== undefined) set.mcp_write_enabled = toBool(changes.mcpWriteEnabled);
    if (changes.mcpSupplyChainTools !== undefined)
      set.mcp_supply_chain_tools = toBool(changes.mcpSupplyChainTools);
    if (changes.portfolioAccess !== undefined) set.portfolio_access = toBool(changes.portfolioAccess);
    if (changes.retention !== undefined)
      set.retention =
        changes.retention && Object.keys(changes.retention).length > 0 ? toJson(changes.retention) : null;
    await this.#db.transaction().execute(async (trx) => {
      await repo.updateOrg(trx, org.id, set);
      await recordAudit(trx, org.id, {
        actorId,
        action: 'org.update',
        entityType: 'organization',
        entityId: org.id,
        details: { ...changes },
      });
    });
    // The store's stamp would say so too, but on PostgreSQL only once the notification arrives.
    this.#settingsChanged();
    return this.get(org.id);
  }

  async get(orgId: string): Promise<Organization> {
    const row = await repo.findOrgById(this.#db, orgId);
    if (!row) throw notFound('Organisation', orgId);
    return toOrganization(row);
  }

  async findBySlug(slug: string): Promise<Organization | undefined> {
    const row = await repo.findOrgBySlug(this.#db, slug);
    return row && toOrganization(row);
  }

  /** The command line's one lookup of a `--org <slug>`; everything after it goes by the id. */
  async requireBySlug(slug: string): Promise<Organization> {
    const org = await this.findBySlug(slug);
    if (!org) throw notFound('Organisation', slug);
    return org;
  }

  /** Every organisation, by slug (an operator's view: the CLI). */
  async list(): Promise<Organization[]> {
    return (await repo.listOrgs(this.#db)).map(toOrganization);
  }

  count(): Promise<number> {
    return repo.countOrgs(this.#db);
  }
}

/** The first user of a new organisation: role owner, no password (`user set-password` gives one). */
async function insertOwner(trx: Kysely<Database>, orgId: string, email: string, now: string): Promise<void> {
  const owner: UserRow = {
    id: newId('usr'),
    org_id: orgId,
    email,
    display_name: null,
    role: 'owner',
    password_hash: null,
    created_at: now,
  };
  await repo.insertUser(trx, owner);
  await recordAudit(trx, orgId, {
    actorId: SYSTEM_ACTOR,
    action: 'user.create',
    entityType: 'user',
    entityId: owner.id,
    details: { email, role: 'owner' },
  });
}
