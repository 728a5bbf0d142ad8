// The findings list's orders, kept in the URL (`?sort=`): the API's own (priority, severity, age) run on the
// server; package, vulnerability and EPSS sort the loaded rows (the list is always loaded whole).
import type { Finding } from '../api/types.ts';

export const FINDING_ORDERS = {
  priority: 'Priority: KEV, then EPSS, then severity',
  severity: 'Severity, highest first',
  '-severity': 'Severity, lowest first',
  '-createdAt': 'Newest first (date found)',
  createdAt: 'Oldest first (date found)',
  epss: 'EPSS, highest first',
  '-epss': 'EPSS, lowest first',
  vulnerability: 'Vulnerability id, A to Z',
  '-vulnerability': 'Vulnerability id, Z to A',
  package: 'Package, A to Z',
  '-package': 'Package, Z to A',
} as const;

export type FindingOrder = keyof typeof FINDING_ORDERS;

export const isFindingOrder = (value: string): value is FindingOrder => value in FINDING_ORDERS;

const SERVER_ORDERS = new Set<string>(['priority', 'severity', '-severity', '-createdAt', 'createdAt']);

/** The `sort` the API gets: its own orders, nothing for the ones sorted here. */
export const serverSort = (order: FindingOrder | undefined): string | undefined =>
  order && SERVER_ORDERS.has(order) ? order : undefined;

const text = (f: Finding, key: string): string =>
  key === 'package' ? `${f.component.name} ${f.component.version ?? ''}` : f.vulnerabilityId;

/** The rows in the order the page shows (a copy; the API's orders come sorted already). */
export function ordered(rows: readonly Finding[], order: FindingOrder | undefined): readonly Finding[] {
  if (!order || SERVER_ORDERS.has(order)) return rows;
  const descending = order.startsWith('-') !== (order === 'epss' || order === '-epss');
  const key = order.replace(/^-/, '');
  const sign = descending ? -1 : 1;
  if (key === 'epss')
    // Unscored findings last in both directions: no score is not a low score.
    return [...rows].sort((a, b) => {
      const x = a.epss?.score ?? null;
      const y = b.epss?.score ?? null;
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
      return sign * (x - y);
    });
  return [...rows].sort((a, b) => sign * text(a, key).localeCompare(text(b, key)));
}

/** The header click: a column's first click gives its natural order, the next one reverses it. */
export function nextOrder(current: FindingOrder | undefined, column: string): FindingOrder {
  const first: Record<string, FindingOrder> = {
    severity: 'severity',
    epss: 'epss',
    vulnerability: 'vulnerability',
    package: 'package',
    createdAt: '-createdAt',
  };
  const natural = first[column]!;
  if (current !== natural) return natural;
  return (natural.startsWith('-') ? natural.slice(1) : `-${natural}`) as FindingOrder;
}

/** `aria-sort` of a column's header under the current order. */
export function directionOf(
  current: FindingOrder | undefined,
  column: string,
): 'ascending' | 'descending' | 'none' {
  if (!current || current === 'priority') return 'none';
  const key = current.replace(/^-/, '');
  if (key !== column) return 'none';
  const minus = current.startsWith('-');
  // severity, EPSS and age read "highest/newest first" without the minus; names read A to Z.
  const descendingWithoutMinus = column === 'severity' || column === 'epss';
  if (column === 'createdAt') return minus ? 'descending' : 'ascending';
  return minus === descendingWithoutMinus ? 'ascending' : 'descending';
}
