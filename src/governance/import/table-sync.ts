/** Idempotent upsert of one governance table by external id, inside the import transaction. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { insertRows } from '../../db/helpers.ts';
import { newId, type IdPrefix } from '../../shared/ids.ts';

export interface SectionSummary {
  created: number;
  updated: number;
  unchanged: number;
}

type Row = Record<string, unknown>;

/** The integer columns of the governance tables (every other column is text), for PostgreSQL's typed bulk insert. */
const INTEGER_COLUMNS = new Set([
  'privileged',
  'department_head',
  'account_disabled',
  'applicable',
  'maturity_current',
  'maturity_target',
  'score',
  'target',
]);
type GovTable = keyof Database & `gov_${string}`;

/**
 * Idempotent upsert of one governance table by a natural key (usually external_id), inside the caller's
 * transaction: loads the organisation's existing rows once, then inserts new rows in bulk and updates only
 * rows whose values changed. Rows not in the bundle are left as they are (a bundle may hold a partial export).
 */
export class TableSync {
  readonly #db: Kysely<Database>;
  readonly #orgId: string;
  readonly #table: GovTable;
  readonly #prefix: IdPrefix;
  readonly #keyOf: (row: Row) => string;
  readonly #existing = new Map<string, Row>();
  readonly #staged = new Map<string, Row>();
  readonly #newIds = new Map<string, string>();
  /** A column set to the write time on insert and on a real change (never compared). */
  readonly #touch: string | undefined;

  constructor(
    db: Kysely<Database>,
    orgId: string,
    table: GovTable,
    prefix: IdPrefix,
    keyOf: (row: Row) => string = (r) => String(r.external_id),
    touch?: string,
  ) {
    this.#touch = touch;
    this.#db = db;
    this.#orgId = orgId;
    this.#table = table;
    this.#prefix = prefix;
    this.#keyOf = keyOf;
  }

  async load(): Promise<this> {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const rows = (await (this.#db as Kysely<any>)
      .selectFrom(this.#table)
      .selectAll()
      .where('org_id', '=', this.#orgId)
      .execute()) as Row[];
    for (const row of rows) this.#existing.set(this.#keyOf(row), row);
    return this;
  }

  /** The row id for a key: the stored one, or a new id allocated once. */
  idFor(key: string): string {
    const existing = this.#existing.get(key);
    if (existing) return String(existing.id);
    let id = this.#newIds.get(key);
    if (!id) {
      id = newId(this.#prefix);
      this.#newIds.set(key, id);
    }
    return id;
  }

  /** The current values for a key (staged in this import, else stored), or undefined. */
  get(key: string): Row | undefined {
    return this.#staged.get(key) ?? this.#existing.get(key);
  }

  has(key: string): boolean {
    return this.#staged.has(key) || this.#existing.has(key);
  }

  stage(values: Row): void {
    const key = this.#keyOf(values);
    this.#staged.set(key, { ...values, id: this.idFor(key), org_id: this.#orgId });
  }

  async flush(): Promise<SectionSummary & { changedIds: string[] }> {
    const inserts: Row[] = [];
    const changedIds: string[] = [];
    let unchanged = 0;
    const now = new Date().toISOString();
    const touch = this.#touch;
    for (const [key, row] of this.#staged) {
      const old = this.#existing.get(key);
      if (!old) {
        inserts.push(touch ? { ...row, [touch]: now } : row);
        continue;
      }
      const changes = Object.fromEntries(
        Object.entries(row).filter(([col, value]) => (old[col] ?? null) !== (value ?? null)),
      );
      if (Object.keys(changes).length === 0) {
        unchanged += 1;
        continue;
      }
      if (touch) changes[touch] = now;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      await (this.#db as Kysely<any>)
        .updateTable(this.#table)
        .set(changes)
        .where('org_id', '=', this.#orgId)
        .where('id', '=', old.id)
        .execute();
      changedIds.push(String(old.id));
    }
    if (inserts.length > 0) {
      const columns = Object.keys(inserts[0]!);
      const types = columns.map((c) => (INTEGER_COLUMNS.has(c) ? 'integer' : 'text'));
      await insertRows(
        this.#db,
        this.#table,
        columns,
        inserts.map((row) => columns.map((c) => row[c] ?? null)),
        types,
      );
    }
    return { created: inserts.length, updated: changedIds.length, unchanged, changedIds };
  }
}
