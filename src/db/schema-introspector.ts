/**
 * PostgreSQL's introspection limited to the connection's own schema. Kysely's migrator asks "does my migration
 * table exist?" through `getTables()`, which reads every column of every table in every schema of the
 * database: with other deployments' or test runs' schemas beside ours that took 200–300 ms a call (1,794 tables),
 * twice per start-up and per CLI command, and failed when another schema was dropped under it. The migrator is
 * this introspector's only user and needs names only, so tables come without columns.
 */
import {
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

const KYSELY_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

class CurrentSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  readonly #schemas: PostgresIntrospector;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
    this.#schemas = new PostgresIntrospector(db);
  }

  getSchemas(): Promise<SchemaMetadata[]> {
    return this.#schemas.getSchemas();
  }

  async getTables(options?: DatabaseMetadataOptions): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, n.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'v', 'm', 'p')`.execute(this.#db);
    return rows
      .filter((r) => options?.withInternalKyselyTables || !KYSELY_TABLES.has(r.name))
      .map((r) => ({
        name: r.name,
        schema: r.schema,
        isView: r.kind === 'v' || r.kind === 'm',
        isForeign: false,
        columns: [],
      }));
  }
}

/** Kysely's PostgreSQL dialect with the introspector above. */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
