/**
 * NUL and other control characters in caller input (docs/resilience.md): refused in every field with one
 * answer that names the field, before the store sees them (PostgreSQL rejects NUL in text, SQLite stores it,
 * so the two dialects used to disagree). Free text may hold tabs and line breaks.
 */

/** Fields that hold prose: tab, LF and CRLF are allowed there. */
export const FREE_TEXT_FIELDS: ReadonlySet<string> = new Set([
  'notes',
  'remediationNotes',
  'description',
  'summary',
  'justification',
  'comment',
  'details',
  'mitigation',
  // VEX documents' prose (POST /sscs/vex): statements and analysis detail.
  'detail',
  'impact_statement',
  'action_statement',
  'status_notes',
  'recommendation',
]);

// Unicode category Cc: C0 controls, DEL and the C1 controls.
const CONTROL = /\p{Cc}/u;
const CONTROL_ALL = /\p{Cc}/gu;

const hex = (c: string): string => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why `text` is refused, or undefined when it is acceptable. */
export function controlCharacterProblem(text: string, freeText: boolean): string | undefined {
  if (!CONTROL.test(text)) return undefined;
  for (const match of text.matchAll(CONTROL_ALL)) {
    const c = match[0];
    const at = match.index;
    if (freeText && (c === '\t' || c === '\n' || (c === '\r' && text[at + 1] === '\n'))) continue;
    const allowed = freeText ? ' (tab and line breaks are allowed)' : '';
    return `must not contain control characters${allowed}: ${hex(c)} at position ${at}`;
  }
  return undefined;
}

export interface ControlCharacterIssue {
  /** Keys from the value's root, e.g. ['components', 3, 'name']. */
  path: (string | number)[];
  message: string;
}

/** Every string in a JSON-like value (keys too) checked; a key's own free-text status decides its value's. */
export function findControlCharacters(value: unknown, limit = 10): ControlCharacterIssue[] {
  const issues: ControlCharacterIssue[] = [];
  const walk = (item: unknown, path: (string | number)[], freeText: boolean): void => {
    if (issues.length >= limit) return;
    if (typeof item === 'string') {
      const message = controlCharacterProblem(item, freeText);
      if (message) issues.push({ path, message });
    } else if (Array.isArray(item)) {
      item.forEach((element, i) => walk(element, [...path, i], freeText));
    } else if (item !== null && typeof item === 'object') {
      for (const [key, element] of Object.entries(item)) {
        const keyProblem = controlCharacterProblem(key, false);
        if (keyProblem) issues.push({ path: [...path, key], message: `field name ${keyProblem}` });
        else walk(element, [...path, key], FREE_TEXT_FIELDS.has(key));
      }
    }
  };
  walk(value, [], false);
  return issues;
}
