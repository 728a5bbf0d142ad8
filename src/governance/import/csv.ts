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

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks; CRLF or LF line ends. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      endField();
      rows.push(row);
      row = [];
    } else field += c;
  }
  if (quoted) throw validationFailed('CSV has an unterminated quoted field');
  if (field !== '' || row.length > 0) {
    endField();
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0] === ''));
}

/** CSV text → `{version: 1, <kind>: [...]}`; `csvLine` maps a bundle row index back to its line number. */
export function csvToBundle(kind: CsvKind, text: string): Record<string, unknown> {
  const [header, ...records] = parseCsv(text);
  if (!header) throw validationFailed('CSV is empty: a header row is required');
  const columns: Record<string, string> = CSV_COLUMNS[kind];
  const names = header.map((h) => h.trim().toLowerCase());
  const unknown = names.filter((n) => !(n in columns));
  if (unknown.length > 0) {
    throw validationFailed(
      `CSV header has unknown column(s) for ${kind}`,
      unknown.map((n) => ({
        path: `line 1 (${n})`,
        message: `unknown column; expected some of ${Object.keys(columns).join(', ')}`,
      })),
    );
  }
  const rows = records.map((cells, r) => {
    if (cells.length !== names.length)
      throw validationFailed(`CSV line ${r + 2} has ${cells.length} fields, the header has ${names.length}`);
    const out: Record<string, unknown> = {};
    names.forEach((n, i) => {
      const value = cells[i]!.trim();
      if (value !== '') out[columns[n]!] = value;
    });
    return out;
  });
  return { version: 1, [kind]: rows };
}

/** `accounts[3].status` → `line 5 (status)`: bundle paths of a CSV import named the way its author sees them. */
export function csvPath(kind: CsvKind, path: string): string {
  const match = new RegExp(`^${kind}\\[(\\d+)\\](?:\\.(\\w+))?`).exec(path);
  if (!match) return path;
  const column = Object.entries(CSV_COLUMNS[kind]).find(([, field]) => field === match[2])?.[0];
  return `line ${Number(match[1]) + 2}${column ? ` (${column})` : ''}`;
}
