// What every section writer of a bundle import shares: the transaction, the organisation, reference
// resolution by external id with exact error paths, and the per-section summary.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { validationFailed, type ErrorDetail } from '../../../errors.ts';
import { TableSync, type SectionSummary } from '../table-sync.ts';

export const MAX_DETAILS = 50;

const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Minutes `zone` is ahead of UTC at the instant `ms`. */
function zoneOffsetMinutes(ms: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((local - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** Midnight starting the given calendar day in `zone`, as a UTC instant (checked again across a DST change). */
export function zonedMidnight(year: number, month: number, day: number, zone: string): number {
  const utc = Date.UTC(year, month - 1, day);
  let at = utc - zoneOffsetMinutes(utc, zone) * 60_000;
  at = utc - zoneOffsetMinutes(at, zone) * 60_000;
  return at;
}

/**
 * Normalises an accepted timestamp to ISO 8601 UTC with Z; absent → null. A date-time carries its offset; a
 * date alone is midnight in the organisation's time zone (setting timeZone, default UTC).
 */
export function toUtc(value: string | undefined, zone = 'UTC'): string | null {
  if (value === undefined) return null;
  if (CANONICAL.test(value)) return value;
  const date = DATE_ONLY.exec(value);
  if (date && zone !== 'UTC')
    return new Date(zonedMidnight(Number(date[1]), Number(date[2]), Number(date[3]), zone)).toISOString();
  return new Date(value).toISOString();
}
export const opt = <T>(value: T | undefined): T | null => value ?? null;

export class ImportContext {
  readonly db: Kysely<Database>;
  readonly orgId: string;
  readonly errors: ErrorDetail[] = [];
  readonly sections: Record<string, SectionSummary> = {};
  /** The organisation's time zone (after this bundle's settings), for date-only values. */
  timeZone = 'UTC';

  constructor(db: Kysely<Database>, orgId: string) {
    this.db = db;
    this.orgId = orgId;
  }

  /** A bundle timestamp as stored: UTC with Z, a date alone read in the organisation's time zone. */
  ts(value: string | undefined): string | null {
    return toUtc(value, this.timeZone);
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
