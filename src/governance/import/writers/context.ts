// What every section writer of a bundle import shares: the transaction, the organisation, reference
// resolution by external id with exact error paths, and the per-section summary.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { validationFailed, type ErrorDetail } from '../../../errors.ts';
import { TableSync, type SectionSummary } from '../table-sync.ts';

export const MAX_DETAILS = 50;

/** Normalises an accepted timestamp (date or date-time with offset) to ISO 8601 UTC with Z; absent → null. */
const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const ts = (value: string | undefined): string | null =>
  value === undefined ? null : CANONICAL.test(value) ? value : new Date(value).toISOString();
export const opt = <T>(value: T | undefined): T | null => value ?? null;

export class ImportContext {
  readonly db: Kysely<Database>;
  readonly orgId: string;
  readonly errors: ErrorDetail[] = [];
  readonly sections: Record<string, SectionSummary> = {};

  constructor(db: Kysely<Database>, orgId: string) {
    this.db = db;
    this.orgId = orgId;
  }

  /** The organisation's stored rows of one table, ready to stage this bundle's rows against. */
  sync(
    table: ConstructorParameters<typeof TableSync>[2],
    prefix: ConstructorParameters<typeof TableSync>[3],
    keyOf?: (r: Record<string, unknown>) => string,
    touch?: string,
  ): Promise<TableSync> {
    return new TableSync(this.db, this.orgId, table, prefix, keyOf, touch).load();
  }

  /** The id behind an external id of `sync`, or null (recording an error with its path when unknown). */
  ref(sync: TableSync, key: string | undefined, path: string, what: string): string | null {
    if (key === undefined) return null;
    if (!sync.has(key)) {
      this.error(path, `unknown ${what} '${key}' (not in this bundle and not imported before)`);
      return null;
    }
    return sync.idFor(key);
  }

  error(path: string, message: string): void {
    if (this.errors.length < MAX_DETAILS) this.errors.push({ path, message });
  }

  /** Writes the staged rows (nothing when a reference failed) and records the section's summary. */
  async flush(section: string, sync: TableSync, count: number | undefined): Promise<string[]> {
    if (this.errors.length > 0)
      throw validationFailed('The governance bundle has unresolved references', this.errors);
    const { changedIds, ...summary } = await sync.flush();
    if (count !== undefined) this.sections[section] = summary;
    return changedIds;
  }

  /** Whether a section created or updated rows in this import. */
  changed(section: string): boolean {
    const s = this.sections[section];
    return (s?.created ?? 0) + (s?.updated ?? 0) > 0;
  }
}

/** The element type of a bundle section. */
export type Row<T> = NonNullable<T> extends (infer R)[] ? R : never;
