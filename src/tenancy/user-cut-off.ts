/**
 * Access a user holds outside tenancy/ (the OAuth grants and tokens of assistants, src/oauth): ended together with
 * the user's sessions and API tokens when the user is deactivated (SCIM) or deleted (SCIM, an admin). The
 * composition root (src/services.ts) registers it with TokenService (useCutOff), so tenancy/ and identity/ need not know it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

export interface UserCutOff {
  /**
   * Inside the transaction that deactivates or deletes the user: revoke everything the user holds. After the
   * commit, TokenService.forgetPrincipals() tells its onForget listeners (the OAuth principals' cache among them,
   * src/services.ts), so the very next request is refused.
   */
  revokeUser(trx: Kysely<Database>, userId: string): Promise<void>;
}
