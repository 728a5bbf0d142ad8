// Who is signed in: the session from GET /api/v1/session, sign-in and sign-out, and what the role may do.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, ApiError, read, setCsrfToken, setUnauthorizedHandler } from './api/http.ts';
import type { Role, Session } from './api/rest.ts';

interface SessionState {
  /** undefined while the first GET /session is in flight. */
  session: Session | null | undefined;
  /** Why the last session ended on its own (expiry), shown on the sign-in page. */
  endedReason: string | null;
  /** `code`: the second factor (six digits: a TOTP code; anything else: a recovery code). */
  signIn: (email: string, password: string, org?: string, code?: string) => Promise<void>;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

// Asked as soon as the script runs, not after React's first render: one round trip less on every first load.
const bootSession = read(api.GET('/session'), { quiet401: true }).then(
  (session): Session => session,
  () => null,
);

const WRITERS: Role[] = ['owner', 'admin', 'member'];
const ADMINS: Role[] = ['owner', 'admin'];

export function canWrite(session: Session | null | undefined): boolean {
  return !!session && WRITERS.includes(session.user.role);
}

export function isAdmin(session: Session | null | undefined): boolean {
  return !!session && ADMINS.includes(session.user.role);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [endedReason, setEndedReason] = useState<string | null>(null);

  const adopt = useCallback(
    (next: Session | null) => {
      setCsrfToken(next?.csrfToken ?? null);
      if (!next) queryClient.clear();
      setSession(next);
    },
    [queryClient],
  );

  useEffect(() => {
    void bootSession.then(adopt);
  }, [adopt]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      setEndedReason('Your session has ended. Sign in again to continue where you were.');
      adopt(null);
    });
    return () => setUnauthorizedHandler(null);
  }, [adopt]);

  const signIn = useCallback(
    async (email: string, password: string, org?: string, code?: string) => {
      const factor = code ? (/^\d{6}$/.test(code) ? { code } : { recoveryCode: code }) : {};
      const body = { email, password, ...(org ? { org } : {}), ...factor };
      const session = await read(api.POST('/session', { body }), { quiet401: true });
      setEndedReason(null);
      adopt(session);
    },
    [adopt],
  );

  const signOut = useCallback(async () => {
    try {
      await read(api.DELETE('/session'), { quiet401: true });
    } catch (error) {
      // Already signed out server-side: the outcome the user asked for.
      if (!(error instanceof ApiError && error.status === 401)) throw error;
    }
    setEndedReason(null);
    adopt(null);
  }, [adopt]);

  const value = useMemo(
    () => ({ session, endedReason, signIn, signOut }),
    [session, endedReason, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}
