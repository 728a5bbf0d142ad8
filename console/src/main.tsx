// Entry point of the console: query client, session, router.
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { ApiError } from './api/http.ts';
import { fetchSummary, prefetchFindingPages, summaryKey } from './api/queries.ts';
import { OutageBanner } from './components/OutageBanner.tsx';
import { router } from './router.tsx';
import { findingSearchOf } from './search.ts';
import { SessionProvider, useSession } from './session.tsx';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: false,
      // A documented error (404, 403, 400) will not change by asking again.
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

// The overview is the usual first page: fetch its counts while the session is being checked (a signed-out
// visitor's 401 here is harmless: signing in clears the cache).
if (window.location.pathname === '/') {
  void queryClient.prefetchQuery({ queryKey: summaryKey, queryFn: () => fetchSummary({ quiet401: true }) });
}
// The findings page likewise: its first 200 rows, with the filters and order the router will read from the URL.
if (window.location.pathname === '/findings') {
  void prefetchFindingPages(queryClient, findingSearchOf(router.options.parseSearch(window.location.search)));
}

function App() {
  const session = useSession();
  // Signing in or out (or the session expiring) re-runs the routes' sign-in check.
  useEffect(() => {
    if (session.session !== undefined) void router.invalidate();
  }, [session.session]);
  if (session.session === undefined) {
    return (
      <p className="boot" role="status">
        Loading Bulwark…
      </p>
    );
  }
  return (
    <>
      <OutageBanner />
      <RouterProvider router={router} context={{ session: session.session }} />
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <App />
      </SessionProvider>
    </QueryClientProvider>
  </StrictMode>,
);
