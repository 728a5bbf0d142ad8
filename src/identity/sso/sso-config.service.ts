/** An organisation's OpenID Connect configuration: read (never the secret), write, remove; owners only. */
import type { Kysely } from 'kysely';
import { recordAudit } from '../../audit/audit.repository.ts';
import type { Database } from '../../db/database.ts';
import { fromJson, toJson } from '../../db/helpers.ts';
import { AppError, notFound, validationFailed } from '../../errors.ts';
import { isRole, type Role } from '../../tenancy/roles.ts';
import type { SsoConfigRow } from '../identity.table.ts';
import type { RoleRules } from './sso-claims.ts';
import * as repo from './sso.repository.ts';

export interface SsoConfigInput {
  issuer: string;
  clientId: string;
  clientSecret?: string | undefined;
  scopes?: string[] | undefined;
  groupsClaim?: string | undefined;
  roleMapping?: Record<string, Role> | undefined;
  defaultRole?: Role | null | undefined;
  enforced?: boolean | undefined;
}

/** The configuration as the service uses it (with the secret: it never leaves identity/sso). */
export interface SsoConfig extends RoleRules {
  orgId: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  enforced: boolean;
  createdAt: string;
  updatedAt: string;
}

export const DEFAULT_SCOPES = ['openid', 'email', 'profile'];

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** Plain HTTP only to a provider on this machine (tests, a local Keycloak); anything else needs TLS. */
export const isLoopbackHttp = (issuer: string): boolean => {
  const url = new URL(issuer);
  return url.protocol === 'http:' && LOOPBACK.has(url.hostname);
};

export const toSsoConfig = (row: SsoConfigRow): SsoConfig => ({
  orgId: row.org_id,
  issuer: row.issuer,
  clientId: row.client_id,
  clientSecret: row.client_secret,
  scopes: fromJson<string[]>(row.scopes, DEFAULT_SCOPES),
  groupsClaim: row.groups_claim,
  roleMapping: fromJson<Record<string, Role>>(row.role_mapping, {}),
  defaultRole: row.default_role !== null && isRole(row.default_role) ? row.default_role : null,
  enforced: Number(row.enforced) === 1,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** What GET answers: everything but the secret, which is write-only. */
export const ssoView = (c: SsoConfig) => ({
  issuer: c.issuer,
  clientId: c.clientId,
  clientSecretSet: true as const,
  scopes: c.scopes,
  groupsClaim: c.groupsClaim,
  roleMapping: c.roleMapping,
  defaultRole: c.defaultRole,
  enforced: c.enforced,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});

export class SsoConfigService {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async find(orgId: string): Promise<SsoConfig | undefined> {
    const row = await repo.findSsoConfig(this.#db, orgId);
    return row && toSsoConfig(row);
  }

  async get(orgId: string): Promise<SsoConfig> {
    const config = await this.find(orgId);
    if (!config) throw notFound('SSO configuration', orgId);
    return config;
  }

  async put(orgId: string, actorId: string, input: SsoConfigInput): Promise<SsoConfig> {
    const issuer = new URL(input.issuer);
    if (issuer.protocol !== 'https:' && !isLoopbackHttp(input.issuer))
      throw validationFailed('The issuer must be an https URL', [
        { path: 'body.issuer', message: 'https (plain http only for a provider on this machine)' },
      ]);
    if (issuer.search || issuer.hash)
      throw validationFailed('The issuer has no query or fragment', [
        { path: 'body.issuer', message: 'no query or fragment' },
      ]);
    const scopes = [...new Set(['openid', ...(input.scopes ?? DEFAULT_SCOPES)])];
    const existing = await repo.findSsoConfig(this.#db, orgId);
    const secret = input.clientSecret ?? existing?.client_secret;
    if (secret === undefined)
      throw validationFailed('clientSecret is required when SSO is first configured', [
        { path: 'body.clientSecret', message: 'required the first time' },
      ]);
    const now = new Date().toISOString();
    const row: SsoConfigRow = {
      org_id: orgId,
      issuer: input.issuer,
      client_id: input.clientId,
      client_secret: secret,
      scopes: toJson(scopes),
      groups_claim: input.groupsClaim ?? 'groups',
      role_mapping: toJson(input.roleMapping ?? {}),
      default_role: input.defaultRole ?? null,
      enforced: input.enforced ? 1 : 0,
      created_at: existing?.created_at ?? now,
      updated_at: now,
    };
    await this.#db.transaction().execute(async (trx) => {
      await repo.upsertSsoConfig(trx, row);
      // The audit says whether the secret changed, never what it is.
      await recordAudit(trx, orgId, {
        actorId,
        action: 'org.sso_update',
        entityType: 'organization',
        entityId: orgId,
        details: {
          issuer: row.issuer,
          clientId: row.client_id,
          clientSecretChanged: input.clientSecret !== undefined,
          enforced: input.enforced ?? false,
          defaultRole: row.default_role,
          roleMapping: input.roleMapping ?? {},
        },
      });
    });
    return toSsoConfig(row);
  }

  async remove(orgId: string, actorId: string): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      const result = await repo.deleteSsoConfig(trx, orgId);
      if (Number(result.numDeletedRows) === 0) throw notFound('SSO configuration', orgId);
      await recordAudit(trx, orgId, {
        actorId,
        action: 'org.sso_delete',
        entityType: 'organization',
        entityId: orgId,
      });
    });
  }
}

export const ssoNotConfigured = () =>
  new AppError('NOT_FOUND', 404, 'This organisation has no single sign-on configured');
