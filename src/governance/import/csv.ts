/** CSV exports of identities and accounts mapped onto the import bundle. */
import { parse } from 'csv-parse/sync';
import { validationFailed } from '../../errors.ts';

/**
 * CSV exports of identities and accounts (what identity providers and HR systems export), mapped onto the
 * bundle's sections so they go through the same validation and upsert. Header row required; columns in any
 * order; unknown columns are an error; empty cells mean "not given".
 */
export const CSV_COLUMNS = {
  identities: {
    external_id: 'externalId',
    display_name: 'displayName',
    email: 'email',
    department: 'department',
    title: 'title',
    manager_external_id: 'managerExternalId',
    employment_type: 'employmentType',
    status: 'status',
    hire_date: 'hireDate',
    termination_date: 'terminationDate',
    department_changed_at: 'departmentChangedAt',
    department_head: 'departmentHead',
    leave_started_at: 'leaveStartedAt',
  },
  accounts: {
    external_id: 'externalId',
    system_external_id: 'systemExternalId',
    username: 'username',
    identity_external_id: 'identityExternalId',
    type: 'type',
    status: 'status',
    created_at: 'createdAt',
    last_login_at: 'lastLoginAt',
    disabled_at: 'disabledAt',
  },
} as const;
export type CsvKind = keyof typeof CSV_COLUMNS;

/** Boolean columns: these spellings become true/false; anything else reaches validation as text (an error). */
const BOOLEAN_FIELDS = new Set(['departmentHead']);
const BOOLEANS: Record<string, boolean> = {
  true: true,
  yes: true,
  '1': true,
  false: false,
  no: false,
  '0': false,
};
const cell = (field: string, value: string): unknown =>
  BOOLEAN_FIELDS.has(field) ? (BOOLEANS[value.toLowerCase()] ?? value) : value;

/** One CSV record and the line (1-based) it starts on; a quoted field may span several lines. */
export interface CsvRecord {
  cells: string[];
  line: number;
}

const CR = 0x0d;
const LF = 0x0a;

/** Line breaks (CRLF, LF or a lone CR, each one break) in buf[from, to). */
function lineBreaks(buf: Buffer, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (buf[i] === LF || (buf[i] === CR && buf[i + 1] !== LF)) n++;
  return n;
}

/**
 * RFC 4180 records (csv-parse): quoted fields may hold commas, doubled quotes and line breaks; CRLF or LF
 * line ends; blank lines skipped. Each record carries the line it starts on, counted here from the byte
 * offsets csv-parse reports, because its own line counter counts a CRLF inside a quoted field twice.
 */
export function parseCsv(text: string): CsvRecord[] {
  const buf = Buffer.from(text, 'utf8');
  const records: CsvRecord[] = [];
  let offset = 0;
  let line = 1;
  try {
    parse(buf, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      // Exports that mix line ends still parse (auto-detection would fix on the first one seen).
      record_delimiter: ['\r\n', '\n', '\r'],
      on_record: (cells: string[], { bytes }) => {
        // Blank lines skipped before this record move its first line down.
        let start = line;
        let i = offset;
        while (buf[i] === CR || buf[i] === LF) {
          if (buf[i] === CR && buf[i + 1] === LF) i++;
          i++;
          start++;
        }
        line += lineBreaks(buf, offset, bytes);
        offset = bytes;
        records.push({ cells, line: start });
        return null;
      },
    });
  } catch (error) {
    throw validationFailed(`CSV is not valid: ${(error as Error).message}`);
  }
  return records;
}

/** A CSV file as a bundle plus, per bundle row, the CSV line it came from (for error paths). */
export interface CsvBundle {
  bundle: Record<string, unknown>;
  lines: number[];
}

/** CSV text → `{version: 1, <kind>: [...]}` and the line of each row. */
export function csvToBundle(kind: CsvKind, text: string): CsvBundle {
  const [header, ...records] = parseCsv(text);
  if (!header) throw validationFailed('CSV is empty: a header row is required');
  const columns: Record<string, string> = CSV_COLUMNS[kind];
  const names = header.cells.map((h) => h.trim().toLowerCase());
  const unknown = names.filter((n) => !(n in columns));
  if (unknown.length > 0) {
    throw validationFailed(
      `CSV header has unknown column(s) for ${kind}`,
      unknown.map((n) => ({
        path: `line ${header.line} (${n})`,
        message: `unknown column; expected some of ${Object.keys(columns).join(', ')}`,
      })),
    );
  }
  const rows = records.map(({ cells, line }) => {
    if (cells.length !== names.length)
      throw validationFailed(`CSV line ${line} has ${cells.length} fields, the header has ${names.length}`);
    const out: Record<string, unknown> = {};
    names.forEach((n, i) => {
      const value = cells[i]!.trim();
      if (value !== '') out[columns[n]!] = cell(columns[n]!, value);
    });
    return out;
  });
  return { bundle: { version: 1, [kind]: rows }, lines: records.map((r) => r.line) };
}

/** `accounts[3].status` → `line 9 (status)`: bundle paths of a CSV import named the way its author sees them. */
export function csvPath(kind: CsvKind, path: string, lines: readonly number[]): string {
  const match = new RegExp(`^${kind}\\[(\\d+)\\](?:\\.(\\w+))?`).exec(path);
  if (!match) return path;
  const line = lines[Number(match[1])];
  if (line === undefined) return path;
  const column = Object.entries(CSV_COLUMNS[kind]).find(([, field]) => field === match[2])?.[0];
  return `line ${line}${column ? ` (${column})` : ''}`;
}
