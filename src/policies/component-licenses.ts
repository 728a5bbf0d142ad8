// What a component's license data reads as (docs/policies.md): CycloneDX entries joined with AND, SPDX 2
// concluded unless NOASSERTION else declared; NONE is its own value; anything unparseable is `unknown`.
import type { ComponentLicense } from './license-evaluator.ts';
import { licenseText, parseLicenseExpression, type LicenseNode } from './license-expression.ts';
import { licenseIdOfName } from './spdx-catalogue.ts';

/**
 * The license data the parsers keep beside `licenses[]` (column `license_data`, JSON): CycloneDX entries as the
 * document gives them (`expression`, `license.id`, `license.name`), or SPDX's concluded and declared texts.
 */
export type LicenseData =
  | { cdx: ({ expression: string } | { id: string } | { name: string })[] }
  | { spdx: { concluded: string | null; declared: string | null } };

const NONE_TERM: LicenseNode = { kind: 'term', id: 'NONE', orLater: false, exception: null };

/** A CycloneDX `license.name` (or an id not on the list): the SPDX id of that id or full name, else `LicenseRef-` of it. */
function nameTerm(name: string): LicenseNode {
  const asId = parseLicenseExpression(name);
  if (asId?.kind === 'term') return asId;
  const byName = licenseIdOfName(name);
  if (byName !== null) return parseLicenseExpression(byName)!;
  const ref =
    name
      .trim()
      .replace(/[^A-Za-z0-9.-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'unnamed';
  return { kind: 'term', id: `LicenseRef-${ref}`, orLater: false, exception: null };
}

function expressionOf(text: string): LicenseNode | null {
  const trimmed = text.trim();
  if (trimmed === 'NONE') return NONE_TERM;
  return parseLicenseExpression(trimmed);
}

function fromNodes(nodes: LicenseNode[]): ComponentLicense {
  if (nodes.length === 1 && nodes[0] === NONE_TERM) return { kind: 'none' };
  const tree = nodes.reduce((left, right) => ({ kind: 'and', left, right }));
  return { kind: 'expression', tree, text: licenseText(tree) };
}

function readCycloneDx(entries: Extract<LicenseData, { cdx: unknown }>['cdx']): ComponentLicense {
  if (entries.length === 0) return { kind: 'unknown', raw: null };
  const nodes: LicenseNode[] = [];
  for (const entry of entries) {
    let node: LicenseNode | null;
    if ('expression' in entry) node = expressionOf(entry.expression);
    else if ('id' in entry) node = nameTerm(entry.id);
    else node = nameTerm(entry.name);
    if (node === null) return { kind: 'unknown', raw: rawOf(entries) };
    nodes.push(node);
  }
  return fromNodes(nodes);
}

const rawOf = (entries: Extract<LicenseData, { cdx: unknown }>['cdx']) =>
  entries.map((e) => ('expression' in e ? e.expression : 'id' in e ? e.id : e.name)).join(' AND ');

const isNoAssertion = (text: string | null) =>
  text === null || text.trim() === '' || text.trim() === 'NOASSERTION';

function readSpdx({
  concluded,
  declared,
}: {
  concluded: string | null;
  declared: string | null;
}): ComponentLicense {
  const text = isNoAssertion(concluded) ? declared : concluded;
  if (isNoAssertion(text)) return { kind: 'unknown', raw: null };
  const node = expressionOf(text!);
  if (node === null) return { kind: 'unknown', raw: text };
  return fromNodes([node]);
}

/** Reads the stored data; rows stored before `license_data` existed fall back to `licenses[]` read as CycloneDX entries. */
export function readComponentLicense(
  data: LicenseData | null,
  licenses: readonly string[],
): ComponentLicense {
  if (data === null) return readCycloneDx(licenses.map((text) => ({ expression: text })));
  return 'cdx' in data ? readCycloneDx(data.cdx) : readSpdx(data.spdx);
}

/** `missing license` (section 15): no CycloneDX licenses, or SPDX concluded and declared both absent or NOASSERTION. */
export function licenseMissing(data: LicenseData | null, licenses: readonly string[]): boolean {
  if (data === null) return licenses.length === 0;
  if ('cdx' in data) return data.cdx.length === 0;
  return isNoAssertion(data.spdx.concluded) && isNoAssertion(data.spdx.declared);
}
