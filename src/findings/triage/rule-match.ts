// Whether a triage rule matches a finding: vulnerability ids (aliases too), purl patterns, asset names, asset tags
// and a CEL expression; fields combine with AND, the values of one list with OR (docs/triage-rules.md).
import { compileExpression, type CelPredicate } from './cel.ts';

export interface RuleMatch {
  vulnerabilityIds?: string[] | undefined;
  purls?: string[] | undefined;
  assetNames?: string[] | undefined;
  tags?: string[] | undefined;
  expression?: string | undefined;
}

/** What matching needs of a finding. */
export interface MatchableFinding {
  vulnerabilityId: string;
  aliases: readonly string[];
  severity: string;
  severitySource: string;
  cvssScore: number | null;
  component: { name: string; version: string | null; purl: string | null; ecosystem: string | null };
  assetName: string;
}

/**
 * An asset's tags, by asset name (the portfolio's asset records: `assetTagsOf` in rules-at-creation.ts reads them
 * once per pass).
 */
export type AssetTags = (assetName: string) => readonly string[];
export const NO_TAGS: AssetTags = () => [];

/** Why a purl pattern is malformed, or undefined (section 15: no version, `*` allowed in namespace and name). */
export function purlPatternProblem(pattern: string): string | undefined {
  // An @ starts a version, except at the start of a namespace segment (npm scopes: pkg:npm/@types/*).
  if (!/^pkg:[a-z][a-z0-9.+-]*\/[^?#]+$/i.test(pattern) || /[^/]@/.test(pattern.slice(4)))
    return 'must be a package URL without version, qualifiers or subpath, e.g. pkg:npm/lodash or pkg:maven/org.example/*';
  if (pattern.endsWith('/')) return 'must name a package (a name after the last /)';
  return undefined;
}

/** A purl pattern as a test on a component's purl without version and qualifiers. */
function purlTest(pattern: string): (base: string) => boolean {
  const [type, ...rest] = unscope(pattern).slice(4).split('/');
  const body = rest
    .join('/')
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
  const re = new RegExp(`^pkg:${type!.toLowerCase()}/${body}$`);
  return (base) => re.test(base);
}

/** The purl without version, qualifiers and subpath, its type lower-cased. */
export function purlBase(purl: string): string {
  const base = purl.split('?')[0]!.split('#')[0]!;
  const slash = base.indexOf('/');
  const at = base.lastIndexOf('@');
  const noVersion = at > slash && base[at - 1] !== '/' ? base.slice(0, at) : base;
  return unscope(slash > 0 ? noVersion.slice(0, slash).toLowerCase() + noVersion.slice(slash) : noVersion);
}

/** npm scopes are written `%40scope` in canonical purls and `@scope` by people: one form for comparing. */
const unscope = (purl: string) => purl.replace(/%40/gi, '@');

export type FindingTest = (f: MatchableFinding) => boolean;

/** Compiles a rule's match; the match was validated when the rule was saved (an invalid one matches nothing). */
export function compileMatch(match: RuleMatch, tagsOf: AssetTags = NO_TAGS): FindingTest {
  const tests: FindingTest[] = [];
  if (match.vulnerabilityIds?.length) {
    const ids = new Set(match.vulnerabilityIds);
    tests.push((f) => ids.has(f.vulnerabilityId) || f.aliases.some((a) => ids.has(a)));
  }
  if (match.purls?.length) {
    const purls = match.purls.map(purlTest);
    tests.push((f) => {
      if (!f.component.purl) return false;
      const base = purlBase(f.component.purl);
      return purls.some((t) => t(base));
    });
  }
  if (match.assetNames?.length) {
    const names = new Set(match.assetNames);
    tests.push((f) => names.has(f.assetName));
  }
  if (match.tags?.length) {
    const wanted = match.tags;
    tests.push((f) => tagsOf(f.assetName).some((t) => wanted.includes(t)));
  }
  if (match.expression) {
    const compiled = compileExpression(match.expression);
    const predicate: CelPredicate = typeof compiled === 'function' ? compiled : () => false;
    tests.push((f) =>
      predicate({
        vuln: {
          id: f.vulnerabilityId,
          aliases: [...f.aliases],
          severity: f.severity,
          severitySource: f.severitySource,
          cvssScore: f.cvssScore ?? -1,
        },
        component: {
          name: f.component.name,
          version: f.component.version ?? '',
          purl: f.component.purl ?? '',
          ecosystem: f.component.ecosystem ?? '',
        },
        asset: { name: f.assetName, tags: [...tagsOf(f.assetName)] },
      }),
    );
  }
  return (f) => tests.every((t) => t(f));
}
