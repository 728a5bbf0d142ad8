import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { event, recordEvents } from './outbox.ts';

/**
 * vulndb.synced for every organisation, in one transaction once an import or sync has committed. The advisory
 * database is shared, so each organisation receives its own copy (the findings it changed in that
 * organisation arrive as finding.* events of their own).
 */
export async function recordVulnDbSynced(
  db: Kysely<Database>,
  counts: { added: number; updated: number; unchanged: number; withdrawn: number },
): Promise<void> {
  const advisories = {
    added: counts.added,
    updated: counts.updated,
    unchanged: counts.unchanged,
    withdrawn: counts.withdrawn,
  };
  await db.transaction().execute(async (trx) => {
    const orgs = await trx
      .selectFrom('webhook_subscriptions')
      .select('org_id')
      .distinct()
      .where('enabled', '=', 1)
      .execute();
    for (const { org_id } of orgs) await recordEvents(trx, org_id, [event('vulndb.synced', { advisories })]);
  });
}
