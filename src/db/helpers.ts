/** Dialect helpers (JSON, booleans, bulk inserts, case-insensitive search) and store error checks. */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { nextTurn } from '../shared/turns.ts';
import { CompiledQuery, sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from './database.ts';
import { dialectOf, pgClientOfBackend } from './connect.ts';
import { writerInTransaction } from './sqlite-driver.ts';
import { StoreError } from './store-error.ts';

/**
 * The few places where SQLite and PostgreSQL differ, kept here instead of scattered `if`s.
 * Conventions on both dialects: ids and timestamps (ISO 8601 UTC) are text, booleans are integers 0/1,
 * JSON documents are text.
 */

/**
 * The organisation filter of a lookup by primary key or another selective column, written so that no index is taken
 * for it. Without planner statistics (the default SQLite store), SQLite prefers an index led by org_id to the
 * selective one once more than a few values are asked for, and then reads every row of the organisation for each
 * query: 500 component ids took 22 ms among 30,000 components, and a re-evaluation that recorded 50,000
 * policy.violation events held the event loop 6.9 s (BENCHMARKS.md, "Policies"). `org_id || ''` is the same test,
 * on both dialects.
 */
export const orgIdNotIndexed = sql<string>`${sql.ref('org_id')} || ''`;

export const toJson = (value: unknown): string => JSON.stringify(value);
export const fromJson = <T>(text: string | null | undefined, fallback: T): T =>
  text == null || text === '' ? fallback : (JSON.parse(text) as T);

export const toBool = (value: boolean): number => (value ? 1 : 0);
export const fromBool = (value: number | boolean | null | undefined): boolean =>
  value === 1 || value === true;

/** Case-insensitive substring match with LIKE wildcards escaped. */
export function containsInsensitive(
  db: Kysely<Database>,
  column: Expression<unknown>,
  text: string,
): RawBuilder<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return dialectOf(db) === 'postgres'
    ? sql<SqlBool>`${column} ilike ${pattern} escape '\\'`
    : sql<SqlBool>`lower(${column}) like lower(${pattern}) escape '\\'`;
}

/**
 * Text ordered by code point on both dialects: SQLite's default (BINARY) already is; a PostgreSQL database's
 * collation may be a locale's, which ignores punctuation and case at first, so the same rows would sort apart.
 */
export const codePointOrder = (db: Kysely<Database>, text: Expression<unknown>): RawBuilder<string> =>
  dialectOf(db) === 'postgres' ? sql<string>`(${text} collate "C")` : sql<string>`${text}`;

/** A FROM item of the strings of a JSON array held as text: one row each, in column `value`. */
export const jsonTextArray = (db: Kysely<Database>, json: Expression<unknown>): RawBuilder<unknown> =>
  dialectOf(db) === 'postgres'
    ? sql`jsonb_array_elements_text(cast(${json} as jsonb)) as value`
    : sql`json_each(${json})`;

/** Bound parameters per statement: SQLite allows 32,766, PostgreSQL 65,535. */
const MAX_PARAMS = { sqlite: 32_000, postgres: 65_000 } as const;

/**
 * Inserts rows given as objects (every row with the same keys, as a row mapper makes them) through
 * `insertRows`. Callers pass a transaction when the rows must land together (and to get its bulk paths).
 */
export async function insertMany(
  db: Kysely<Database>,
  table: keyof Database & string,
  rows: readonly Record<string, unknown>[],
  /** PostgreSQL types by column, as `insertRows` takes them (COPY for large batches). */
  pgTypes?: Readonly<Record<string, string>>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  await insertRows(
    db,
    table,
    columns,
    rows.map((row) => columns.map((column) => row[column] ?? null)),
    pgTypes && columns.map((column) => pgTypes[column] ?? 'text'),
  );
}

/**
 * The bulk writer: rows given as value arrays in `columns` order, for large imports (100,000-component SBOMs,
 * their findings). Skips the query builder (whose per-value nodes cost more than the insert itself) and yields to
 * the event loop between chunks so the process keeps answering other requests. Inside a transaction, large
 * batches take each dialect's fastest path: SQLite one prepared INSERT run per row on the writer, PostgreSQL
 * COPY (with `pgTypes`). Otherwise multi-row statements sized to the parameter limit (one SQL text per chunk
 * size, so SQLite's statement cache prepares it once), or `unnest` on PostgreSQL. Values must be text, numbers
 * or null.
 */
export async function insertRows(
  db: Kysely<Database>,
  table: keyof Database & string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  /**
   * PostgreSQL column types (`text`, `integer`…): when given, PostgreSQL gets COPY for large batches and one
   * `unnest` insert per chunk for small ones.
   */
  pgTypes?: readonly string[],
  /**
   * Text the code sets on every row alike (a new finding's status 'open'), by column: part of the statement's
   * text, not bound per row, on SQLite; appended to each row's values for PostgreSQL's COPY and `unnest`.
   * Never a caller's value: those stay parameters.
   */
  constants: Readonly<Record<string, string>> = {},
  /**
   * PostgreSQL: from this many rows COPY (in a transaction). The default suits wide rows such as components; a
   * caller of narrow text rows written a batch at a time (an upload's violations) gives less.
   */
  copyFrom: number = COPY_FROM_ROWS,
): Promise<void> {
  const dialect = dialectOf(db);
  const fixed = Object.entries(constants);
  if (dialect === 'postgres' && pgTypes) {
    if (rows.length >= copyFrom && (await copyRows(db, table, columns, rows, fixed))) return;
    return insertRowsUnnest(db, table, columns, rows, pgTypes, fixed);
  }
  if (dialect === 'sqlite' && rows.length >= PER_ROW_FROM) {
    const done = insertRowsPrepared(db, table, columns, rows, fixed);
    if (done) return done;
  }
  const perChunk = Math.max(1, Math.floor(MAX_PARAMS[dialect] / columns.length));
  const head = `insert into "${table}" (${columnList(columns, fixed)}) values `;
  const texts = new Map<number, string>();
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk);
    let text = texts.get(chunk.length);
    if (!text) {
      text = head + valuesPlaceholders(dialect, chunk.length, columns.length, fixed);
      texts.set(chunk.length, text);
    }
    await db.executeQuery(CompiledQuery.raw(text, chunk.flat()));
    if (start + perChunk < rows.length) await nextTurn();
  }
}

/** From this many rows in a transaction, SQLite gets one prepared statement run per row; smaller batches keep one multi-row statement. */
const PER_ROW_FROM = 200;
/** Rows per synchronous run on SQLite (≈ 10-20 ms of the event loop on a quiet machine), then a turn for other requests. */
const SQLITE_CHUNK_ROWS = 2_000;

/**
 * SQLite in a transaction: one prepared INSERT run per row on the writer connection, synchronously by chunks.
 * SQLite runs a large multi-row VALUES as a compound select; per-row runs of one prepared statement took half
 * the time for 100,000 component rows (BENCHMARKS.md, upload). False (nothing written) outside a transaction.
 */
function insertRowsPrepared(
  db: Kysely<Database>,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  fixed: readonly Constant[],
): Promise<void> | undefined {
  const writer = writerInTransaction(db as unknown as Kysely<never>);
  if (!writer) return undefined;
  const insert = writer.prepare(
    `insert into "${table}" (${columnList(columns, fixed)}) values ${valuesPlaceholders('sqlite', 1, columns.length, fixed)}`,
  );
  return (async () => {
    for (let start = 0; start < rows.length; start += SQLITE_CHUNK_ROWS) {
      const end = Math.min(start + SQLITE_CHUNK_ROWS, rows.length);
      try {
        for (let r = start; r < end; r++) insert.run(rows[r] as unknown[]);
      } catch (error) {
        throw new StoreError(error);
      }
      if (end < rows.length) await nextTurn();
    }
  })();
}

/**
 * From this many rows COPY beats `unnest`: it costs an extra round trip (finding the transaction's client) but
 * then streams rows with no parameter arrays to build and bind (100,000 components: see BENCHMARKS.md, upload).
 */
const COPY_FROM_ROWS = 2_000;
/** Rows per text chunk written to the COPY stream; the event loop gets a turn between chunks. */
const COPY_CHUNK_ROWS = 2_000;

/**
 * PostgreSQL COPY … FROM STDIN (text format) on the connection `db` runs on, so the rows join its transaction.
 * False, having written nothing, when that connection's pg client cannot be identified.
 */
async function copyRows(
  db: Kysely<Database>,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  fixed: readonly Constant[],
): Promise<boolean> {
  // Outside a transaction each query may take another pool client: COPY must run where the caller's rows go.
  if (!db.isTransaction) return false;
  const { rows: found } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  const client = pgClientOfBackend(found[0]!.pid);
  if (!client) return false;
  const copy = client.query(copyFrom(`copy "${table}" (${columnList(columns, fixed)}) from stdin`));
  // The constants close every line: `copyLine` of them alone, less its newline, after a tab.
  const tail = fixed.length === 0 ? '\n' : `\t${copyLine(fixed.map(([, value]) => value))}`;
  async function* text() {
    for (let start = 0; start < rows.length; start += COPY_CHUNK_ROWS) {
      let chunk = '';
      const end = Math.min(start + COPY_CHUNK_ROWS, rows.length);
      for (let r = start; r < end; r++) chunk += copyLine(rows[r]!, tail);
      yield chunk;
      await nextTurn();
    }
  }
  try {
    await pipeline(Readable.from(text()), copy);
  } catch (error) {
    throw new StoreError(error);
  }
  return true;
}

/** One row in COPY's text format: tab-separated, `\N` for null, backslash escapes; `end` closes it. */
function copyLine(row: readonly unknown[], end = '\n'): string {
  let line = '';
  for (let c = 0; c < row.length; c++) {
    const value = row[c];
    if (c > 0) line += '\t';
    if (value === null || value === undefined) line += '\\N';
    else if (typeof value === 'number') line += String(value);
    else {
      const text = String(value);
      line += /[\\\n\r\t]/.test(text) ? text.replace(/[\\\n\r\t]/g, copyEscape) : text;
    }
  }
  return line + end;
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const copyEscape = (c: string): string => COPY_ESCAPES[c]!;

/**
 * PostgreSQL: one array parameter per column, `insert … select * from unnest($1::text[], …)`. A handful of
 * parameters instead of one per value, which pg and the server handle much faster than 65,000-parameter statements.
 */
async function insertRowsUnnest(
  db: Kysely<Database>,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  pgTypes: readonly string[],
  fixed: readonly Constant[],
): Promise<void> {
  const text =
    `insert into "${table}" (${columnList(columns, fixed)}) ` +
    `select *${fixed.map(([, value]) => `, ${textLiteral(value)}`).join('')} ` +
    `from unnest(${pgTypes.map((type, i) => `$${i + 1}::${type}[]`).join(', ')})`;
  const perChunk = 20_000;
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk);
    const arrays = columns.map((_, c) => pgArrayLiteral(chunk.map((row) => row[c])));
    await db.executeQuery(CompiledQuery.raw(text, arrays));
    if (start + perChunk < rows.length) await nextTurn();
  }
}

/**
 * `values` (text, numbers, nulls) as PostgreSQL's array literal, for `unnest`, built here as one flat string. pg's own builder
 * (`arrayString`) quotes and escapes every element and appends it to a rope, which the protocol's writer then
 * flattens: most of what an upload allocates on the main thread (BENCHMARKS.md, "SBOM upload"). An element is
 * quoted where the array syntax needs it: empty, the word NULL, or holding braces, commas, quotes, backslashes or
 * white space.
 */
export function pgArrayLiteral(values: readonly unknown[]): string {
  const count = values.length;
  if (count === 0) return '{}';
  const parts = new Array<string>(count);
  for (let r = 0; r < count; r++) {
    const value = values[r];
    if (value === null || value === undefined) parts[r] = 'NULL';
    else if (typeof value === 'number') parts[r] = String(value);
    else {
      const text = String(value);
      parts[r] = PLAIN_ELEMENT.test(text) && !NULL_WORD.test(text) ? text : quotedElement(text);
    }
  }
  // The braces on the first and last element, so that join's result is the whole literal, flat.
  parts[0] = `{${parts[0]}`;
  parts[count - 1] = `${parts[count - 1]}}`;
  return parts.join(',');
}

/**
 * An element in double quotes, its quotes and backslashes escaped. JSON quotes a string the same way, natively and
 * with no string per match (JSON columns are full of quotes), except where it holds a control character or a lone
 * surrogate: JSON writes those as `\n` or `\ud800`, which the array syntax would read back as `n` or `ud800`.
 */
function quotedElement(text: string): string {
  if (!CONTROL.test(text) && text.isWellFormed()) return JSON.stringify(text);
  return `"${text.replace(QUOTED_ESCAPES, '\\$&')}"`;
}

const PLAIN_ELEMENT = /^[^{}",\\\s]+$/;
const NULL_WORD = /^null$/i;
const CONTROL = /[\u0000-\u001f]/;
const QUOTED_ESCAPES = /[\\"]/g;

function valuesPlaceholders(
  dialect: 'sqlite' | 'postgres',
  rowCount: number,
  columnCount: number,
  fixed: readonly Constant[] = [],
): string {
  const literals = fixed.map(([, value]) => textLiteral(value));
  const tuples: string[] = [];
  for (let r = 0, n = 1; r < rowCount; r++) {
    const marks: string[] = [];
    for (let c = 0; c < columnCount; c++, n++) marks.push(dialect === 'postgres' ? `$${n}` : '?');
    tuples.push(`(${[...marks, ...literals].join(', ')})`);
  }
  return tuples.join(', ');
}

/** A column set alike on every row of an insert, and its text (`insertRows`' `constants`). */
type Constant = readonly [column: string, value: string];

const columnList = (columns: readonly string[], fixed: readonly Constant[]): string =>
  [...columns, ...fixed.map(([column]) => column)].map((c) => `"${c}"`).join(', ');

/** A text constant of the code as an SQL literal (standard quoting, the same on both dialects). */
const textLiteral = (value: string): string => `'${value.replaceAll("'", "''")}'`;

export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  const code = (cause as { code?: string })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Seconds since the epoch of an ISO 8601 text timestamp, for arithmetic between two timestamp columns. */
export function epochSeconds(
  db: Kysely<Database>,
  value: Expression<unknown> | RawBuilder<unknown>,
): RawBuilder<number> {
  return dialectOf(db) === 'postgres'
    ? sql<number>`extract(epoch from cast(${value} as timestamptz))`
    : sql<number>`((julianday(${value}) - 2440587.5) * 86400.0)`;
}

/**
 * Refreshes the query planner's statistics for tables after a bulk load (ANALYZE on both dialects). With
 * `vacuum` (only outside a transaction) PostgreSQL also runs VACUUM, which marks the new pages all-visible so
 * index-only scans need no heap fetches; SQLite has no equivalent need.
 */
export async function analyzeTables(
  db: Kysely<Database>,
  tables: readonly string[],
  options: { vacuum?: boolean } = {},
): Promise<void> {
  const verb = options.vacuum && dialectOf(db) === 'postgres' ? sql`vacuum (analyze)` : sql`analyze`;
  for (const table of tables) await sql`${verb} ${sql.table(table)}`.execute(db);
}
