/** Tables of browser sessions and of failed sign-ins (the throttle's memory). */
import type { Selectable } from 'kysely';

export interface SessionTable {
  id: string;
  /** SHA-256 of the 256-bit cookie value, hex; the value itself is never stored. */
  secret_hash: string;
  org_id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  /** The absolute end (created_at + 7 days); the idle end is last_seen_at + 12 hours. */
  expires_at: string;
  /** `mfa_enrolment`: the organisation requires a second factor and this person has none yet. */
  restriction: string | null;
}

export interface SignInFailureTable {
  /** `email:<address>` or `client:<ip>`: one row each per failure. */
  key: string;
  at: string;
}

export interface SignInClientTable {
  /** `<email>|<client>`: this client signed in to this account before (the per-account throttle lets it in). */
  key: string;
  at: string;
}

export type SessionRow = Selectable<SessionTable>;

declare module '../db/database.ts' {
  interface Database {
    sessions: SessionTable;
    sign_in_failures: SignInFailureTable;
    sign_in_clients: SignInClientTable;
  }
}
