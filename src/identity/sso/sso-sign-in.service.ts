/**
 * The SSO callback's outcome: a just-in-time user with the role its groups give on every sign-in and a new
 * session, or a refusal that sends the browser back to the sign-in page with the reason. Nothing is written
 * for a refused sign-in.
 */
import type { Kysely } from 'kysely';
import { recordAudit } from '../../audit/audit.repository.ts';
import type { Database } from '../../db/database.ts';
import { newId } from '../../shared/ids.ts';
import type { Role } from '../../tenancy/roles.ts';
import { SignInThrottled, type SessionService } from '../../tenancy/session.service.ts';
import * as tenancyRepo from '../../tenancy/tenancy.repository.ts';
import type { UserRow } from '../../tenancy/tenancy.table.ts';
import { findUserIdentity, upsertUserIdentity } from '../identity.repository.ts';
import { SsoRefusal, TEST_PREFIX, type SsoFlowService } from './sso-flow.service.ts';
import { findUserElsewhere } from './sso.repository.ts';

export type CallbackOutcome =
  | { kind: 'signed_in'; location: string; secret: string }
  | { kind: 'refused'; location: string; reason: string; message: string }
  | { kind: 'test'; location: string };

const refusedAt = (reason: string, message: string): CallbackOutcome => ({
  kind: 'refused',
  reason,
  message,
  location: `/sign-in?${new URLSearchParams({ error: reason, message })}`,
});

export class SsoSignInService {
  readonly #db: Kysely<Database>;
  readonly #flow: SsoFlowService;
  readonly #sessions: SessionService;

  constructor(db: Kysely<Database>, flow: SsoFlowService, sessions: SessionService) {
    this.#db = db;
    this.#flow = flow;
    this.#sessions = sessions;
  }

  async callback(currentUrl: URL, binding: string | undefined, client: string): Promise<CallbackOutcome> {
    try {
      await this.#sessions.throttleClient(client);
    } catch (error) {
      if (error instanceof SignInThrottled) return refusedAt('rate_limited', error.message);
      throw error;
    }
    try {
      return await this.#complete(currentUrl, binding, client);
    } catch (error) {
      if (!(error instanceof SsoRefusal)) throw error;
      await this.#sessions.recordClientFailure(client);
      return refusedAt(error.reason, error.message);
    }
  }

  async #complete(currentUrl: URL, binding: string | undefined, client: string): Promise<CallbackOutcome> {
    const { orgId, returnTo, claims, evaluation } = await this.#flow.complete(currentUrl, binding);
    if (returnTo.startsWith(TEST_PREFIX)) {
      // The dry run: the claims and the role go back in the fragment (never sent to a server or logged).
      const result = Buffer.from(JSON.stringify({ claims, evaluation })).toString('base64url');
      return { kind: 'test', location: `${returnTo.slice(TEST_PREFIX.length)}#ssoTest=${result}` };
    }
    if (evaluation.refusal || !evaluation.email || !evaluation.role) {
      const emailProblem = !evaluation.email || claims.email_verified === false;
      throw new SsoRefusal(emailProblem ? 'email' : 'no_role', evaluation.refusal ?? 'No role');
    }
    const email = evaluation.email;
    const subject = String(claims.sub);
    const user = await this.#upsertUser(orgId, email, evaluation.name, evaluation.role, subject);
    const org = await tenancyRepo.findOrgById(this.#db, orgId);
    const { secret } = await this.#sessions.start({ ...user, slug: org!.slug }, client);
    return { kind: 'signed_in', location: returnTo, secret };
  }

  /** Creates or updates the user in one transaction; the role follows the groups on every sign-in. */
  async #upsertUser(orgId: string, email: string, name: string | null, role: Role, subject: string) {
    return this.#db.transaction().execute(async (trx): Promise<UserRow> => {
      const existing = await tenancyRepo.findUserByEmail(trx, orgId, email);
      if (!existing) {
        if (await findUserElsewhere(trx, orgId, email))
          throw new SsoRefusal('email_other_org', `The e-mail ${email} belongs to another organisation`);
        const row: UserRow = {
          id: newId('usr'),
          org_id: orgId,
          email,
          display_name: name,
          role,
          password_hash: null,
          created_at: new Date().toISOString(),
        };
        await tenancyRepo.insertUser(trx, row);
        await upsertUserIdentity(trx, row.id, orgId, { sso_subject: subject });
        await recordAudit(trx, orgId, {
          actorId: row.id,
          action: 'user.create',
          entityType: 'user',
          entityId: row.id,
          details: { email, role, via: 'sso' },
        });
        return row;
      }
      const identity = await findUserIdentity(trx, existing.id);
      if (identity?.deactivated_at)
        throw new SsoRefusal('deactivated', 'This account is deactivated by the identity provider');
      if (identity?.sso_subject && identity.sso_subject !== subject)
        throw new SsoRefusal(
          'subject_mismatch',
          `The e-mail ${email} belongs to another account of the provider`,
        );
      // The last owner keeps the role: an organisation never loses its last owner to a group change.
      const keepOwner =
        existing.role === 'owner' && role !== 'owner' && (await tenancyRepo.countOwners(trx, orgId)) <= 1;
      const newRole = keepOwner ? 'owner' : role;
      if (newRole !== existing.role || (name !== null && name !== existing.display_name)) {
        await tenancyRepo.updateUser(trx, existing.id, {
          role: newRole,
          display_name: name ?? existing.display_name,
        });
        await recordAudit(trx, orgId, {
          actorId: existing.id,
          action: 'user.update',
          entityType: 'user',
          entityId: existing.id,
          details: { role: newRole, previousRole: existing.role, via: 'sso' },
        });
      }
      if (identity?.sso_subject !== subject)
        await upsertUserIdentity(trx, existing.id, orgId, { sso_subject: subject });
      return { ...existing, role: newRole, display_name: name ?? existing.display_name };
    });
  }
}
