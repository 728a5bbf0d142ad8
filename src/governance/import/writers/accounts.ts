// Bundle section `accounts`: accounts on systems, correlated to an identity (for non-human ones: the owner).
import type { GovernanceBundle } from '../bundle.schema.ts';
import type { TableSync } from '../table-sync.ts';
import type { ImportContext, Row } from './context.ts';

/** Writes the accounts; returns the table and the ids of updated accounts (their grants' copies follow). */
export async function writeAccounts(
  ctx: ImportContext,
  rows: Row<GovernanceBundle['accounts']>[] | undefined,
  refs: { systems: TableSync; identities: TableSync },
): Promise<{ accounts: TableSync; changed: string[] }> {
  const accounts = await ctx.sync('gov_accounts', 'acc');
  (rows ?? []).forEach((a, n) =>
    accounts.stage({
      external_id: a.externalId,
      system_id: ctx.ref(refs.systems, a.systemExternalId, `accounts[${n}].systemExternalId`, 'system'),
      username: a.username,
      identity_id: ctx.ref(
        refs.identities,
        a.identityExternalId,
        `accounts[${n}].identityExternalId`,
        'identity',
      ),
      type: a.type,
      status: a.status,
      created_at: ctx.ts(a.createdAt),
      last_login_at: ctx.ts(a.lastLoginAt),
      disabled_at: ctx.ts(a.disabledAt),
    }),
  );
  const changed = await ctx.flush('accounts', accounts, rows?.length);
  return { accounts, changed };
}
