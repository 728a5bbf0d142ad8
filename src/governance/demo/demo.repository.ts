// The demo's one write outside its import bundle: an SBOM meant to look old gets its upload time moved back
// (the software-inventory rule reads upload times; docs/compliance.md).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export async function backdateSbom(
  db: Kysely<Database>,
  orgId: string,
  sbomId: string,
  createdAt: string,
): Promise<void> {
  // visibility: the demo's own SBOM, uploaded (so visible) before it is backdated.
  await db
    .updateTable('sboms')
    .set({ created_at: createdAt, updated_at: createdAt })
    .where('org_id', '=', orgId)
    .where('id', '=', sbomId)
    .execute();
}
