// When the server cannot be reached, one banner says so and retries by itself; when it answers again the
// banner goes and every query that failed meanwhile is asked again.
import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isServerDown, onReachability, setServerDown } from '../api/http.ts';

const RETRY_MS = 3_000;

async function healthy(): Promise<boolean> {
  try {
    return (await fetch('/healthz', { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

export function OutageBanner() {
  const down = useSyncExternalStore(onReachability, isServerDown);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!down) return;
    let stopped = false;
    const check = async () => {
      if (stopped || !(await healthy()) || stopped) return;
      setServerDown(false);
      await queryClient.refetchQueries({ type: 'active', predicate: (q) => q.state.status === 'error' });
    };
    const timer = setInterval(() => void check(), RETRY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [down, queryClient]);

  if (!down) return null;
  return (
    <div className="outage" role="alert" data-testid="outage">
      <strong>Bulwark's server cannot be reached.</strong> Nothing you see is lost; the console tries again
      every {RETRY_MS / 1000} seconds and picks up where it was.
    </div>
  );
}
