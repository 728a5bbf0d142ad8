/** Opens the store DATABASE_URL names: SQLite (default, embedded) or PostgreSQL, with Kysely over it. */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Kysely, PostgresAdapter, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';
import { PostgresChangeListener, type ChangeStamp } from './change-stamp.ts';
import { nameStatements, StatementNames } from './pg-named-statements.ts';
import { readWriteSqliteDialect } from './sqlite-driver.ts';
import { StoreError, withStoreErrors } from './store-error.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Human-readable location without credentials, for logs. */
  location: string;
  /** Moves when tokens or organisations may have changed (see ChangeStamp); throws StoreError when it fails. */
  changeStamp: ChangeStamp;
  close(): Promise<void>;
}

// int8 (count(*), sums) and numeric arrive from pg as strings; our values fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

const dialects = new WeakMap<Kysely<Database>, DialectName>();

/**
 * The pools' open PostgreSQL clients by backend process id: COPY (`copyRows` in helpers.ts) needs the pg client
 * itself, which Kysely keeps private; a transaction finds its own with `select pg_backend_pid()`.
 */
const pgClients = new Map<number, pg.PoolClient[]>();

/** The pool client serving backend `pid`, or undefined when none (or, across servers, more than one) is known. */
export function pgClientOfBackend(pid: number): pg.PoolClient | undefined {
  const clients = pgClients.get(pid);
  return clients?.length === 1 ? clients[0] : undefined;
}

/** The dialect behind a handle (a transaction inherits it from the Kysely it came from). */
export function dialectOf(db: Kysely<Database>): DialectName {
  const known = dialects.get(db);
  if (known) return known;
  // Transactions are new Kysely instances: ask their adapter.
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export interface OpenOptions {
  /** PostgreSQL schema to use (created if missing); tests use one per run. */
  schema?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** PostgreSQL: a statement running (or unanswered) longer fails with DB_ERROR. Default 30 s. */
  statementTimeoutMs?: number;
  /** PostgreSQL: a connection not established within this fails with DB_ERROR. Default 5 s. */
  connectTimeoutMs?: number;
  /** SQLite: how long to wait for another process's write lock (CLI_BUSY_TIMEOUT_MS for CLI commands). */
  busyTimeoutMs?: number;
  /** SQLite file: WAL checkpoints in a thread of their own instead of inside commits (the server; sqlite-checkpoints.ts). */
  backgroundCheckpoints?: boolean;
}

/** CLI commands wait this long for the server's write lock on a shared SQLite file. */
export const CLI_BUSY_TIMEOUT_MS = 30_000;

/** docs/resilience.md: no request waits on a stalled database for longer than this. */
export const STATEMENT_TIMEOUT_MS = 30_000;
export const CONNECT_TIMEOUT_MS = 5_000;

/** The SQLite file a DATABASE_URL names (the default one in `dataDir` when unset), or undefined for PostgreSQL. */
export function sqlitePathOf(url: string | undefined, dataDir = './data'): string | undefined {
  if (url && !url.startsWith('sqlite:')) return undefined;
  const path = url ? url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '') : '';
  return path || resolve(dataDir, 'bulwark.sqlite');
}

/** Opens the store named by DATABASE_URL: unset → SQLite file in dataDir; `sqlite:` path; `postgres://`. */
export function openStore(url: string | undefined, dataDir = './data', options: OpenOptions = {}): Store {
  const path = sqlitePathOf(url, dataDir);
  if (path !== undefined || url === undefined)
    return openSqlite(path!, options.busyTimeoutMs, options.backgroundCheckpoints);
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return openPostgres(url, options);
  throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got '${url.split(':')[0]}:')`);
}

/** `path`: a file, ':memory:', or a serialized database (`Buffer`) opened in memory. */
export function openSqlite(
  path: string | Buffer,
  busyTimeoutMs?: number,
  backgroundCheckpoints?: boolean,
): Store {
  if (typeof path === 'string' && path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const { dialect, changeStamp } = readWriteSqliteDialect(path, busyTimeoutMs, backgroundCheckpoints);
  const db = new Kysely<Database>({ dialect: withStoreErrors(dialect) });
  dialects.set(db, 'sqlite');
  return {
    db,
    dialect: 'sqlite',
    location: typeof path === 'string' ? path : ':memory:',
    changeStamp: () => {
      try {
        return changeStamp();
      } catch (error) {
        throw new StoreError(error);
      }
    },
    close: () => db.destroy(),
  };
}

function openPostgres(url: string, options: OpenOptions): Store {
  const statementTimeout = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
  const serverOptions = [
    ...(options.schema ? [`-c search_path=${options.schema}`] : []),
    `-c statement_timeout=${statementTimeout}`,
  ];
  const connection = {
    connectionString: url,
    options: serverOptions.join(' '),
    connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    // The server's statement_timeout cannot fire when the network itself is stalled: the client gives up too.
    query_timeout: statementTimeout + 1_000,
  };
  const pool = new pg.Pool({ ...connection, max: options.poolSize ?? 10 });
  const names = new StatementNames();
  // An idle client losing its connection must not crash the process; the next query reports DB_ERROR.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    // A checked-out client whose server goes away between two statements of a transaction (a PostgreSQL
    // restart) emits 'error' with no query to receive it: unhandled, that would end the process. Here it is
    // only noted; the transaction's next statement fails with DB_ERROR and the pool drops the broken client.
    client.on('error', () => {});
    nameStatements(client, names);
    const pid = (client as unknown as { processID: number }).processID;
    pgClients.set(pid, [...(pgClients.get(pid) ?? []), client]);
  });
  pool.on('remove', (client) => {
    const pid = (client as unknown as { processID: number }).processID;
    const rest = (pgClients.get(pid) ?? []).filter((c) => c !== client);
    if (rest.length) pgClients.set(pid, rest);
    else pgClients.delete(pid);
  });
  const db = new Kysely<Database>({ dialect: withStoreErrors(new PostgresDialect({ pool })) });
  dialects.set(db, 'postgres');
  const parsed = new URL(url);
  const listener = new PostgresChangeListener(connection);
  return {
    db,
    dialect: 'postgres',
    location: `postgres://${parsed.host}${parsed.pathname}${options.schema ? `#${options.schema}` : ''}`,
    changeStamp: listener.stamp,
    close: async () => {
      await listener.close();
      await db.destroy();
    },
  };
}
