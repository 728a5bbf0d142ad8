// Bundle section `grants`: entitlements held by accounts, with the account's identity and the entitlement's
// privileged flag and risk level copied on (and kept in step when accounts or entitlements change).
import type { GovernanceBundle } from '../bundle.schema.ts';
import type { TableSync } from '../table-sync.ts';
import type { ImportContext, Row } from './context.ts';

export async function writeGrants(
  ctx: ImportContext,
  rows: Row<GovernanceBundle['grants']>[] | undefined,
  refs: { accounts: TableSync; entitlements: TableSync },
): Promise<TableSync> {
  const grants = await ctx.sync('gov_grants', 'grt');
  (rows ?? []).forEach((g, n) => {
    const accountId = ctx.ref(
      refs.accounts,
      g.accountExternalId,
      `grants[${n}].accountExternalId`,
      'account',
    );
    const entitlementId = ctx.ref(
      refs.entitlements,
      g.entitlementExternalId,
      `grants[${n}].entitlementExternalId`,
      'entitlement',
    );
    const ent = entitlementId ? refs.entitlements.get(g.entitlementExternalId) : undefined;
    grants.stage({
      external_id: g.externalId,
      account_id: accountId,
      entitlement_id: entitlementId,
      identity_id: accountId ? (refs.accounts.get(g.accountExternalId)?.identity_id ?? null) : null,
      account_disabled: accountId && refs.accounts.get(g.accountExternalId)?.status === 'disabled' ? 1 : 0,
      privileged: ent?.privileged ?? 0,
      risk_level: ent?.risk_level ?? 'low',
      granted_at: ctx.ts(g.grantedAt),
      revoked_at: ctx.ts(g.revokedAt),
      expires_at: ctx.ts(g.expiresAt),
      last_used_at: ctx.ts(g.lastUsedAt),
      last_reviewed_at: ctx.ts(g.lastReviewedAt),
    });
  });
  await ctx.flush('grants', grants, rows?.length);
  return grants;
}

/** Keeps the copies on grants (identity, account disabled, privileged, risk level) in step with changed accounts and entitlements. */
export async function resyncGrantCopies(
  ctx: ImportContext,
  accountIds: string[],
  entitlementIds: string[],
): Promise<void> {
  const { db, orgId } = ctx;
  for (const id of accountIds) {
    const a = await db
      .selectFrom('gov_accounts')
      .select(['identity_id', 'status'])
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('gov_grants')
      .set({ identity_id: a.identity_id, account_disabled: a.status === 'disabled' ? 1 : 0 })
      .where('org_id', '=', orgId)
      .where('account_id', '=', id)
      .execute();
  }
  for (const id of entitlementIds) {
    const e = await db
      .selectFrom('gov_entitlements')
      .select(['privileged', 'risk_level'])
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('gov_grants')
      .set({ privileged: e.privileged, risk_level: e.risk_level })
      .where('org_id', '=', orgId)
      .where('entitlement_id', '=', id)
      .execute();
  }
}
