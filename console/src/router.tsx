// Typed routes of the console; every page but sign-in is its own chunk, loaded when first visited. Pages reach
// their route through getRouteApi(id), never by importing this module (which imports them).
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import type { Session } from './api/rest.ts';
import { AdminOnly, AuthedLayout } from './components/Shell.tsx';
import { findingSearchOf, str, type ViolationSearch } from './search.ts';
import Overview from './pages/Overview.tsx';
import { SignIn } from './pages/SignIn.tsx';

/** The router knows who is signed in; main.tsx passes the session and invalidates the router when it changes. */
export interface RouterContext {
  session: Session | null;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Outlet });

export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: (
    search: Record<string, unknown>,
  ): { redirect?: string; error?: string; message?: string } => {
    const redirect = str(search.redirect);
    // A refused single sign-on comes back with its reason (docs/identity.md); shown as text, never as markup.
    const error = str(search.error);
    const message = str(search.message);
    return {
      // Only a path on this site: never an absolute URL (open redirect).
      ...(redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? { redirect } : {}),
      ...(error ? { error } : {}),
      ...(message ? { message } : {}),
    };
  },
  component: SignIn,
});

// Every page but sign-in needs a session; without one, sign-in remembers where the user was going.
const authed = createRoute({
  getParentRoute: () => rootRoute,
  id: 'authed',
  component: AuthedLayout,
  beforeLoad: ({ context, location }) => {
    if (context.session) return;
    const here = location.href;
    throw redirect({ to: '/sign-in', search: here === '/' ? {} : { redirect: here }, replace: true });
  },
});

const page = <P extends string>(path: P, load: () => Promise<{ default: () => React.JSX.Element }>) =>
  createRoute({ getParentRoute: () => authed, path, component: lazyRouteComponent(load) });

/** A page for owners and admins: others see why it is not for them (components/Shell.tsx AdminOnly). */
const adminPage = <P extends string>(path: P, load: () => Promise<{ default: () => React.JSX.Element }>) => {
  const Lazy = lazyRouteComponent(load);
  return createRoute({
    getParentRoute: () => authed,
    path,
    component: () => (
      <AdminOnly>
        <Lazy />
      </AdminOnly>
    ),
  });
};

// The overview is the first page most visits paint: it ships in the entry chunk (3.7 KiB gzip) instead of
// costing one more round trip after the session check.
export const overviewRoute = createRoute({ getParentRoute: () => authed, path: '/', component: Overview });

export const sbomsRoute = createRoute({
  getParentRoute: () => authed,
  path: '/sboms',
  validateSearch: (search: Record<string, unknown>): { q?: string } => {
    const q = str(search.q);
    return q ? { q } : {};
  },
  component: lazyRouteComponent(() => import('./pages/Sboms.tsx')),
});

export const sbomRoute = createRoute({
  getParentRoute: () => authed,
  path: '/sboms/$sbomId',
  component: lazyRouteComponent(() => import('./pages/SbomDetail.tsx')),
});

export const findingsRoute = createRoute({
  getParentRoute: () => authed,
  path: '/findings',
  validateSearch: findingSearchOf,
  component: lazyRouteComponent(() => import('./pages/Findings.tsx')),
});

const VIOLATION_FILTERS = {
  status: ['open', 'suppressed', 'all'],
  state: ['fail', 'warn', 'info'],
  kind: ['license', 'security', 'operational'],
} as const;

export const violationsRoute = createRoute({
  getParentRoute: () => authed,
  path: '/violations',
  validateSearch: (search: Record<string, unknown>): ViolationSearch => {
    const out: Record<string, string> = {};
    for (const key of ['policyId', 'sbomId', 'assetName'] as const) {
      const value = str(search[key]);
      if (value) out[key] = value;
    }
    for (const [key, allowed] of Object.entries(VIOLATION_FILTERS)) {
      const value = str(search[key]);
      if (value && (allowed as readonly string[]).includes(value)) out[key] = value;
    }
    return out as ViolationSearch;
  },
  component: lazyRouteComponent(() => import('./pages/Violations.tsx')),
});

/** The OAuth consent page the authorization server sends a browser to (`uid`: the pending request). */
export const authorizeRoute = createRoute({
  getParentRoute: () => authed,
  path: '/authorize',
  validateSearch: (search: Record<string, unknown>): { uid?: string } => {
    const uid = str(search.uid);
    return uid ? { uid } : {};
  },
  component: lazyRouteComponent(() => import('./pages/Authorize.tsx')),
});

const routeTree = rootRoute.addChildren([
  signInRoute,
  authed.addChildren([
    overviewRoute,
    sbomsRoute,
    sbomRoute,
    findingsRoute,
    page('/assets', () => import('./pages/Assets.tsx')),
    page('/vendors', () => import('./pages/Vendors.tsx')),
    adminPage('/access/tokens', () => import('./pages/Tokens.tsx')),
    adminPage('/access/users', () => import('./pages/Users.tsx')),
    adminPage('/access/teams', () => import('./pages/Teams.tsx')),
    adminPage('/access/organisation', () => import('./pages/Organisation.tsx')),
    page('/access/security', () => import('./pages/Security.tsx')),
    page('/access/connect', () => import('./pages/Connect.tsx')),
    page('/governance/evidence', () => import('./pages/Evidence.tsx')),
    page('/access/applications', () => import('./pages/Applications.tsx')),
    page('/policies', () => import('./pages/Policies.tsx')),
    violationsRoute,
    page('/triage-rules', () => import('./pages/TriageRules.tsx')),
    authorizeRoute,
    adminPage('/audit', () => import('./pages/Audit.tsx')),
  ]),
]);

export const router = createRouter({
  routeTree,
  context: { session: null },
  defaultPreload: 'intent',
  defaultNotFoundComponent: () => (
    <main className="page" id="main">
      <h1>Page not found</h1>
      <p>There is nothing at this address. Use the navigation to find your way.</p>
    </main>
  ),
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
