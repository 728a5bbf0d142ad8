// An SBOM's fix plan (GET /sscs/sboms/{id}/remediation, docs/remediation.md): the upgrades that fix the most,
// KEV and CRITICAL first, what each fixes and leaves, and which direct dependencies bring the package in.
import { useQuery } from '@tanstack/react-query';
import { api, read } from '../api/http.ts';
import type { PlanItem } from '../api/rest.ts';
import { Empty, ErrorMessage, Loading } from '../components/bits.tsx';

const SHOWN = 10;

const target = (p: PlanItem) =>
  p.targetVersion ?? (p.targetAbove ? `above ${p.targetAbove}` : 'no fixed version named');

function fixes(p: PlanItem): string {
  const parts = (['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const)
    .filter((s) => p.fixes.bySeverity[s] > 0)
    .map((s) => `${p.fixes.bySeverity[s]} ${s.toLowerCase()}`);
  return `${p.fixes.total} (${parts.join(', ')}${p.fixes.kev ? `; ${p.fixes.kev} KEV` : ''})`;
}

export function FixPlan({ sbomId }: { sbomId: string }) {
  const plan = useQuery({
    queryKey: ['sbom', sbomId, 'remediation'],
    queryFn: () => read(api.GET('/sscs/sboms/{sbomId}/remediation', { params: { path: { sbomId } } })),
  });
  const items = plan.data ?? [];
  return (
    <section className="card" aria-labelledby="fix-h" data-testid="fix-plan">
      <h2 id="fix-h">Fix plan</h2>
      <p className="muted small">
        The lowest version that leaves every affected range of a package's open findings, among the versions
        its advisories name; most valuable first (KEV, then CRITICAL, HIGH… fixed).
      </p>
      {plan.isPending && <Loading what="the fix plan" />}
      <ErrorMessage error={plan.error} />
      {plan.data && items.length === 0 && <Empty>Nothing to upgrade: no open findings.</Empty>}
      {items.length > 0 && (
        // Focusable: long package URLs may make it scroll sideways, and a keyboard must reach that too.
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Fix plan upgrades">
          <table>
            <caption className="visually-hidden">Upgrades, most valuable first</caption>
            <thead>
              <tr>
                <th scope="col">Package</th>
                <th scope="col">Upgrade</th>
                <th scope="col">Fixes</th>
                <th scope="col" className="count">
                  Left
                </th>
                <th scope="col" className="wide-only">
                  Brought in by
                </th>
              </tr>
            </thead>
            <tbody>
              {items.slice(0, SHOWN).map((p) => (
                <tr key={`${p.purl}@${p.currentVersion}`}>
                  <td className="mono small">{p.purl}</td>
                  <td>
                    {p.currentVersion} → <strong>{target(p)}</strong>
                  </td>
                  <td>{fixes(p)}</td>
                  <td className="count">{p.remaining}</td>
                  <td className="mono small wide-only">
                    {p.introducedBy.length ? p.introducedBy.join(', ') : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {items.length > SHOWN && (
            <p className="muted small">
              The first {SHOWN} of {items.length} upgrades; `bulwark scan --remediation` prints them all.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
