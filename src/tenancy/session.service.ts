/**
 * Browser sessions: sign-in with e-mail and password (throttled), cookie resolution with idle and absolute
 * expiry, sign-out. Rules and figures: docs/sessions.md.
 */
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Database } from '../db/database.ts';
import { fromBool } from '../db/helpers.ts';
import { AppError } from '../errors.ts';
import { newId } from '../shared/ids.ts';
import { decoyHash, verifyPassword } from './password.ts';
import { isRole, scopesOfRole, type Role } from './roles.ts';
import * as repo from './session.repository.ts';
import { findUsersByEmailAnyOrg, type UserWithOrg } from './tenancy.repository.ts';
import type { Principal, SessionView } from './tenancy.service.ts';

export const IDLE_TIMEOUT_MS = 12 * 3_600_000;
export const ABSOLUTE_TIMEOUT_MS = 7 * 86_400_000;
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** More failures than this for one e-mail or one client within the window → 429. */
export const MAX_FAILURES = 10;
/** last_seen_at is written at most this often, so a busy console does not write on every request. */
const TOUCH_EVERY_MS = 60_000;

/** 256 random bits, base64url without padding. */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashSecret = (secret: string): string => hash('sha256', secret, 'hex');
/** Derived from the cookie, so it needs no storage; it cannot be turned back into the cookie. */
const csrfOf = (secret: string): string => hash('sha256', `bulwark-csrf:${secret}`, 'base64url');

export function csrfMatches(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export class SignInThrottled extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(
      'RATE_LIMITED',
      429,
      `Too many failed sign-ins; try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s)`,
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

const invalidCredentials = () =>
  new AppError('INVALID_CREDENTIALS', 401, 'The e-mail address or the password is wrong');

export interface SignInInput {
  email: string;
  password: string;
  org?: string | undefined;
}

export class SessionService {
  readonly #db: Kysely<Database>;
  readonly #now: () => number;

  /** `now` is the clock (tests move it to cross the idle and absolute limits). */
  constructor(db: Kysely<Database>, options: { now?: () => number } = {}) {
    this.#db = db;
    this.#now = options.now ?? Date.now;
  }

  #iso(offsetMs = 0): string {
    return new Date(this.#now() + offsetMs).toISOString();
  }

  /** Returns the cookie value (shown to this caller only) and the session's view. */
  async signIn(input: SignInInput, client: string): Promise<{ secret: string; view: SessionView }> {
    const email = input.email.trim().toLowerCase();
    const keys = [`email:${email}`, `client:${client}`];
    await this.#throttle(keys);

    const candidates = (await findUsersByEmailAnyOrg(this.#db, email)).filter(
      (u) => input.org === undefined || u.slug === input.org,
    );
    const matches: UserWithOrg[] = [];
    for (const user of candidates) {
      if (user.password_hash && (await verifyPassword(input.password, user.password_hash)))
        matches.push(user);
    }
    if (candidates.length === 0) await verifyPassword(input.password, await decoyHash());
    if (matches.length === 0) {
      await this.#recordFailure(keys, candidates, client);
      throw invalidCredentials();
    }
    if (matches.length > 1) {
      throw new AppError(
        'VALIDATION_FAILED',
        400,
        `The e-mail address belongs to several organisations; give one of them as org`,
        { details: [{ path: 'body.org', message: `one of ${matches.map((u) => u.slug).join(', ')}` }] },
      );
    }
    return this.#start(matches[0]!, client);
  }

  async #throttle(keys: string[]): Promise<void> {
    const since = this.#iso(-FAILURE_WINDOW_MS);
    for (const key of keys) {
      const { count, oldest } = await repo.countFailures(this.#db, key, since);
      if (count >= MAX_FAILURES && oldest) {
        const reopensAt = Date.parse(oldest) + FAILURE_WINDOW_MS;
        throw new SignInThrottled(Math.max(1, Math.ceil((reopensAt - this.#now()) / 1000)));
      }
    }
  }

  /** Counted for the throttle; audited (without the password) in each organisation the e-mail belongs to. */
  async #recordFailure(keys: string[], users: UserWithOrg[], client: string): Promise<void> {
    const now = this.#iso();
    await this.#db.transaction().execute(async (trx) => {
      await repo.deleteFailuresBefore(trx, this.#iso(-FAILURE_WINDOW_MS));
      await repo.insertFailures(trx, keys, now);
      for (const user of users) {
        await recordAudit(trx, user.org_id, {
          actorId: user.id,
          action: 'session.sign_in_failed',
          entityType: 'user',
          entityId: user.id,
          details: { email: user.email, client },
        });
      }
    });
  }

  async #start(user: UserWithOrg, client: string): Promise<{ secret: string; view: SessionView }> {
    const secret = randomBytes(32).toString('base64url');
    const now = this.#iso();
    const id = newId('ses');
    await this.#db.transaction().execute(async (trx) => {
      await repo.deleteExpiredSessions(trx, now, this.#iso(-IDLE_TIMEOUT_MS));
      await repo.insertSession(trx, {
        id,
        secret_hash: hashSecret(secret),
        org_id: user.org_id,
        user_id: user.id,
        created_at: now,
        last_seen_at: now,
        expires_at: this.#iso(ABSOLUTE_TIMEOUT_MS),
      });
      await recordAudit(trx, user.org_id, {
        actorId: user.id,
        action: 'session.sign_in',
        entityType: 'session',
        entityId: id,
        details: { client },
      });
    });
    const resolved = await this.resolve(secret);
    if (!resolved?.session)
      throw new AppError('INTERNAL_ERROR', 500, 'The new session could not be read back');
    return { secret, view: resolved.session.view };
  }

  /**
   * The principal of a cookie value, or undefined when it is malformed, unknown, signed out, idle for 12 hours
   * or older than 7 days (an expired session is deleted on sight).
   */
  async resolve(secret: string): Promise<Principal | undefined> {
    if (!SECRET_PATTERN.test(secret)) return undefined;
    const row = await repo.findSessionByHash(this.#db, hashSecret(secret));
    if (!row || !isRole(row.role)) return undefined;
    const now = this.#now();
    const lastSeen = Date.parse(row.last_seen_at);
    if (Date.parse(row.expires_at) <= now || lastSeen + IDLE_TIMEOUT_MS <= now) {
      await repo.deleteSession(this.#db, row.id);
      return undefined;
    }
    if (now - lastSeen >= TOUCH_EVERY_MS) await repo.touchSession(this.#db, row.id, this.#iso());
    const role: Role = row.role;
    const csrfToken = csrfOf(secret);
    return {
      tokenId: null,
      orgId: row.org_id,
      userId: row.user_id,
      scopes: scopesOfRole(role),
      plan: row.plan,
      mcpWriteEnabled: fromBool(row.mcp_write_enabled),
      session: {
        id: row.id,
        role,
        csrfToken,
        view: {
          user: { id: row.user_id, email: row.email, name: row.display_name, role },
          org: { id: row.org_id, slug: row.slug, name: row.org_name, plan: row.plan },
          csrfToken,
        },
      },
    };
  }

  /** Invalid at once: the row is gone, so the cookie resolves to nothing on any instance. */
  async signOut(principal: Principal): Promise<string> {
    const session = principal.session;
    if (!session) throw new AppError('FORBIDDEN', 403, 'Only a signed-in session can sign out');
    await this.#db.transaction().execute(async (trx) => {
      await repo.deleteSession(trx, session.id);
      await recordAudit(trx, principal.orgId, {
        actorId: principal.userId,
        action: 'session.sign_out',
        entityType: 'session',
        entityId: session.id,
      });
    });
    return session.id;
  }
}
