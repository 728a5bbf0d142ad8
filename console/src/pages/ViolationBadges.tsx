// Violation badges: an SBOM's open violations by state (the summary endpoint) and each component's (from the
// SBOM's open violations, read once), linking to the violations page filtered to them.
import { useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { api, present, read } from '../api/http.ts';
import {
  useViolationSummary,
  VIOLATION_STATES,
  type ViolationState,
  type ViolationSummary,
} from '../api/policies.ts';

/** "2 fail 1 warn" as badges; nothing when there are none. */
export function StateCounts({ counts }: { counts: Partial<Record<ViolationState, number>> }) {
  const shown = VIOLATION_STATES.filter((s) => (counts[s] ?? 0) > 0);
  if (shown.length === 0) return null;
  return (
    <span className="state-counts">
      {shown.map((s) => (
        <span key={s} className={`badge state-${s}`}>
          {counts[s]} {s}
        </span>
      ))}
    </span>
  );
}

/** An SBOM's open violations by state, linked to the violations page; "none" when there are none. */
export function SbomViolationCounts({
  sbomId,
  summary,
}: {
  sbomId: string;
  summary: ViolationSummary | undefined;
}) {
  if (!summary || summary.total === 0) return <span className="muted">none</span>;
  return (
    <Link to="/violations" search={{ sbomId }} className="badge-link">
      <StateCounts counts={summary} />
      <span className="visually-hidden"> open policy violations</span>
    </Link>
  );
}

/** The same for one SBOM, read from its own summary (the SBOM's page). */
export function SbomViolations({ sbomId }: { sbomId: string }) {
  const summary = useViolationSummary(sbomId);
  if (!summary.data) return <span className="muted">…</span>;
  return <SbomViolationCounts sbomId={sbomId} summary={summary.data} />;
}

/** One SBOM's open violations per component: count by state. */
export function useComponentViolations(sbomId: string) {
  const violations = useQuery({
    queryKey: ['violations', 'list', { sbomId, status: 'open', all: true }],
    queryFn: () =>
      read(api.GET('/sscs/violations', { params: { query: present({ sbomId, status: 'open' }) } })),
  });
  return useMemo(() => {
    const byComponent = new Map<string, Partial<Record<ViolationState, number>>>();
    for (const v of violations.data ?? []) {
      const counts = byComponent.get(v.componentId) ?? {};
      counts[v.state] = (counts[v.state] ?? 0) + 1;
      byComponent.set(v.componentId, counts);
    }
    return byComponent;
  }, [violations.data]);
}
