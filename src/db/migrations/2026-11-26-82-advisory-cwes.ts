import type { Kysely } from 'kysely';

// Frozen: the CWE ids an advisory names (`database_specific.cwe_ids`), for policies' `cwe` conditions
// (docs/policies.md). Null for advisories stored before: the next import or sync of the same document fills the
// column without counting it as a change (src/vulndb/vulndb.service.ts).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('vuln_advisories').addColumn('cwes', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('vuln_advisories').dropColumn('cwes').execute();
}
