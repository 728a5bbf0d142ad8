// The signed-in frame: skip link, header with the organisation and the user, navigation, and the page.
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { isAdmin, useSession } from '../session.tsx';

const MAIN_LINKS = [
  { to: '/', label: 'Overview' },
  { to: '/assets', label: 'Assets' },
  { to: '/sboms', label: 'SBOMs' },
  { to: '/findings', label: 'Findings' },
  { to: '/vendors', label: 'Vendors' },
  { to: '/policies', label: 'Policies' },
  { to: '/violations', label: 'Violations' },
  { to: '/triage-rules', label: 'Triage rules' },
  { to: '/governance/evidence', label: 'Evidence' },
] as const;

const ACCESS_LINKS = [
  { to: '/access/tokens', label: 'API tokens' },
  { to: '/access/users', label: 'Users' },
  { to: '/access/teams', label: 'Teams' },
  { to: '/access/organisation', label: 'Organisation' },
  { to: '/audit', label: 'Audit log' },
] as const;

export function AuthedLayout() {
  const { session, signOut } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);

  // Each navigation closes the phone menu and moves focus to the new page's heading for screen readers.
  useEffect(() => {
    setMenuOpen(false);
    document.querySelector<HTMLElement>('main h1')?.focus({ preventScroll: true });
  }, [location.pathname]);

  // Between the session ending and the route check re-running (main.tsx), render nothing.
  if (!session) return null;
  const admin = isAdmin(session);

  return (
    <div className="shell">
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/" className="brand">
          Bulwark
        </Link>
        <span className="org" title={`Organisation ${session.org.slug}, plan ${session.org.plan}`}>
          {session.org.name}
        </span>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <div className="who">
          <span>
            {session.user.email} <span className="role">{session.user.role}</span>
          </span>
          <button
            type="button"
            className="secondary"
            onClick={() => void signOut().then(() => navigate({ to: '/sign-in' }))}
          >
            Sign out
          </button>
        </div>
      </header>
      <nav id="nav" className={menuOpen ? 'nav open' : 'nav'} aria-label="Main">
        <ul>
          {MAIN_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                activeOptions={{ exact: link.to === '/' }}
                activeProps={{ 'aria-current': 'page' }}
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <p className="nav-heading" id="access-heading">
          Access
        </p>
        <ul aria-labelledby="access-heading">
          {admin &&
            ACCESS_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} activeProps={{ 'aria-current': 'page' }}>
                  {link.label}
                </Link>
              </li>
            ))}
          <li>
            <Link to="/access/security" activeProps={{ 'aria-current': 'page' }}>
              Security
            </Link>
          </li>
          <li>
            <Link to="/access/connect" activeProps={{ 'aria-current': 'page' }}>
              Connect an AI assistant
            </Link>
          </li>
          <li>
            <Link to="/access/applications" activeProps={{ 'aria-current': 'page' }}>
              Connected applications
            </Link>
          </li>
        </ul>
      </nav>
      <div className="content">
        <Outlet />
      </div>
    </div>
  );
}

/**
 * A page only owners and admins may use (the server refuses the others: 403). Viewers and members who follow a
 * link to it are told so instead of being offered a form the server would refuse.
 */
export function AdminOnly({ children }: { children: React.ReactNode }) {
  const { session } = useSession();
  if (isAdmin(session)) return <>{children}</>;
  return (
    <Page title="Not available for your role">
      <p>
        This page is for the organisation's owners and admins. You are signed in as{' '}
        <strong>{session?.user.role}</strong>; ask an admin if you need it.
      </p>
      <Link to="/">Back to the overview</Link>
    </Page>
  );
}

/** A page's frame: its heading (focus target after navigation) and content. */
export function Page({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Bulwark`;
  }, [title]);
  return (
    <main id="main" className="page" tabIndex={-1}>
      <div className="page-head">
        <h1 tabIndex={-1}>{title}</h1>
        {actions}
      </div>
      {children}
    </main>
  );
}
