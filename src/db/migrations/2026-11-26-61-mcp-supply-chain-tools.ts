import type { Kysely } from 'kysely';

// Frozen: the organisation setting that adds the supply-chain read tools to the tool server (off by default, so
// the catalog an organisation sees stays the interface's 23 tools until an administrator turns it on).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('mcp_supply_chain_tools', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('mcp_supply_chain_tools').execute();
}
