// Sign-in with e-mail and password (the first one is in data/bootstrap-password); returns to the remembered page.
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { ErrorMessage } from '../components/bits.tsx';
import { useSession } from '../session.tsx';

export function SignIn() {
  const { session, signIn, endedReason } = useSession();
  const search = useSearch({ from: '/sign-in' });
  const navigate = useNavigate();
  const [email, setEmail] = useState('admin@localhost');
  const [password, setPassword] = useState('');
  const [org, setOrg] = useState('');
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
      await signIn(email.trim(), password, org.trim() || undefined);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
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
        <ErrorMessage error={error} focus />
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
