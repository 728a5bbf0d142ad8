/**
 * Reads the user and group payloads and PATCH operations that provisioning clients send (Entra ID: "Replace"
 * with a path and string booleans; Okta: "replace" without a path and an object value). Unknown attributes
 * (titles, the enterprise extension) are ignored, as RFC 7644 lets a service provider do.
 */
import { PATCH_SCHEMA, scimInvalid } from './scim-format.ts';

export interface UserInput {
  userName?: string;
  displayName?: string | null;
  active?: boolean;
  externalId?: string | null;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function bool(value: unknown, path: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw scimInvalid(`${path} must be true or false`);
}

function text(value: unknown, path: string, max = 320): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > max)
    throw scimInvalid(`${path} must be a non-empty string of at most ${max} characters`);
  // Control characters never reach the store (docs/resilience.md).
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value)) throw scimInvalid(`${path} contains a control character`);
  return value.trim();
}

const primaryEmail = (emails: unknown): string | undefined => {
  if (!Array.isArray(emails)) return undefined;
  const list = emails.filter(isObject);
  const chosen = list.find((e) => e.primary === true || e.primary === 'True') ?? list[0];
  return typeof chosen?.value === 'string' ? chosen.value : undefined;
};

const nameOf = (name: unknown): string | undefined => {
  if (!isObject(name)) return undefined;
  if (typeof name.formatted === 'string' && name.formatted.trim()) return name.formatted;
  const parts = [name.givenName, name.familyName].filter(
    (p): p is string => typeof p === 'string' && p.trim() !== '',
  );
  return parts.length > 0 ? parts.join(' ') : undefined;
};

/** A whole user (POST, PUT). userName is the e-mail; when it is not one (a UPN), the primary e-mail is. */
export function userFromBody(body: unknown): Required<Pick<UserInput, 'userName'>> & UserInput {
  if (!isObject(body)) throw scimInvalid('The body must be a JSON object', 'invalidSyntax');
  const userName = text(body.userName, 'userName');
  const email = userName.includes('@') ? userName : (primaryEmail(body.emails) ?? userName);
  const displayName =
    typeof body.displayName === 'string' && body.displayName.trim() ? body.displayName : nameOf(body.name);
  return {
    userName: email,
    ...(displayName !== undefined ? { displayName: text(displayName, 'displayName', 200) } : {}),
    ...(body.active !== undefined ? { active: bool(body.active, 'active') } : {}),
    ...(body.externalId !== undefined && body.externalId !== null
      ? { externalId: text(body.externalId, 'externalId', 500) }
      : {}),
  };
}

export interface PatchOperation {
  op: 'add' | 'replace' | 'remove';
  path: string | undefined;
  value: unknown;
}

export function patchOperations(body: unknown): PatchOperation[] {
  if (!isObject(body) || !Array.isArray(body.Operations))
    throw scimInvalid(`A PATCH body is a ${PATCH_SCHEMA} message with Operations`, 'invalidSyntax');
  if (body.Operations.length > 1000) throw scimInvalid('At most 1000 operations in one PATCH', 'tooMany');
  return body.Operations.map((raw, i) => {
    if (!isObject(raw)) throw scimInvalid(`Operations[${i}] must be an object`, 'invalidSyntax');
    const op = typeof raw.op === 'string' ? raw.op.toLowerCase() : '';
    if (op !== 'add' && op !== 'replace' && op !== 'remove')
      throw scimInvalid(`Operations[${i}].op must be add, replace or remove`, 'invalidSyntax');
    if (raw.path !== undefined && typeof raw.path !== 'string')
      throw scimInvalid(`Operations[${i}].path must be a string`, 'invalidPath');
    return { op, path: raw.path, value: raw.value };
  });
}

/** The user changes of a PATCH; paths this service does not store are accepted and ignored. */
export function userPatch(operations: PatchOperation[]): UserInput {
  const changes: UserInput = {};
  const set = (path: string, value: unknown, op: PatchOperation['op']) => {
    const key = path.toLowerCase();
    if (key === 'active') changes.active = bool(value, 'active');
    else if (key === 'username') changes.userName = text(value, 'userName');
    else if (key === 'displayname' || key === 'name.formatted')
      changes.displayName = op === 'remove' ? null : text(value, path, 200);
    else if (key === 'externalid')
      changes.externalId = op === 'remove' ? null : text(value, 'externalId', 500);
    else if (key.startsWith('emails') && (key.endsWith('.value') || key === 'emails')) {
      const email = Array.isArray(value) ? primaryEmail(value) : value;
      if (op !== 'remove') changes.userName = text(email, 'emails');
    } else if (key === 'name' && isObject(value)) {
      const name = nameOf(value);
      if (name) changes.displayName = text(name, 'name', 200);
    }
  };
  for (const operation of operations) {
    if (operation.path === undefined) {
      if (!isObject(operation.value))
        throw scimInvalid('An operation without a path needs an object value', 'invalidValue');
      for (const [key, value] of Object.entries(operation.value)) set(key, value, operation.op);
    } else set(operation.path, operation.value, operation.op);
  }
  return changes;
}
