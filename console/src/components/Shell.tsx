// The signed-in frame: skip link, header with the organisation and the user, navigation, and the page.
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { isAdmin, useSession } from '../session.tsx';

const MAIN_LINKS = [
  { to: '/', label: 'Overview' },
  { to: '/sboms', label: 'SBOMs' },
  { to: '/findings', label: 'Findings' },
  { to: '/vendors', label: 'Vendors' },
  { to: '/audit', label: 'Audit log' },
] as const;

const ACCESS_LINKS = [
  { to: '/access/tokens', label: 'API tokens' },
  { to: '/access/users', label: 'Users' },
  { to: '/access/organisation', label: 'Organisation' },
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
    <main id="main" className="page">
      <div className="page-head">
        <h1 tabIndex={-1}>{title}</h1>
        {actions}
      </div>
      {children}
    </main>
  );
}
