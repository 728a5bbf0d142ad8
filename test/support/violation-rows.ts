import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';

/** The organisation's policy violation and violation history rows, counted in the store (no service's filter). */
export async function violationRowsOfOrg(db: Kysely<Database>, orgId: string) {
  const count = async (table: 'policy_violations' | 'policy_violation_history') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('org_id', '=', orgId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { violations: await count('policy_violations'), history: await count('policy_violation_history') };
}
