// Overview: open findings by severity (first, from the summary endpoint), then the trend, the most affected
// SBOMs and packages (server endpoints: the page never downloads the findings themselves), the vendor risk
// summary and the vulnerability data's freshness, each loading on its own.
import { useEffect, useMemo } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { api, read } from '../api/http.ts';
import { useSboms, useSummary, useVendorRisk } from '../api/queries.ts';

import { ErrorMessage, Loading } from '../components/bits.tsx';
import { SeverityBars, TrendLine } from '../components/charts.tsx';
import { Page } from '../components/Shell.tsx';
import { Freshness } from './Freshness.tsx';

export default function Overview() {
  const navigate = useNavigate();
  const summary = useSummary();
  const sboms = useSboms();
  // bench/console reads this mark: the first frame that shows finding counts (relative to navigation start).
  useEffect(() => {
    if (summary.data) requestAnimationFrame(() => performance.mark('bulwark:findings-painted'));
  }, [summary.data]);
  const risk = useVendorRisk();
  const firstDone = summary.isSuccess && !sboms.isPending && !risk.isPending;
  const trend = useQuery({
    queryKey: ['findings', 'trend', 90],
    queryFn: () => read(api.GET('/sscs/findings/trend', { params: { query: { days: 90 } } })),
    enabled: firstDone,
  });
  const top = useQuery({
    queryKey: ['findings', 'packages', 5],
    queryFn: () => read(api.GET('/sscs/findings/packages', { params: { query: { limit: 5 } } })),
    enabled: firstDone,
  });
  const packages = top.data;
  const trendPoints = useMemo(
    () => trend.data?.points.map((p) => ({ day: p.date, value: p.open })),
    [trend.data],
  );

  const topSboms = useMemo(
    () =>
      [...(sboms.data ?? [])]
        .filter((s) => s.findingCount > 0)
        .sort((a, b) => b.findingCount - a.findingCount)
        .slice(0, 5),
    [sboms.data],
  );

  return (
    <Page title="Overview">
      <div className="grid">
        <section className="card" aria-labelledby="sev-h" data-testid="overview-summary">
          <h2 id="sev-h">Open findings</h2>
          {summary.isPending && <Loading what="the summary" />}
          <ErrorMessage error={summary.error} />
          {summary.data && (
            <>
              <p className="big" data-testid="open-total">
                {summary.data.total.toLocaleString()} <span className="muted">open</span>
              </p>
              <SeverityBars
                counts={summary.data}
                onPick={(severity) => void navigate({ to: '/findings', search: { severity } })}
              />
              {summary.data.kev !== undefined && (
                <p>
                  <Link to="/findings" search={{ kev: true }}>
                    <strong>{summary.data.kev.toLocaleString()}</strong> in CISA's Known Exploited
                    Vulnerabilities
                  </Link>
                </p>
              )}
            </>
          )}
        </section>

        <section className="card" aria-labelledby="vendor-h">
          <h2 id="vendor-h">Vendor risk</h2>
          {risk.isPending && <Loading what="vendor risk" />}
          <ErrorMessage error={risk.error} />
          {risk.data && (
            <dl className="facts">
              <dt>Vendors</dt>
              <dd>{risk.data.total}</dd>
              <dt>Risk score</dt>
              <dd>{risk.data.score}</dd>
              <dt>Tier 1 not assessed</dt>
              <dd>{risk.data.unassessedCritical}</dd>
              <dt>Assessments done</dt>
              <dd>
                {risk.data.byAssessmentStatus.completed} of {risk.data.total}
              </dd>
            </dl>
          )}
          <Link to="/vendors">All vendors</Link>
        </section>

        <section className="card span2" aria-labelledby="trend-h">
          <h2 id="trend-h">Open findings, last 90 days</h2>
          <p className="muted small">
            Findings open and not retracted at the end of each day (UTC), from their status history.
          </p>
          <ErrorMessage error={trend.error} />
          {trendPoints ? (
            <TrendLine points={trendPoints} label="Open findings per day over the last 90 days" />
          ) : (
            !trend.error && <Loading what="the trend" />
          )}
        </section>

        <section className="card" aria-labelledby="sbom-h">
          <h2 id="sbom-h">Most affected SBOMs</h2>
          <ErrorMessage error={sboms.error} />
          {sboms.data && topSboms.length === 0 && <p className="muted">No SBOM has findings.</p>}
          <ol className="ranked">
            {topSboms.map((s) => (
              <li key={s.id}>
                <Link to="/sboms/$sbomId" params={{ sbomId: s.id }}>
                  {s.name}
                  {s.version ? ` ${s.version}` : ''}
                </Link>
                <span className="count">{s.findingCount.toLocaleString()}</span>
              </li>
            ))}
          </ol>
        </section>

        <section className="card" aria-labelledby="pkg-h">
          <h2 id="pkg-h">Most affected packages</h2>
          <ErrorMessage error={top.error} />
          {packages && packages.length === 0 && <p className="muted">No open findings.</p>}
          {!packages && !top.error && <Loading what="packages" />}
          <ol className="ranked">
            {packages?.map((p) => (
              <li key={`${p.name} ${p.version ?? ''}`}>
                <Link to="/findings" search={{ q: p.name }}>
                  {p.version ? `${p.name} ${p.version}` : p.name}
                </Link>
                <span className="count">{p.open.toLocaleString()}</span>
              </li>
            ))}
          </ol>
        </section>

        <Freshness enabled={firstDone} />
      </div>
    </Page>
  );
}
