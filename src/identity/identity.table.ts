/** Table types of identity: TOTP, SCIM state of users and groups, SSO configuration and pending sign-ins. */
import type { Selectable } from 'kysely';

export interface UserIdentityTable {
  user_id: string;
  org_id: string;
  /** The confirmed TOTP secret (base32); null while the second factor is off. Never returned. */
  mfa_secret: string | null;
  /** The secret of an enrolment not yet confirmed. */
  mfa_pending_secret: string | null;
  /** The last accepted TOTP time step: a code is accepted once (RFC 6238 section 5.2). */
  mfa_last_step: number | null;
  /** Set by SCIM `active:false`; such a user cannot sign in. */
  deactivated_at: string | null;
  /** SCIM externalId given by the provisioning client. */
  external_id: string | null;
  /** The `sub` of the user's OpenID Connect sign-ins. */
  sso_subject: string | null;
}

export interface MfaRecoveryCodeTable {
  user_id: string;
  /** SHA-256 of the code, hex: the codes are 80 random bits, so a fast hash is enough. */
  code_hash: string;
  used_at: string | null;
}

export interface OrgIdentityTable {
  org_id: string;
  require_mfa: number;
}

export interface SsoConfigTable {
  org_id: string;
  issuer: string;
  client_id: string;
  /** Write-only: read only to talk to the provider, never returned or logged. */
  client_secret: string;
  /** JSON array. */
  scopes: string;
  groups_claim: string;
  /** JSON object group → role. */
  role_mapping: string;
  default_role: string | null;
  enforced: number;
  created_at: string;
  updated_at: string;
}

export interface SsoStateTable {
  /** SHA-256 of the state sent to the provider; the row is deleted when the callback uses it. */
  state_hash: string;
  org_id: string;
  nonce: string;
  code_verifier: string;
  /** The console path the sign-in started from. */
  return_to: string;
  expires_at: string;
}

export interface ScimGroupTable {
  id: string;
  org_id: string;
  display_name: string;
  external_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ScimGroupMemberTable {
  group_id: string;
  user_id: string;
}

export type UserIdentityRow = Selectable<UserIdentityTable>;
export type SsoConfigRow = Selectable<SsoConfigTable>;
export type ScimGroupRow = Selectable<ScimGroupTable>;

declare module '../db/database.ts' {
  interface Database {
    user_identity: UserIdentityTable;
    mfa_recovery_codes: MfaRecoveryCodeTable;
    org_identity: OrgIdentityTable;
    sso_configs: SsoConfigTable;
    sso_states: SsoStateTable;
    scim_groups: ScimGroupTable;
    scim_group_members: ScimGroupMemberTable;
  }
}
