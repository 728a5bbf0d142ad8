// The `version in_range` condition: a `vers:` range (github.com/package-url/purl-spec, VERS) or an OSV-style
// `{introduced, fixed | last_affected}` range, ordered by the component's ecosystem (vulndb's orderings).
import { compareVersions, getVersionOrdering } from '../vulndb/index.ts';
import { PURL_TO_OSV } from '../vulndb/ecosystems.ts';

type Comparator = '=' | '!=' | '<' | '<=' | '>' | '>=';
export type VersionRange =
  | { kind: 'vers'; ecosystem: string; any: boolean; constraints: { op: Comparator; version: string }[] }
  | { kind: 'osv'; introduced: string; fixed: string | null; lastAffected: string | null };

export type RangeParse = { ok: true; range: VersionRange } | { ok: false; error: string };

const OPS: Comparator[] = ['>=', '<=', '!=', '<', '>', '='];

/** Reads a condition's value; the error names what is wrong with it. */
export function parseVersionRange(value: unknown): RangeParse {
  if (typeof value === 'string') return parseVers(value);
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const { introduced, fixed, last_affected: lastAffected, ...rest } = value as Record<string, unknown>;
    if (Object.keys(rest).length > 0) return { ok: false, error: `unknown field '${Object.keys(rest)[0]}'` };
    const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
    if (introduced !== undefined && text(introduced) === null)
      return { ok: false, error: 'introduced must be a version' };
    if (fixed !== undefined && text(fixed) === null) return { ok: false, error: 'fixed must be a version' };
    if (lastAffected !== undefined && text(lastAffected) === null)
      return { ok: false, error: 'last_affected must be a version' };
    if (fixed !== undefined && lastAffected !== undefined)
      return { ok: false, error: 'give fixed or last_affected, not both' };
    if (introduced === undefined && fixed === undefined && lastAffected === undefined)
      return { ok: false, error: 'an OSV range needs introduced, fixed or last_affected' };
    return {
      ok: true,
      range: {
        kind: 'osv',
        introduced: text(introduced) ?? '0',
        fixed: text(fixed),
        lastAffected: text(lastAffected),
      },
    };
  }
  return { ok: false, error: "must be a 'vers:' range or an OSV range {introduced, fixed | last_affected}" };
}

function parseVers(text: string): RangeParse {
  const match = /^vers:([a-z0-9.+-]+)\/(.+)$/i.exec(text.trim());
  if (!match)
    return { ok: false, error: "must look like 'vers:<type>/<constraints>', e.g. 'vers:npm/>=1.0.0|<2.0.0'" };
  const scheme = match[1]!.toLowerCase();
  const ecosystem = PURL_TO_OSV[scheme];
  if (!ecosystem || !getVersionOrdering(ecosystem))
    return { ok: false, error: `has no version ordering for '${scheme}'` };
  const body = match[2]!.replace(/\s+/g, '');
  if (body === '*') return { ok: true, range: { kind: 'vers', ecosystem, any: true, constraints: [] } };
  const constraints: { op: Comparator; version: string }[] = [];
  for (const part of body.split('|')) {
    const op = OPS.find((o) => part.startsWith(o)) ?? '=';
    const version = decodeURIComponent(part.slice(op === '=' && !part.startsWith('=') ? 0 : op.length));
    if (version === '') return { ok: false, error: `constraint '${part}' has no version` };
    if (/[<>=!,*]/.test(version))
      return { ok: false, error: `constraint '${part}' is not <op><version> (separate constraints with |)` };
    constraints.push({ op, version });
  }
  return { ok: true, range: { kind: 'vers', ecosystem, any: false, constraints } };
}

/** Whether `version` of a component in `ecosystem` is in the range; a version that cannot be ordered is not. */
export function inRange(range: VersionRange, ecosystem: string | null, version: string | null): boolean {
  if (version === null || ecosystem === null || !getVersionOrdering(ecosystem)) return false;
  const cmp = (a: string, b: string) => compareVersions(ecosystem, a, b);
  if (range.kind === 'osv') {
    if (range.introduced !== '0' && cmp(version, range.introduced) < 0) return false;
    if (range.fixed !== null) return cmp(version, range.fixed) < 0;
    if (range.lastAffected !== null) return cmp(version, range.lastAffected) <= 0;
    return true;
  }
  if (range.ecosystem !== ecosystem) return false;
  if (range.any) return true;
  return versContains(range.constraints, version, cmp);
}

/** The VERS evaluation: equalities first, then the sorted bounds taken as pairs (spec, "Checking if a version is contained"). */
function versContains(
  constraints: { op: Comparator; version: string }[],
  version: string,
  cmp: (a: string, b: string) => number,
): boolean {
  for (const c of constraints) {
    if (c.op === '=' && cmp(version, c.version) === 0) return true;
    if (c.op === '!=' && cmp(version, c.version) === 0) return false;
  }
  const bounds = constraints
    .filter((c) => c.op !== '=' && c.op !== '!=')
    .sort((a, b) => cmp(a.version, b.version));
  if (bounds.length === 0) return constraints.some((c) => c.op === '!=');
  const holds = (c: { op: Comparator; version: string }) => {
    const d = cmp(version, c.version);
    return c.op === '<' ? d < 0 : c.op === '<=' ? d <= 0 : c.op === '>' ? d > 0 : d >= 0;
  };
  const first = bounds[0]!;
  if ((first.op === '<' || first.op === '<=') && holds(first)) return true;
  const last = bounds[bounds.length - 1]!;
  if ((last.op === '>' || last.op === '>=') && holds(last)) return true;
  for (let i = 0; i + 1 < bounds.length; i++) {
    const lower = bounds[i]!;
    const upper = bounds[i + 1]!;
    if (
      (lower.op === '>' || lower.op === '>=') &&
      (upper.op === '<' || upper.op === '<=') &&
      holds(lower) &&
      holds(upper)
    )
      return true;
  }
  return false;
}
