/**
 * What password sign-in checks after the password matched: a deactivated user (SCIM) is refused, an
 * organisation enforcing SSO lets only owners use passwords, and the second factor is asked for.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { AppError } from '../errors.ts';
import type { SignInGuard, SignInInput } from '../tenancy/session.service.ts';
import type { UserWithOrg } from '../tenancy/tenancy.repository.ts';
import { findUserIdentity } from './identity.repository.ts';
import type { MfaService } from './mfa/mfa.service.ts';
import { findSsoConfig } from './sso/sso.repository.ts';

export function identitySignInGuard(db: Kysely<Database>, mfa: MfaService): SignInGuard {
  return {
    async afterPassword(user: UserWithOrg, input: SignInInput): Promise<string | null> {
      const identity = await findUserIdentity(db, user.id);
      if (identity?.deactivated_at)
        throw new AppError('FORBIDDEN', 403, 'This account is deactivated by the identity provider');
      if (user.role !== 'owner') {
        const sso = await findSsoConfig(db, user.org_id);
        if (sso && Number(sso.enforced) === 1)
          throw new AppError(
            'FORBIDDEN',
            403,
            `The organisation signs in through its identity provider (${sso.issuer}); use single sign-on`,
          );
      }
      return mfa.checkSignIn(user, input);
    },
  };
}
