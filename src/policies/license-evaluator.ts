// License conditions per docs/policies.md: deny lists (`is`) and allow lists (`is_not`) over an expression's
// tree, with or-later terms expanded through their SPDX family and `WITH` terms listed by their license.
import {
  licenseText,
  parseLicenseExpression,
  type LicenseNode,
  type LicenseTerm,
} from './license-expression.ts';
import { orLaterMembers } from './spdx-catalogue.ts';

/** What a component's license data reads as (component-licenses.ts). */
export type ComponentLicense =
  | { kind: 'expression'; tree: LicenseNode; text: string }
  | { kind: 'none' }
  /** Missing, NOASSERTION or unparseable: on no list; `raw` is what the document said (null when nothing). */
  | { kind: 'unknown'; raw: string | null };

/**
 * A list of licenses (a group, or one id of a `license` condition). An entry `X` lists `X` with any exception
 * (an exception only adds permissions); `X WITH E` lists only that pair; `X-or-later` lists X and every later
 * version of its family.
 */
export class LicenseList {
  readonly #plain = new Set<string>();
  readonly #withException = new Set<string>();

  /** Entries that are not one SPDX term are left out: `invalidEntries` names them, for validation. */
  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      if (entry.trim().toUpperCase() === 'NONE') {
        this.#plain.add('NONE');
        continue;
      }
      const tree = parseLicenseExpression(entry);
      if (tree?.kind !== 'term') continue;
      for (const id of expand(tree)) {
        if (tree.exception) this.#withException.add(`${keyOf(id)} WITH ${tree.exception}`);
        else this.#plain.add(keyOf(id));
      }
    }
  }

  /** The entries that are not one SPDX id, `LicenseRef-…`, `X WITH E` or `NONE`. */
  static invalidEntries(entries: readonly string[]): string[] {
    return entries.filter(
      (e) => e.trim().toUpperCase() !== 'NONE' && parseLicenseExpression(e)?.kind !== 'term',
    );
  }

  /** Whether a plain (not or-later) term is on the list. */
  lists(id: string, exception: string | null): boolean {
    const key = keyOf(id);
    return (
      this.#plain.has(key) || (exception !== null && this.#withException.has(`${key} WITH ${exception}`))
    );
  }
}

/** LicenseRefs compare ignoring case like listed ids (whose spelling is already canonical). */
const keyOf = (id: string) => (id.includes('LicenseRef-') ? id.toLowerCase() : id);
const expand = (term: LicenseTerm): string[] => (term.orLater ? orLaterMembers(term.id) : [term.id]);

/** True when the expression can be chosen without any listed term (some OR-branch is free of the list). */
function canAvoid(node: LicenseNode, list: LicenseList): boolean {
  if (node.kind === 'term') return expand(node).some((id) => !list.lists(id, node.exception));
  if (node.kind === 'and') return canAvoid(node.left, list) && canAvoid(node.right, list);
  return canAvoid(node.left, list) || canAvoid(node.right, list);
}

/** True when some OR-branch consists of listed terms only. */
function canSatisfy(node: LicenseNode, list: LicenseList): boolean {
  if (node.kind === 'term') return expand(node).some((id) => list.lists(id, node.exception));
  if (node.kind === 'and') return canSatisfy(node.left, list) && canSatisfy(node.right, list);
  return canSatisfy(node.left, list) || canSatisfy(node.right, list);
}

/**
 * Whether an `is` (deny) or `is_not` (allow) condition over `list` is met, i.e. is a violation. A deny list is
 * met when every OR-branch holds a listed term; an allow list when no OR-branch consists of listed terms only.
 * `unknown` is on no list, so an allow list is met by it and a deny list never. spdx-satisfies answers a
 * different question (does the expression satisfy an allow list, with or-later read through spdx-ranges, which
 * lacks families such as GFDL's invariants variants, and with WITH terms needing the exact pair), so the walk is ours.
 */
export function licenseConditionMet(
  license: ComponentLicense,
  operator: 'is' | 'is_not',
  list: LicenseList,
): boolean {
  const tree: LicenseNode | null =
    license.kind === 'expression'
      ? license.tree
      : license.kind === 'none'
        ? { kind: 'term', id: 'NONE', orLater: false, exception: null }
        : null;
  if (tree === null) return operator === 'is_not';
  return operator === 'is' ? !canAvoid(tree, list) : !canSatisfy(tree, list);
}

/** How a component's license reads in a violation's reason. */
export function describeLicense(license: ComponentLicense): string {
  if (license.kind === 'expression') return license.text;
  if (license.kind === 'none') return 'NONE';
  return license.raw === null
    ? 'unknown (no license information)'
    : `unknown ("${license.raw.slice(0, 200)}")`;
}

export { licenseText };
