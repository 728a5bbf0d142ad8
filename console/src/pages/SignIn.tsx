// Sign-in with e-mail and password (the first one is in data/bootstrap-password), a second-factor code when the
// account has one, or single sign-on through the organisation's provider; returns to the remembered page.
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { ApiError } from '../api/http.ts';
import { ErrorMessage } from '../components/bits.tsx';
import { useSession } from '../session.tsx';

export function SignIn() {
  const { session, signIn, endedReason } = useSession();
  const search = useSearch({ from: '/sign-in' });
  const navigate = useNavigate();
  const [email, setEmail] = useState('admin@localhost');
  const [password, setPassword] = useState('');
  const [org, setOrg] = useState('');
  const [code, setCode] = useState('');
  const [needCode, setNeedCode] = useState(false);
  const [ssoOrg, setSsoOrg] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = 'Sign in · Bulwark';
  }, []);

  useEffect(() => {
    if (session) void navigate({ to: search.redirect ?? '/', replace: true });
  }, [session, search.redirect, navigate]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn(email.trim(), password, org.trim() || undefined, code.trim() || undefined);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'MFA_REQUIRED') setNeedCode(true);
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  // A navigation, not a form post: the CSP's form-action 'self' would stop the redirect to the provider.
  function startSso(event: FormEvent) {
    event.preventDefault();
    const query = new URLSearchParams({ org: ssoOrg.trim(), redirect: search.redirect ?? '/' });
    window.location.assign(`/api/v1/session/sso?${query}`);
  }

  return (
    <main id="main" className="signin">
      <form className="card signin-card" onSubmit={(e) => void submit(e)} aria-describedby="signin-help">
        <h1>Sign in to Bulwark</h1>
        {endedReason && (
          <p className="notice" role="status">
            {endedReason}
          </p>
        )}
        <p id="signin-help" className="muted">
          On a new installation, sign in as <code>admin@localhost</code> with the password in{' '}
          <code>data/bootstrap-password</code>.
        </p>
        <label htmlFor="email">E-mail</label>
        <input
          id="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <label htmlFor="password">Password</label>
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <label htmlFor="org">
          Organisation <span className="muted">(only if your e-mail belongs to several)</span>
        </label>
        <input
          id="org"
          type="text"
          autoComplete="organization"
          value={org}
          onChange={(e) => setOrg(e.target.value)}
        />
        {needCode && (
          <>
            <label htmlFor="code">Code from your authenticator app, or a recovery code</label>
            <input
              id="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </>
        )}
        {search.error && (
          <p className="error" role="alert">
            Single sign-on failed: {search.message ?? search.error}
          </p>
        )}
        <ErrorMessage error={error} focus />
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <form className="card signin-card" onSubmit={startSso} aria-labelledby="sso-title">
        <h2 id="sso-title">Sign in with single sign-on</h2>
        <label htmlFor="sso-org">Organisation</label>
        <input
          id="sso-org"
          name="org"
          type="text"
          autoComplete="organization"
          required
          value={ssoOrg}
          onChange={(e) => setSsoOrg(e.target.value)}
        />
        <button type="submit">Continue with your identity provider</button>
      </form>
    </main>
  );
}
