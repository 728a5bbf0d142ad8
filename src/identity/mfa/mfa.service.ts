/**
 * The TOTP second factor of password sign-in: enrolment, confirmation with recovery codes, disabling, the
 * check at sign-in, and the organisation's requireMfa (docs/identity.md).
 */
import type { Kysely } from 'kysely';
import { recordAudit } from '../../audit/audit.repository.ts';
import type { Database } from '../../db/database.ts';
import { AppError, validationFailed } from '../../errors.ts';
import { clearUserRestriction } from '../../tenancy/session.repository.ts';
import { SignInFailure } from '../../tenancy/session.service.ts';
import type { Principal } from '../../tenancy/principal.ts';
import * as repo from '../identity.repository.ts';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUri, totpStep } from './totp.ts';

export interface SecondFactor {
  code?: string | undefined;
  recoveryCode?: string | undefined;
}

const sessionOf = (principal: Principal) => {
  if (!principal.session) throw new AppError('FORBIDDEN', 403, 'Only a signed-in person has a second factor');
  return principal.session;
};

export class MfaService {
  readonly #db: Kysely<Database>;
  readonly #now: () => number;

  constructor(db: Kysely<Database>, options: { now?: () => number } = {}) {
    this.#db = db;
    this.#now = options.now ?? Date.now;
  }

  /** Starts (or restarts) an enrolment: a new secret, effective only once a code from it is confirmed. */
  async enrol(principal: Principal): Promise<{ secret: string; otpauthUri: string }> {
    const session = sessionOf(principal);
    const current = await repo.findUserIdentity(this.#db, principal.userId);
    if (current?.mfa_secret)
      throw new AppError('CONFLICT', 409, 'A second factor is already on; disable it first to enrol again');
    const secret = newTotpSecret();
    await repo.upsertUserIdentity(this.#db, principal.userId, principal.orgId, {
      mfa_pending_secret: secret,
    });
    return { secret, otpauthUri: otpauthUri(secret, session.view.user.email) };
  }

  /** Turns the pending secret on when `code` is valid; the ten recovery codes appear only in this answer. */
  async confirm(principal: Principal, code: string): Promise<{ recoveryCodes: string[] }> {
    sessionOf(principal);
    const current = await repo.findUserIdentity(this.#db, principal.userId);
    const pending = current?.mfa_pending_secret;
    if (!pending)
      throw new AppError('CONFLICT', 409, 'No enrolment is pending; start one with POST /session/mfa');
    const step = totpStep(pending, code, this.#now());
    if (step === undefined) throw wrongCode('body.code');
    const codes = newRecoveryCodes();
    await this.#db.transaction().execute(async (trx) => {
      await repo.upsertUserIdentity(trx, principal.userId, principal.orgId, {
        mfa_secret: pending,
        mfa_pending_secret: null,
        mfa_last_step: step,
      });
      await repo.replaceRecoveryCodes(trx, principal.userId, codes.map(hashRecoveryCode));
      await clearUserRestriction(trx, principal.userId);
      await recordAudit(trx, principal.orgId, {
        actorId: principal.userId,
        action: 'user.mfa_enable',
        entityType: 'user',
        entityId: principal.userId,
      });
    });
    return { recoveryCodes: codes };
  }

  /** Turns the second factor off; needs a current code (or a recovery code), and not under requireMfa. */
  async disable(principal: Principal, factor: SecondFactor): Promise<{ disabled: true }> {
    sessionOf(principal);
    const current = await repo.findUserIdentity(this.#db, principal.userId);
    if (!current?.mfa_secret) throw new AppError('CONFLICT', 409, 'No second factor is on');
    if (await repo.orgRequiresMfa(this.#db, principal.orgId))
      throw new AppError(
        'CONFLICT',
        409,
        'The organisation requires a second factor; it cannot be turned off',
      );
    if (!(await this.#accept(principal.userId, current.mfa_secret, factor)))
      throw wrongCode(factor.recoveryCode !== undefined ? 'body.recoveryCode' : 'body.code');
    await this.#db.transaction().execute(async (trx) => {
      await repo.upsertUserIdentity(trx, principal.userId, principal.orgId, {
        mfa_secret: null,
        mfa_pending_secret: null,
        mfa_last_step: null,
      });
      await repo.replaceRecoveryCodes(trx, principal.userId, []);
      await recordAudit(trx, principal.orgId, {
        actorId: principal.userId,
        action: 'user.mfa_disable',
        entityType: 'user',
        entityId: principal.userId,
      });
    });
    return { disabled: true };
  }

  /**
   * At password sign-in, after the password matched: 401 MFA_REQUIRED without a code, a counted failure with a
   * wrong or reused one. Returns the session's restriction when the organisation requires a factor the user
   * has not enrolled yet.
   */
  async checkSignIn(user: { id: string; org_id: string }, factor: SecondFactor): Promise<string | null> {
    const identity = await repo.findUserIdentity(this.#db, user.id);
    if (!identity?.mfa_secret)
      return (await repo.orgRequiresMfa(this.#db, user.org_id)) ? 'mfa_enrolment' : null;
    if (factor.code === undefined && factor.recoveryCode === undefined)
      throw new AppError('MFA_REQUIRED', 401, 'A second-factor code is required: give code or recoveryCode', {
        details: [{ path: 'body.code', message: 'the six-digit code of the authenticator app' }],
      });
    if (!(await this.#accept(user.id, identity.mfa_secret, factor)))
      throw new SignInFailure('MFA_REQUIRED', 401, 'The second-factor code is wrong or was already used', {
        details: [
          {
            path: factor.code !== undefined ? 'body.code' : 'body.recoveryCode',
            message: 'wrong, expired or already used',
          },
        ],
      });
    return null;
  }

  async #accept(userId: string, secret: string, factor: SecondFactor): Promise<boolean> {
    if (factor.code !== undefined) {
      const step = totpStep(secret, factor.code, this.#now());
      return step !== undefined && (await repo.claimTotpStep(this.#db, userId, step));
    }
    if (factor.recoveryCode !== undefined)
      return repo.useRecoveryCode(
        this.#db,
        userId,
        hashRecoveryCode(factor.recoveryCode),
        new Date(this.#now()).toISOString(),
      );
    return false;
  }

  async status(principal: Principal): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
    const identity = await repo.findUserIdentity(this.#db, principal.userId);
    return {
      enabled: Boolean(identity?.mfa_secret),
      recoveryCodesLeft: await repo.countUnusedRecoveryCodes(this.#db, principal.userId),
    };
  }

  requiredIn(orgId: string): Promise<boolean> {
    return repo.orgRequiresMfa(this.#db, orgId);
  }

  /** The owner's setting; sessions already running are not affected, the next password sign-in is. */
  async setRequired(principal: Principal, required: boolean): Promise<void> {
    if (principal.session?.role !== 'owner')
      throw new AppError('FORBIDDEN', 403, 'Only an owner can require a second factor');
    await this.#db.transaction().execute(async (trx) => {
      await repo.setOrgRequiresMfa(trx, principal.orgId, required);
      await recordAudit(trx, principal.orgId, {
        actorId: principal.userId,
        action: 'org.require_mfa',
        entityType: 'organization',
        entityId: principal.orgId,
        details: { requireMfa: required },
      });
    });
  }
}

const wrongCode = (path: string) =>
  validationFailed('The code is wrong or expired', [{ path, message: 'wrong, expired or already used' }]);
