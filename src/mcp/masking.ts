/**
 * The one place where tool results are masked (DESIGN.md §6): every structured result and every text block
 * passes through here before it leaves the tool server. E-mail addresses anywhere in any string become first
 * character + `***@` + domain; values under person-name keys become `[redacted]`. Ids are left as they are.
 */

/** Keys under which domains put person names (the governance engineer emits names only under these). */
export const PERSON_NAME_KEYS: readonly string[] = [
  'displayName',
  'fullName',
  'ownerName',
  'managerName',
  'reviewerName',
  'holderName',
  'actorName',
  'requesterName',
];

export const REDACTED = '[redacted]';

const NAME_KEYS = new Set(PERSON_NAME_KEYS);

// Local part then domain; `*` is not a local-part character here, so masked text stays unchanged (idempotent).
const EMAIL =
  /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*)/g;

export function maskEmails(text: string): string {
  return text.includes('@') ? text.replace(EMAIL, '$1***@$2') : text;
}

const matchers = new Map<string, RegExp | undefined>();

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Free text can mention people by name too (a risk description, a vendor note). Names known to belong to
 * people of the organisation (workspace users' display names) are redacted wherever they appear; names shorter
 * than 3 characters are left alone so that they do not redact ordinary words.
 */
function nameMatcher(names: readonly string[]): RegExp | undefined {
  if (names.length === 0) return undefined;
  // The same organisation asks again and again: reuse its compiled pattern (bounded, oldest dropped first).
  const key = names.join('\u0000');
  if (matchers.has(key)) return matchers.get(key);
  const matcher = compileNames(names);
  if (matchers.size >= 500) matchers.delete(matchers.keys().next().value!);
  matchers.set(key, matcher);
  return matcher;
}

function compileNames(names: readonly string[]): RegExp | undefined {
  const usable = [...new Set(names.map((n) => n.trim()).filter((n) => n.length >= 3))].sort(
    (a, b) => b.length - a.length,
  );
  return usable.length
    ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${usable.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'giu')
    : undefined;
}

function maskString(text: string, names: RegExp | undefined): string {
  const masked = maskEmails(text);
  return names ? masked.replace(names, REDACTED) : masked;
}

function walk(value: unknown, names: RegExp | undefined): unknown {
  if (typeof value === 'string') return maskString(value, names);
  if (Array.isArray(value)) return value.map((v) => walk(v, names));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[maskString(key, names)] =
      NAME_KEYS.has(key) && item !== null && item !== undefined ? REDACTED : walk(item, names);
  }
  return out;
}

/** A masked deep copy of a JSON-like value (the input is not changed); `personNames` are redacted anywhere. */
export function maskValue(value: unknown, personNames: readonly string[] = []): unknown {
  return walk(value, nameMatcher(personNames));
}

/** Masks a tool result object (structured content). */
export const maskResult = (
  result: Record<string, unknown>,
  personNames: readonly string[] = [],
): Record<string, unknown> => maskValue(result, personNames) as Record<string, unknown>;
