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

/** A masked deep copy of a JSON-like value; the input is not changed. */
export function maskValue(value: unknown): unknown {
  if (typeof value === 'string') return maskEmails(value);
  if (Array.isArray(value)) return value.map(maskValue);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[maskEmails(key)] =
      NAME_KEYS.has(key) && item !== null && item !== undefined ? REDACTED : maskValue(item);
  }
  return out;
}

/** Masks a tool result object (structured content). */
export const maskResult = (result: Record<string, unknown>): Record<string, unknown> =>
  maskValue(result) as Record<string, unknown>;
