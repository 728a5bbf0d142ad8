// SPDX license expressions read per docs/policies.md: spdx-expression-parse builds the tree, after our own
// tokenizer has put each id and exception in its canonical spelling and refused lowercase operators.
import { createRequire } from 'node:module';
import { canonicalExceptionId, canonicalLicenseId, orLaterBase, successorOf } from './spdx-catalogue.ts';

const require = createRequire(import.meta.url);
type SpdxNode =
  | { license: string; plus?: boolean; exception?: string }
  | { left: SpdxNode; conjunction: 'and' | 'or'; right: SpdxNode };
const parseSpdx = require('spdx-expression-parse') as (text: string) => SpdxNode;

/** One license term: a listed id (its `-only` form for GNU ids), `LicenseRef-…`, or `NONE`. */
export interface LicenseTerm {
  kind: 'term';
  /** Canonical SPDX id, `LicenseRef-…`/`DocumentRef-…:LicenseRef-…` as written, or `NONE`. */
  id: string;
  /** `X+` / `X-or-later`: X or any later version of its family. */
  orLater: boolean;
  exception: string | null;
}
export type LicenseNode = LicenseTerm | { kind: 'and' | 'or'; left: LicenseNode; right: LicenseNode };

const OPERATORS = new Set(['AND', 'OR', 'WITH']);
const REF = /^(DocumentRef-[A-Za-z0-9.-]+:)?LicenseRef-[A-Za-z0-9.-]+$/i;

/**
 * Canonical text of an expression, or null when it does not parse: an id or exception not on the SPDX lists, or
 * an operator not in upper case. spdx-expression-parse itself reads `and`/`or`/`with` in any case and wants ids
 * spelled exactly; section 15 (SPDX 2.3 annex D) is the other way round, hence this pass before it.
 */
function canonicalText(text: string): string | null {
  const tokens = text.split(/(\(|\)|\s+)/).filter((t) => t !== '' && !/^\s+$/.test(t));
  if (tokens.length === 0) return null;
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === '(' || token === ')' || OPERATORS.has(token)) {
      out.push(token);
      continue;
    }
    const plus = token.endsWith('+');
    const bare = plus ? token.slice(0, -1) : token;
    let canonical: string | null;
    if (tokens[i - 1] === 'WITH') canonical = plus ? null : canonicalExceptionId(bare);
    else if (REF.test(bare))
      canonical = bare.replace(/documentref-/i, 'DocumentRef-').replace(/licenseref-/i, 'LicenseRef-');
    else canonical = canonicalLicenseId(bare);
    if (canonical === null) return null;
    out.push(plus ? `${canonical}+` : canonical);
  }
  return out.join(' ');
}

/** The tree of an SPDX expression with deprecated ids replaced by their successors; null when it does not parse. */
export function parseLicenseExpression(text: string): LicenseNode | null {
  const canonical = canonicalText(text);
  if (canonical === null) return null;
  let tree: SpdxNode;
  try {
    tree = parseSpdx(canonical);
  } catch {
    // The library's message says where; an unparseable expression is `unknown` with its raw text, not an error.
    return null;
  }
  return fromSpdx(tree);
}

function fromSpdx(node: SpdxNode): LicenseNode {
  if ('conjunction' in node)
    return { kind: node.conjunction, left: fromSpdx(node.left), right: fromSpdx(node.right) };
  if (node.license.includes('LicenseRef-'))
    return { kind: 'term', id: node.license, orLater: node.plus === true, exception: node.exception ?? null };
  const base = orLaterBase(node.license);
  if (base !== null) return { kind: 'term', id: base, orLater: true, exception: node.exception ?? null };
  const successor = successorOf(node.license);
  return {
    kind: 'term',
    id: successor.license,
    orLater: successor.orLater || node.plus === true,
    // `GPL-2.0-with-classpath-exception WITH X` names two exceptions: the written one decides.
    exception: node.exception ?? successor.exception,
  };
}

/** The expression's text in canonical form (for reasons and the console). */
export function licenseText(node: LicenseNode, parent?: 'and' | 'or'): string {
  if (node.kind === 'term') {
    const id = node.orLater
      ? node.id.endsWith('-only')
        ? `${node.id.slice(0, -5)}-or-later`
        : `${node.id}+`
      : node.id;
    return node.exception ? `${id} WITH ${node.exception}` : id;
  }
  const text = `${licenseText(node.left, node.kind)} ${node.kind.toUpperCase()} ${licenseText(node.right, node.kind)}`;
  return parent !== undefined && parent !== node.kind ? `(${text})` : text;
}
