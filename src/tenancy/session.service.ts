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
import { UNRESTRICTED, type Principal, type ReachResolver, type SessionView } from './principal.ts';

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

/** Answered 429 with Retry-After (the error handler sends it). */
export class SignInThrottled extends AppError {
  constructor(retryAfterSeconds: number) {
    super(
      'RATE_LIMITED',
      429,
      `Too many failed sign-ins; try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s)`,
      { retryAfterSeconds },
    );
  }
}

const invalidCredentials = () =>
  new AppError('INVALID_CREDENTIALS', 401, 'The e-mail address or the password is wrong');

export interface SignInInput {
  email: string;
  password: string;
  org?: string | undefined;
  /** The TOTP code or one recovery code, when the user has a second factor (identity/mfa). */
  code?: string | undefined;
  recoveryCode?: string | undefined;
}

/** A refusal of the guard that counts as a failed sign-in for the throttle (a wrong second-factor code). */
export class SignInFailure extends AppError {}

/**
 * What runs after the password matched, supplied by identity/ (deactivated users, SSO enforcement, the second
 * factor). It throws to refuse (a SignInFailure also counts for the throttle) and returns the new session's
 * restriction, if any.
 */
export interface SignInGuard {
  afterPassword(user: UserWithOrg, input: SignInInput): Promise<string | null>;
}

/** A client that signed in to an account within this time passes the account's own throttle. */
export const KNOWN_CLIENT_MS = 30 * 86_400_000;

export class SessionService {
  readonly #db: Kysely<Database>;
  readonly #now: () => number;
  #guard: SignInGuard | undefined;
  #reachOf: ReachResolver = async () => UNRESTRICTED;

  /** `now` is the clock (tests move it to cross the idle and absolute limits). */
  constructor(db: Kysely<Database>, options: { now?: () => number } = {}) {
    this.#db = db;
    this.#now = options.now ?? Date.now;
  }

  /** Set once by the composition root (identity/ depends on this service, not the other way round). */
  /** How a session gets its reach (portfolio/reach.ts, cached there); set once by services.ts. */
  useReach(resolver: ReachResolver): void {
    this.#reachOf = resolver;
  }

  useGuard(guard: SignInGuard): void {
    this.#guard = guard;
  }

  #iso(offsetMs = 0): string {
    return new Date(this.#now() + offsetMs).toISOString();
  }

  /** Returns the cookie value (shown to this caller only) and the session's view. */
  async signIn(input: SignInInput, client: string): Promise<{ secret: string; view: SessionView }> {
    const email = input.email.trim().toLowerCase();
    const known = `${email}|${client}`;
    // Counted per client, per account, and per account and client together. Only the account's own count
    // lets a client that signed in to it before through: a stranger's failures cannot lock its owner out.
    const keys = [`email:${email}`, `client:${client}`, `pair:${known}`];
    const knownClient = await repo.isKnownClient(this.#db, known, this.#iso(-KNOWN_CLIENT_MS));
    await this.#throttle(knownClient ? keys.slice(1) : keys);

    const candidates = (await findUsersByEmailAnyOrg(this.#db, email)).filter(
      (u) => input.org === undefined || u.slug === input.org,
    );
    const matches: UserWithOrg[] = [];
    for (const user of candidates) {
      // A user without a password costs the same time as a wrong one: timing does not tell the account's state.
      const stored = user.password_hash ?? (await decoyHash());
      if ((await verifyPassword(input.password, stored)) && user.password_hash) matches.push(user);
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
    const user = matches[0]!;
    let restriction: string | null = null;
    try {
      restriction = (await this.#guard?.afterPassword(user, input)) ?? null;
    } catch (error) {
      if (error instanceof SignInFailure) await this.#recordFailure(keys, [user], client);
      throw error;
    }
    await repo.rememberClient(this.#db, known, this.#iso());
    return this.start(user, client, restriction);
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

  /** The throttle of other ways in (SSO callbacks): refuses with 429 while `client` is over its limit. */
  throttleClient(client: string): Promise<void> {
    return this.#throttle([`client:${client}`]);
  }

  /** Counts a failed SSO callback for the client's throttle. */
  recordClientFailure(client: string): Promise<void> {
    return this.#recordFailure([`client:${client}`], [], client);
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

  /** Starts a session for a user already authenticated (password here, or identity/'s SSO callback). */
  async start(
    user: UserWithOrg,
    client: string,
    restriction: string | null = null,
  ): Promise<{ secret: string; view: SessionView }> {
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
        restriction,
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
      ...(await this.#reachOf({ orgId: row.org_id, userId: row.user_id, assetTags: null })),
      session: {
        id: row.id,
        role,
        csrfToken,
        restriction: row.restriction,
        view: {
          user: { id: row.user_id, email: row.email, name: row.display_name, role },
          org: { id: row.org_id, slug: row.slug, name: row.org_name, plan: row.plan },
          csrfToken,
          ...(row.restriction === 'mfa_enrolment' ? { mfaEnrolmentRequired: true } : {}),
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
