/** Checks OSV documents against our description of the schema, for import warnings. */
import { z } from 'zod';

/**
 * Our own description of the OSV format (https://ossf.github.io/osv-schema/), used to warn about advisories
 * that do not follow it. Shapes live in the zod schema; rules that relate several fields (GIT ranges, event
 * kinds, severity per type) live in `ruleIssues`, which sees the raw document even where the shape is broken
 * (zod skips refinements of objects whose fields already failed). Deliberately looser than the published
 * schema in two places that change with every new database: ecosystem names and id prefixes are not listed.
 */

export interface SchemaIssue {
  /** JSON pointer into the document, e.g. `/affected/0/ranges/1/events/2`. */
  path: string;
  message: string;
}

const UTC_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
/** RFC 3339 in UTC with a real calendar date (Date.parse would roll 2024-02-30 over to March). */
function isUtcTimestamp(value: string): boolean {
  if (!UTC_TIMESTAMP.test(value)) return false;
  const date = new Date(value);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value.slice(0, 10);
}
/** An absolute URI: a scheme, no whitespace, and parsable. */
const isUri = (value: string): boolean => /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/.test(value) && URL.canParse(value);

const text = z.string();
const texts = z.array(text);
const object = z.record(z.string(), z.unknown());
const timestamp = text.refine(isUtcTimestamp, 'must be a UTC date-time like 2024-01-02T03:04:05Z');

export const SEVERITY_TYPES = ['CVSS_V2', 'CVSS_V3', 'CVSS_V4', 'Ubuntu'] as const;
export const REFERENCE_TYPES = [
  'ADVISORY',
  'ARTICLE',
  'DETECTION',
  'DISCUSSION',
  'REPORT',
  'FIX',
  'INTRODUCED',
  'GIT',
  'PACKAGE',
  'EVIDENCE',
  'WEB',
] as const;
export const CREDIT_TYPES = [
  'FINDER',
  'REPORTER',
  'ANALYST',
  'COORDINATOR',
  'REMEDIATION_DEVELOPER',
  'REMEDIATION_REVIEWER',
  'REMEDIATION_VERIFIER',
  'TOOL',
  'SPONSOR',
  'OTHER',
] as const;
export const EVENT_KINDS = ['introduced', 'fixed', 'last_affected', 'limit'] as const;

const severity = z.array(z.object({ type: z.enum(SEVERITY_TYPES), score: text })).nullable();

// Nested objects stay open (the format lets databases add fields); only the top level is closed.
const event = z.object({ introduced: text, fixed: text, last_affected: text, limit: text }).partial();
const range = z.object({
  type: z.enum(['GIT', 'SEMVER', 'ECOSYSTEM']),
  repo: text.optional(),
  events: z.array(event).min(1),
  database_specific: object.optional(),
});
const affected = z.object({
  package: z.object({ ecosystem: text.regex(/^[^:]+(:.+)?$/), name: text, purl: text.optional() }).optional(),
  severity: severity.optional(),
  ranges: z.array(range).optional(),
  versions: texts.optional(),
  ecosystem_specific: object.optional(),
  database_specific: object.optional(),
});

export const osvDocument = z.strictObject({
  schema_version: text.optional(),
  id: text.min(1),
  modified: timestamp,
  published: timestamp.optional(),
  withdrawn: timestamp.optional(),
  aliases: texts.nullable().optional(),
  related: texts.optional(),
  upstream: texts.optional(),
  summary: text.optional(),
  details: text.optional(),
  severity: severity.optional(),
  affected: z.array(affected).nullable().optional(),
  references: z
    .array(z.object({ type: z.enum(REFERENCE_TYPES), url: text.refine(isUri, 'must be an absolute URI') }))
    .nullable()
    .optional(),
  credits: z
    .array(z.object({ name: text, contact: texts.optional(), type: z.enum(CREDIT_TYPES).optional() }))
    .optional(),
  database_specific: object.optional(),
});

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const items = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

// A score must read as its type says: CVSS vectors as `metric:value` pairs under their version prefix.
const PAIRS = '[A-Za-z]+:[A-Za-z]+(/[A-Za-z]+:[A-Za-z]+)*';
const SCORE_FORMAT: Record<(typeof SEVERITY_TYPES)[number], (score: string) => boolean> = {
  CVSS_V2: (s) => new RegExp(`^${PAIRS}$`).test(s),
  CVSS_V3: (s) => new RegExp(`^CVSS:3\\.[01]/${PAIRS}$`).test(s),
  CVSS_V4: (s) => new RegExp(`^CVSS:4\\.0/${PAIRS}$`).test(s),
  Ubuntu: (s) => ['negligible', 'low', 'medium', 'high', 'critical'].includes(s),
};

function severityIssues(list: unknown, at: string, out: SchemaIssue[]): void {
  items(list).forEach((entry, i) => {
    if (!isObject(entry) || typeof entry.score !== 'string') return;
    const valid = SCORE_FORMAT[entry.type as keyof typeof SCORE_FORMAT] as
      ((s: string) => boolean) | undefined;
    if (valid && !valid(entry.score))
      out.push({ path: `${at}/${i}/score`, message: `is not a valid ${String(entry.type)} score` });
  });
}

/** GIT ranges pin commits, so their events must carry full-length hashes (or 0 for "since the start"). */
const COMMIT = /^(0|[a-f0-9]{40}|[a-f0-9]{64})$/;

function rangeIssues(range: unknown, at: string, out: SchemaIssue[]): void {
  if (!isObject(range)) return;
  const events = items(range.events);
  const git = range.type === 'GIT';
  if (git && range.repo === undefined)
    out.push({ path: at, message: "must have required property 'repo' (GIT ranges name their repository)" });
  events.forEach((e, i) => {
    if (!isObject(e)) return;
    const kinds = EVENT_KINDS.filter((k) => k in e);
    if (kinds.length !== 1)
      out.push({ path: `${at}/events/${i}`, message: `must hold exactly one of ${EVENT_KINDS.join(', ')}` });
    for (const kind of git ? kinds : []) {
      if (typeof e[kind] === 'string' && !COMMIT.test(e[kind])) {
        out.push({ path: `${at}/events/${i}`, message: 'must name a full-length commit hash' });
        out.push({ path: `${at}/events/${i}/${kind}`, message: `must match pattern "${COMMIT.source}"` });
      }
    }
  });
  if (Array.isArray(range.events) && !events.some((e) => isObject(e) && 'introduced' in e)) {
    out.push({ path: `${at}/events`, message: 'must contain an introduced event' });
  }
  const has = (kind: string) => events.some((e) => isObject(e) && kind in e);
  if (has('fixed') && has('last_affected'))
    out.push({ path: at, message: 'must not mix fixed and last_affected events' });
}

/** The rules between fields, checked on the raw document. */
function ruleIssues(document: Json): SchemaIssue[] {
  const out: SchemaIssue[] = [];
  severityIssues(document.severity, '/severity', out);
  items(document.affected).forEach((entry, i) => {
    if (!isObject(entry)) return;
    const at = `/affected/${i}`;
    // Severity belongs either to the advisory or to its packages, never both.
    if ('severity' in document && entry.severity != null)
      out.push({ path: `${at}/severity`, message: 'must be null when the advisory has a severity' });
    severityIssues(entry.severity, `${at}/severity`, out);
    items(entry.ranges).forEach((r, j) => rangeIssues(r, `${at}/ranges/${j}`, out));
  });
  return out;
}

const pointer = (path: PropertyKey[]): string => (path.length ? `/${path.map(String).join('/')}` : '/');

/** zod issue → JSON-pointer issue; a missing required field is reported on its parent, as JSON Schema does. */
function fromZod(issue: z.core.$ZodIssue & { input?: unknown }): SchemaIssue {
  if (issue.code === 'invalid_type' && issue.input === undefined && issue.path.length > 0) {
    return {
      path: pointer(issue.path.slice(0, -1)),
      message: `must have required property '${String(issue.path.at(-1))}'`,
    };
  }
  const messages: Partial<Record<string, string>> = {
    invalid_type: `must be ${'expected' in issue ? String(issue.expected) : 'of another type'}`,
    unrecognized_keys: 'must NOT have additional properties',
    invalid_value: 'must be equal to one of the allowed values',
    too_small: 'must NOT be empty',
    invalid_format: `must match pattern ${'pattern' in issue ? String(issue.pattern) : ''}`,
  };
  return { path: pointer(issue.path), message: messages[issue.code] ?? issue.message };
}

/** Schema violations of one document (empty when valid), one per JSON path, ordered by path. */
export function validateOsv(document: unknown): SchemaIssue[] {
  const parsed = osvDocument.safeParse(document, { reportInput: true });
  const found = [
    ...(parsed.success ? [] : parsed.error.issues.map(fromZod)),
    ...(isObject(document) ? ruleIssues(document) : []),
  ];
  const seen = new Map<string, SchemaIssue>();
  for (const issue of found) if (!seen.has(issue.path)) seen.set(issue.path, issue);
  return [...seen.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
