/** OSV documents → the advisories we store and match (pure). */
import { createHash } from 'node:crypto';
import { packageKey } from './ecosystems.ts';
import { validateOsv, type SchemaIssue } from './osv-validate.ts';

/**
 * OSV documents → the advisory shape we store and match. Pure: no I/O. Real feeds are messy, so only what
 * leaves an advisory unusable is rejected (no id, no usable `modified`, no affected package); other schema
 * violations are kept as warnings naming the source and the JSON path.
 */

export const RANGE_TYPES = ['SEMVER', 'ECOSYSTEM', 'GIT'] as const;
export type EventKind = 'introduced' | 'fixed' | 'last_affected' | 'limit';

export interface OsvEvent {
  kind: EventKind;
  value: string;
}

/** A SEMVER or ECOSYSTEM range (GIT ranges are not kept: matching ignores them). */
export interface MatchRange {
  type: 'SEMVER' | 'ECOSYSTEM';
  events: OsvEvent[];
}

export interface OsvSeverity {
  type: string;
  score: string;
}

export interface AffectedPackage {
  /** OSV ecosystem without the `:suffix` (e.g. `Debian` for `Debian:12`). */
  ecosystem: string;
  /** As written, suffix included. */
  ecosystemFull: string;
  name: string;
  packageKey: string;
  ranges: MatchRange[];
  versions: string[];
  severity: OsvSeverity[];
  /** `database_specific.severity` of this package entry, when given (GHSA style qualitative label). */
  qualitativeSeverity: string | null;
}

export interface Advisory {
  id: string;
  modified: string;
  published: string | null;
  withdrawn: string | null;
  summary: string | null;
  details: string | null;
  aliases: string[];
  severity: OsvSeverity[];
  /** `database_specific.severity` of the advisory (GHSA: LOW, MODERATE, HIGH, CRITICAL). */
  qualitativeSeverity: string | null;
  /** `database_specific.cwe_ids` (GHSA), as `CWE-<n>`, sorted, each once; [] when the advisory names none. */
  cwes: string[];
  affected: AffectedPackage[];
  references: { type: string; url: string }[];
  /** sha256 of the document: `modified` alone misses edits in feeds that never bump it (Go's vulndb). */
  contentHash: string;
}

export type ParseOutcome =
  | { ok: true; advisory: Advisory; warnings: string[] }
  | {
      ok: false;
      id: string | null;
      /** Without the source (the caller reports it beside). */ reason: string;
      warnings: string[];
    };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** True when a schema issue sits inside a GIT range, which matching ignores anyway. */
function insideGitRange(document: Json, issue: SchemaIssue): boolean {
  const match = /^\/affected\/(\d+)\/ranges\/(\d+)(\/|$)/.exec(issue.path);
  if (!match) return false;
  const affected = (document.affected as unknown[] | undefined)?.[Number(match[1])];
  const range = isObject(affected)
    ? (affected.ranges as unknown[] | undefined)?.[Number(match[2])]
    : undefined;
  return isObject(range) && range.type === 'GIT';
}

function parseEvents(raw: unknown): OsvEvent[] {
  const events: OsvEvent[] = [];
  for (const event of Array.isArray(raw) ? raw : []) {
    if (!isObject(event)) continue;
    for (const kind of ['introduced', 'fixed', 'last_affected', 'limit'] as const) {
      const value = str(event[kind]);
      if (value !== null) events.push({ kind, value });
    }
  }
  return events;
}

function parseSeverity(raw: unknown): OsvSeverity[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(isObject)
    .flatMap((s) =>
      str(s.type) && str(s.score) ? [{ type: s.type as string, score: s.score as string }] : [],
    );
}

/** `database_specific.cwe_ids` as `CWE-<n>`: other spellings (`79`, `cwe-079`) are the same weakness. */
function cweIds(databaseSpecific: unknown): string[] {
  if (!isObject(databaseSpecific)) return [];
  const ids = strings(databaseSpecific.cwe_ids).flatMap((id) => {
    const match = /^(?:CWE-)?0*(\d+)$/i.exec(id.trim());
    return match ? [`CWE-${match[1]}`] : [];
  });
  return [...new Set(ids)].sort();
}

const qualitative = (v: unknown): string | null =>
  isObject(v) ? (str(v.severity)?.toUpperCase() ?? null) : null;

function parseAffected(raw: unknown, where: string, warnings: string[]): AffectedPackage | null {
  if (!isObject(raw) || !isObject(raw.package)) return null;
  const ecosystemFull = str(raw.package.ecosystem);
  const name = str(raw.package.name);
  if (!ecosystemFull || !name) {
    warnings.push(`${where}: affected package without ecosystem or name skipped`);
    return null;
  }
  const ecosystem = ecosystemFull.split(':')[0]!;
  const ranges: MatchRange[] = [];
  for (const range of Array.isArray(raw.ranges) ? raw.ranges : []) {
    if (!isObject(range) || (range.type !== 'SEMVER' && range.type !== 'ECOSYSTEM')) continue;
    const events = parseEvents(range.events);
    if (events.length > 0) ranges.push({ type: range.type, events });
  }
  return {
    ecosystem,
    ecosystemFull,
    name,
    packageKey: packageKey(ecosystem, name),
    ranges,
    versions: strings(raw.versions),
    severity: parseSeverity(raw.severity),
    qualitativeSeverity: qualitative(raw.database_specific) ?? qualitative(raw.ecosystem_specific),
  };
}

const isTimestamp = (v: string | null): v is string => v !== null && !Number.isNaN(Date.parse(v));

/** Validates and normalises one OSV document; `source` names where it came from (file, zip entry, line). */
export function parseOsv(document: unknown, source: string): ParseOutcome {
  if (!isObject(document)) return { ok: false, id: null, reason: 'not a JSON object', warnings: [] };
  const id = str(document.id);
  if (!id) return { ok: false, id: null, reason: 'no id', warnings: [] };
  const where = `${source} (${id})`;
  const modified = str(document.modified);
  if (!isTimestamp(modified))
    return { ok: false, id, reason: `${id}: no valid 'modified' timestamp`, warnings: [] };
  const warnings: string[] = [];
  const issues = validateOsv(document);
  // One warning per problem: a value failing its pattern is reported on the value and again, in plain words,
  // on the object holding it (a GIT event's hash: `…/events/1` and `…/events/1/fixed`); the plain one is kept.
  const reported = new Set(issues.map((i) => i.path));
  for (const issue of issues) {
    const parent = issue.path.slice(0, issue.path.lastIndexOf('/'));
    if (issue.message.startsWith('must match pattern') && reported.has(parent)) continue;
    const note = insideGitRange(document, issue) ? ' (inside a GIT range, which matching ignores)' : '';
    warnings.push(`${where}: schema: ${issue.path} ${issue.message}${note}`);
  }
  const affected = (Array.isArray(document.affected) ? document.affected : [])
    .map((a, i) => parseAffected(a, `${where} /affected/${i}`, warnings))
    .filter((a): a is AffectedPackage => a !== null);
  const withdrawn = str(document.withdrawn);
  // A withdrawn advisory stays importable without packages: it still has to retract what it once matched.
  if (affected.length === 0 && !withdrawn)
    return { ok: false, id, reason: `${id}: no affected package`, warnings };
  const references = (Array.isArray(document.references) ? document.references : [])
    .filter(isObject)
    .flatMap((r) => (str(r.url) ? [{ type: str(r.type) ?? 'WEB', url: r.url as string }] : []));
  const advisory: Advisory = {
    id,
    modified: new Date(Date.parse(modified)).toISOString(),
    published: isTimestamp(str(document.published)) ? (document.published as string) : null,
    withdrawn: isTimestamp(withdrawn) ? withdrawn : null,
    summary: str(document.summary),
    details: str(document.details),
    aliases: [...new Set(strings(document.aliases).filter((a) => a !== id))],
    severity: parseSeverity(document.severity),
    qualitativeSeverity: qualitative(document.database_specific),
    cwes: cweIds(document.database_specific),
    affected,
    references,
    contentHash: createHash('sha256').update(JSON.stringify(document)).digest('hex'),
  };
  return { ok: true, advisory, warnings };
}
