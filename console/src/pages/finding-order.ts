// The findings list's orders, kept in the URL (`?sort=`) and sent as the API's `sort`: the server sorts every one,
// so the page can load the list a page at a time and still show the whole list's order (checked against the contract).
import type { Query } from '../api/rest.ts';

export const FINDING_ORDERS = {
  priority: 'Priority: KEV, then EPSS, then severity',
  severity: 'Severity, highest first',
  '-severity': 'Severity, lowest first',
  '-createdAt': 'Newest first (date found)',
  createdAt: 'Oldest first (date found)',
  epss: 'EPSS, highest first',
  '-epss': 'EPSS, lowest first (unscored last)',
  vulnerability: 'Vulnerability id, A to Z',
  '-vulnerability': 'Vulnerability id, Z to A',
  package: 'Package, A to Z',
  '-package': 'Package, Z to A',
} as const satisfies Record<NonNullable<Query<'getSscsFindings'>['sort']>, string>;

export type FindingOrder = keyof typeof FINDING_ORDERS;

export const isFindingOrder = (value: string): value is FindingOrder => value in FINDING_ORDERS;

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
