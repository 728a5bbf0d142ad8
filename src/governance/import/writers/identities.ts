// Bundle section `identities`: the governed workforce, managers resolved in a second pass.
import { toBool } from '../../../db/helpers.ts';
import type { GovernanceBundle } from '../bundle.schema.ts';
import type { TableSync } from '../table-sync.ts';
import { opt, type ImportContext, type Row } from './context.ts';

type Identity = Row<GovernanceBundle['identities']>;

function identityRow(ctx: ImportContext, i: Identity, managerId: string | null) {
  return {
    external_id: i.externalId,
    display_name: i.displayName,
    email: opt(i.email),
    department: opt(i.department),
    title: opt(i.title),
    manager_id: managerId,
    employment_type: i.employmentType,
    status: i.status,
    hire_date: ctx.ts(i.hireDate),
    termination_date: ctx.ts(i.terminationDate),
    department_changed_at: ctx.ts(i.departmentChangedAt),
    department_head: toBool(i.departmentHead ?? false),
    leave_started_at: ctx.ts(i.leaveStartedAt),
  };
}

export async function writeIdentities(ctx: ImportContext, rows: Identity[] | undefined): Promise<TableSync> {
  const identities = await ctx.sync('gov_identities', 'idn', undefined, 'updated_at');
  // First every row (so a manager later in the bundle is known), then again with the manager resolved.
  for (const i of rows ?? []) identities.stage(identityRow(ctx, i, null));
  (rows ?? []).forEach((i, n) =>
    identities.stage(
      identityRow(
        ctx,
        i,
        ctx.ref(identities, i.managerExternalId, `identities[${n}].managerExternalId`, 'identity'),
      ),
    ),
  );
  await ctx.flush('identities', identities, rows?.length);
  return identities;
}
