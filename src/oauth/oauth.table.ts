/** The table of the OAuth authorization server's artefacts (oidc-provider's adapter storage). */
import type { Selectable } from 'kysely';

export interface OAuthRecordTable {
  /** The library's model name: Client, Grant, AccessToken, RefreshToken, AuthorizationCode, Interaction… */
  model: string;
  /** SHA-256 (hex) of the library's id for every model but Client and Grant: a token's id is its value. */
  id: string;
  /** The library's payload, JSON. */
  payload: string;
  grant_id: string | null;
  /** The user (usr_<id>) a grant or token acts for. */
  account_id: string | null;
  uid: string | null;
  expires_at: string | null;
  consumed_at: string | null;
  created_at: string;
}

export type OAuthRecordRow = Selectable<OAuthRecordTable>;

declare module '../db/database.ts' {
  interface Database {
    oauth_records: OAuthRecordTable;
  }
}
