/**
 * Who is calling, as every layer sees it: the principal a bearer token or a session resolves to, and the reach
 * (portfolio scoping) it carries. A leaf module (types, `UNRESTRICTED` and `hasFeature`), so the domains that
 * receive a principal depend on this file and not on the service that resolves it (ARCHITECTURE.md, tenancy/).
 */
import { planHasFeature, type Feature, type Scope } from './plans.ts';
import type { Role } from './roles.ts';

/**
 * The asset ids a principal may see (docs/portfolio-access.md): null is everything in its organisation (owners,
 * admins, or `portfolioAccess` off, without a token restriction). Read paths filter on `sboms.asset_id IN reach`.
 */
export type Reach = ReadonlySet<string> | null;

/** Who is asking for a reach: the user, and the token's own tag restriction when the caller is an API token. */
export interface ReachQuery {
  orgId: string;
  userId: string;
  assetTags: readonly string[] | null;
}

/**
 * What a principal reaches, and within that what it may change (docs/portfolio-access.md, "Grant roles"): an
 * asset whose only covering grants have role viewer is read-only to a member, and everything is to a viewer.
 */
export interface Reaches {
  reach: Reach;
  /** The reached asset ids whose data the principal may change; null: every asset it reaches. */
  writable: Reach;
}

export const UNRESTRICTED: Reaches = { reach: null, writable: null };

/**
 * Computes a reach (portfolio/reach.ts, injected by services.ts: portfolio/ depends on tenancy/, not the reverse).
 * Without one every principal reaches everything, which only bare unit tests rely on.
 */
export type ReachResolver = (query: ReachQuery) => Promise<Reaches>;

/**
 * Who is calling: resolved from a bearer token, or from a signed-in person's session cookie, on every request
 * and tool call. A session's scopes are those of its role (roles.ts).
 */
export interface Principal {
  /** The API token, or null for a session. */
  tokenId: string | null;
  orgId: string;
  userId: string;
  scopes: ReadonlySet<Scope>;
  plan: string;
  mcpWriteEnabled: boolean;
  /** The asset ids this principal reaches; null: all of its organisation's. */
  reach: Reach;
  /** Of those, the ones whose data it may change (its grants' roles); null: all it reaches. Checked by writes. */
  writable: Reach;
  /** Set when a person signed in through POST /session (never for a token). */
  session?: SessionInfo;
}

export interface SessionInfo {
  id: string;
  role: Role;
  csrfToken: string;
  /** `mfa_enrolment`: only the session and second-factor routes answer until a factor is enrolled. */
  restriction?: string | null;
  view: SessionView;
}

/** The answer of POST and GET /session. */
export interface SessionView {
  user: { id: string; email: string; name: string | null; role: Role };
  org: { id: string; slug: string; name: string; plan: string };
  csrfToken: string;
  /** The organisation requires a second factor and this person must enrol one first. */
  mfaEnrolmentRequired?: boolean;
}

/** Whether the principal's plan includes a feature (route-auth.ts gates routes with it). */
export const hasFeature = (principal: Principal, feature: Feature): boolean =>
  planHasFeature(principal.plan, feature);
