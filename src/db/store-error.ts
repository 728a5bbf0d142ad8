/** Store failures (driver errors, lost connections) as one StoreError, answered as DB_ERROR. */
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/**
 * Every failure of the store (driver error, lost connection, closed database) surfaces as a StoreError, so the
 * edges can answer DB_ERROR without knowing the driver. The original error stays as `cause` for the log.
 */
export class StoreError extends Error {
  constructor(cause: unknown) {
    super('The data store failed', { cause });
    this.name = 'StoreError';
  }
}

/**
 * True for any failure of the store, including Kysely refusing work after the store was closed
 * (its runtime driver throws before reaching ours).
 */
export const isStoreFailure = (error: unknown): boolean =>
  error instanceof StoreError ||
  (error instanceof Error && /driver has already been destroyed/.test(error.message));

const wrap = (error: unknown): never => {
  throw error instanceof StoreError ? error : new StoreError(error);
};

function wrapConnection(connection: DatabaseConnection): DatabaseConnection {
  return {
    executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> =>
      connection.executeQuery<R>(query).catch(wrap),
    streamQuery: <R>(query: CompiledQuery, chunkSize: number) => connection.streamQuery<R>(query, chunkSize),
  };
}

class StoreErrorDriver implements Driver {
  readonly #inner: Driver;
  readonly #connections = new WeakMap<DatabaseConnection, DatabaseConnection>();
  readonly #originals = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(inner: Driver) {
    this.#inner = inner;
  }
  init(): Promise<void> {
    return this.#inner.init().catch(wrap);
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const original = await this.#inner.acquireConnection().catch(wrap);
    let wrapped = this.#connections.get(original);
    if (!wrapped) {
      wrapped = wrapConnection(original);
      this.#connections.set(original, wrapped);
      this.#originals.set(wrapped, original);
    }
    return wrapped;
  }
  #original(connection: DatabaseConnection): DatabaseConnection {
    return this.#originals.get(connection) ?? connection;
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#inner.beginTransaction(this.#original(connection), settings).catch(wrap);
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(this.#original(connection)).catch(wrap);
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(this.#original(connection)).catch(wrap);
  }
  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.#inner.savepoint?.(this.#original(connection), name, compile).catch(wrap);
  }
  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.#inner.rollbackToSavepoint?.(this.#original(connection), name, compile).catch(wrap);
  }
  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.#inner.releaseSavepoint?.(this.#original(connection), name, compile).catch(wrap);
  }
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.#inner.releaseConnection(this.#original(connection));
  }
  destroy(): Promise<void> {
    return this.#inner.destroy();
  }
}

export function withStoreErrors(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new StoreErrorDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
