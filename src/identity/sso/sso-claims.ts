/** What an ID token's claims give: the e-mail, the groups, and the role the organisation's mapping makes of them. */
import { roleAtLeast, type Role } from '../../tenancy/roles.ts';

export interface RoleRules {
  groupsClaim: string;
  roleMapping: Record<string, Role>;
  defaultRole: Role | null;
}

export interface ClaimsEvaluation {
  email: string | null;
  name: string | null;
  groups: string[];
  /** The role a sign-in gets, or null when it is refused (`refusal` says why). */
  role: Role | null;
  refusal: string | null;
}

/** A groups claim is a list of names (Okta, Keycloak, Entra ID's group ids), sometimes one string. */
function groupsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((g): g is string => typeof g === 'string');
  return [];
}

/** The highest role any mapped group gives, else the default role, else none (no access). */
export function roleOf(rules: RoleRules, groups: string[]): Role | null {
  let best: Role | null = null;
  for (const group of groups) {
    const role = rules.roleMapping[group];
    if (role && (best === null || roleAtLeast(role, best))) best = role;
  }
  return best ?? rules.defaultRole;
}

export function evaluateClaims(rules: RoleRules, claims: Record<string, unknown>): ClaimsEvaluation {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
  const name = typeof claims.name === 'string' ? claims.name : null;
  const groups = groupsOf(claims[rules.groupsClaim]);
  const role = roleOf(rules, groups);
  let refusal: string | null = null;
  if (!email) refusal = 'The provider sent no email claim (ask for the email scope)';
  else if (claims.email_verified === false) refusal = `The provider has not verified the e-mail ${email}`;
  else if (!role)
    refusal =
      groups.length === 0
        ? `The ${rules.groupsClaim} claim is empty or missing, and there is no default role`
        : `None of the groups (${groups.join(', ')}) is in the role mapping, and there is no default role`;
  return { email, name, groups, role: refusal ? null : role, refusal };
}
