/** A Kysely driver over better-sqlite3 with a per-connection statement cache. */
import SqliteDatabase from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import type { CompiledQuery } from 'kysely';
import type { ChangeStamp } from './change-stamp.ts';
import { checkpointInBackground, type Checkpoints } from './sqlite-checkpoints.ts';
import {
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  RawNode,
  type Kysely,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
} from 'kysely';

/**
 * SQLite with one writer and one reader connection (WAL mode), instead of Kysely's single connection behind a
 * mutex. Reads outside a transaction run on the reader and see the last committed state, so a long write
 * transaction (a 100,000-component upload) never stalls other requests' reads. Writes and transactions take
 * the writer in turn. An in-memory database has no second connection: everything then goes to the writer.
 */

/** A FIFO lock: `acquire` resolves with the function that releases it. */
class WriterLock {
  #tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const ready = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => next);
    return ready;
  }
}

/**
 * Kysely prepares every query anew and preparing costs more than running a small query: keep the last 500
 * distinct statements per connection (SQLite re-prepares a cached statement itself after a schema change).
 */
function statementCache(database: SqliteDatabase.Database, limit = 500) {
  const cache = new LRUCache<string, SqliteDatabase.Statement>({ max: limit });
  return (source: string): SqliteDatabase.Statement => {
    let statement = cache.get(source);
    if (!statement) {
      statement = database.prepare(source);
      cache.set(source, statement);
    }
    return statement;
  };
}

type Prepare = ReturnType<typeof statementCache>;

function run(prepare: Prepare, query: CompiledQuery): QueryResult<never> {
  const statement = prepare(query.sql);
  const parameters = query.parameters as unknown[];
  if (statement.reader) return { rows: statement.all(parameters) as never[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { insertId: BigInt(lastInsertRowid), numAffectedRows: BigInt(changes), rows: [] };
}

class RoutingConnection implements DatabaseConnection {
  readonly #driver: ReadWriteSqliteDriver;
  /** Set while this connection runs a transaction: it then holds the writer lock. */
  release: (() => void) | undefined;

  constructor(driver: ReadWriteSqliteDriver) {
    this.#driver = driver;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.#driver.execute(this, query) as Promise<QueryResult<R>>;
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield (await this.#driver.execute(this, query)) as QueryResult<R>;
  }
}

class ReadWriteSqliteDriver implements Driver {
  readonly #writer: SqliteDatabase.Database;
  readonly #reader: SqliteDatabase.Database | undefined;
  readonly #prepareWrite: Prepare;
  readonly #prepareRead: Prepare | undefined;
  readonly #lock = new WriterLock();
  /** Released connections, reused: they are stateless outside a transaction. */
  readonly #idle: RoutingConnection[] = [];

  readonly #checkpoints: Checkpoints | undefined;

  constructor(
    writer: SqliteDatabase.Database,
    reader: SqliteDatabase.Database | undefined,
    checkpoints: Checkpoints | undefined,
  ) {
    this.#writer = writer;
    this.#reader = reader;
    this.#checkpoints = checkpoints;
    this.#prepareWrite = statementCache(writer);
    this.#prepareRead = reader && statementCache(reader);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#idle.pop() ?? new RoutingConnection(this);
  }

  async execute(connection: RoutingConnection, query: CompiledQuery): Promise<QueryResult<never>> {
    if (connection.release) return run(this.#prepareWrite, query);
    if (this.#prepareRead && this.#prepareRead(query.sql).readonly) return run(this.#prepareRead, query);
    const release = await this.#lock.acquire();
    try {
      return run(this.#prepareWrite, query);
    } finally {
      release();
    }
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const routing = connection as RoutingConnection;
    routing.release = await this.#lock.acquire();
    try {
      // IMMEDIATE takes the write lock now, so another process cannot make this transaction fail halfway.
      this.#writer.exec('begin immediate');
    } catch (error) {
      this.#finish(routing);
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      this.#writer.exec('commit');
    } finally {
      this.#finish(connection as RoutingConnection);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      if (this.#writer.inTransaction) this.#writer.exec('rollback');
    } finally {
      this.#finish(connection as RoutingConnection);
    }
  }

  #finish(connection: RoutingConnection): void {
    const release = connection.release;
    connection.release = undefined;
    release?.();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (this.#idle.length < 64) this.#idle.push(connection as RoutingConnection);
  }

  async destroy(): Promise<void> {
    await this.#checkpoints?.stop();
    this.#reader?.close();
    this.#writer.close();
  }
}

class MultiConnectionSqliteAdapter extends SqliteAdapter {
  /** The writer connection, for bulk inserts inside a transaction (`writerInTransaction`). */
  readonly writer: SqliteDatabase.Database;

  constructor(writer: SqliteDatabase.Database) {
    super();
    this.writer = writer;
  }

  override get supportsMultipleConnections(): boolean {
    return true;
  }

  /**
   * SQLite does run DDL in transactions. Saying so makes Kysely's migrator run all pending migrations in one
   * BEGIN IMMEDIATE transaction, which serialises processes migrating the same file at start-up (the second
   * waits, then finds nothing pending) instead of both creating the same tables.
   */
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * Queries built with the query builder (the product's reads and writes) write their placeholders `+?`, a no-op
 * unary plus: same value, no affinity, like a bare parameter. SQLite otherwise looks at bound values while
 * planning (ORDER BY with `col = ?`, LIMIT, LIKE prefixes, stat4) and re-prepares the statement whenever new
 * values are bound, which better-sqlite3 does on every call: ~10–20 µs on each small query. With `+?` the plan
 * depends only on the SQL, as on PostgreSQL, and cached statements stay compiled. Hand-written SQL (`sql`
 * templates: the governance analytics) keeps bare `?`: there a plan chosen for the actual date cut-offs is
 * worth far more than the re-prepare (access_stale_accounts at 100,000 identities: 65 ms, against 186 ms).
 */
class StablePlanSqliteQueryCompiler extends SqliteQueryCompiler {
  #placeholder = '+?';

  override compileQuery(node: RootOperationNode, queryId: QueryId): CompiledQuery {
    this.#placeholder = RawNode.is(node) ? '?' : '+?';
    return super.compileQuery(node, queryId);
  }

  protected override getCurrentParameterPlaceholder(): string {
    return this.#placeholder;
  }
}

/**
 * The better-sqlite3 writer connection under a Kysely transaction (which holds the writer lock, so statements
 * run on it directly belong to that transaction), or undefined outside a transaction or on another dialect.
 * For bulk inserts: one prepared statement run per row, synchronously, costs half of what the same rows cost as
 * multi-row statements through Kysely (`insertRows` in helpers.ts).
 */
export function writerInTransaction(db: Kysely<never>): SqliteDatabase.Database | undefined {
  const adapter = db.getExecutor().adapter;
  return db.isTransaction && adapter instanceof MultiConnectionSqliteAdapter ? adapter.writer : undefined;
}

/**
 * `busyTimeoutMs`: how long a statement waits for another process's write lock. better-sqlite3 waits
 * synchronously, so the server keeps 5 s (it is the only server on its file; CLI writes are short) while CLI
 * commands wait up to 30 s for the server's transactions (docs/resilience.md).
 */
export function readWriteSqliteDialect(
  /** A file, ':memory:', or a serialized database to open in memory (tests start from a migrated image). */
  path: string | Buffer,
  busyTimeoutMs = 5_000,
  /** WAL checkpoints in a thread of their own, not at the end of a commit (sqlite-checkpoints.ts): the server. */
  backgroundCheckpoints = false,
): { dialect: Dialect; changeStamp: ChangeStamp } {
  const writer = new SqliteDatabase(path);
  writer.pragma('journal_mode = WAL');
  writer.pragma('synchronous = NORMAL');
  writer.pragma('foreign_keys = ON');
  writer.pragma(`busy_timeout = ${busyTimeoutMs}`);
  const file = typeof path === 'string' && path !== ':memory:' && path !== '' ? path : undefined;
  let reader: SqliteDatabase.Database | undefined;
  if (file) {
    reader = new SqliteDatabase(file);
    reader.pragma(`busy_timeout = ${busyTimeoutMs}`);
    reader.pragma('query_only = ON');
  }
  // Governance data at 100,000 identities is ~400 MB: map the file and keep a 64 MiB page cache per
  // connection instead of SQLite's 2 MB default (a cold scan took half the time in a manual test).
  for (const connection of [writer, reader]) {
    connection?.pragma('mmap_size = 1073741824');
    connection?.pragma('cache_size = -65536');
  }
  // The writer's cache is smaller: a large transaction then spills its pages to the WAL as it goes, instead of
  // writing 64 MiB of them at once inside COMMIT with the event loop held (a 100,000-component upload: 0.5 s → 0.03 s
  // of COMMIT, the checkpoint aside). Reads go to the reader's cache.
  writer.pragma('cache_size = -8192');
  const checkpoints =
    backgroundCheckpoints && file
      ? checkpointInBackground(file, () => writer.open && writer.pragma('wal_autocheckpoint = 1000'))
      : undefined;
  if (checkpoints) writer.pragma('wal_autocheckpoint = 0');
  // In memory there is one connection, whose own writes data_version ignores: count them instead.
  const version = reader
    ? reader.prepare('pragma data_version').pluck()
    : writer.prepare('select total_changes()').pluck();
  return {
    dialect: {
      createAdapter: () => new MultiConnectionSqliteAdapter(writer),
      createDriver: () => new ReadWriteSqliteDriver(writer, reader, checkpoints),
      createQueryCompiler: () => new StablePlanSqliteQueryCompiler(),
      createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
    },
    changeStamp: () => version.get() as number,
  };
}
