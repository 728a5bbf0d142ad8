// Evidence: the ISO 27001 Statement of Applicability with each control's evidence coverage and the evidence
// behind it, the workspace's own collectors run on demand (admins), and the SoA as a file. docs/compliance.md.
import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, read, unwrap } from '../api/http.ts';
import type { CollectionRun, SoaControl } from '../api/rest.ts';
import { Empty, ErrorMessage, formatDateTime, Loading } from '../components/bits.tsx';
import { Page } from '../components/Shell.tsx';
import { isAdmin, useSession } from '../session.tsx';

const COVERAGE: Record<SoaControl['evidenceCoverage'], string> = {
  current: 'Current evidence',
  expiredOrPending: 'Only expired or pending',
  none: 'No evidence',
  notApplicable: 'Not applicable',
};

function LastRun({ run }: { run: CollectionRun }) {
  return (
    <section className="card" aria-labelledby="run-h" data-testid="last-run">
      <h2 id="run-h">
        Collected {formatDateTime(run.collectedAt)}: {run.passed} passed, {run.failed} failed
      </h2>
      {!run.projectId && <p className="warning">No active ISO 27001 project: nothing was recorded.</p>}
      <ul className="checks-list">
        {run.results.map((r) => (
          <li key={r.collector}>
            <span className={r.passed ? 'badge status-mitigated' : 'badge status-open'}>
              {r.passed ? 'Pass' : 'Fail'}
            </span>{' '}
            <strong>{r.title}</strong> <span className="muted small">{r.controls.join(', ')}</span>
            {r.reasons.length > 0 && (
              <ul className="small">
                {r.reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ControlRow({ control: c }: { control: SoaControl }) {
  return (
    <tr>
      <th scope="row">{c.controlId}</th>
      <td>{c.title}</td>
      <td className="wide-only">{c.applicable === null ? 'undecided' : c.applicable ? 'yes' : 'no'}</td>
      <td>
        <span className={`coverage coverage-${c.evidenceCoverage}`}>{COVERAGE[c.evidenceCoverage]}</span>
        {c.evidence.length > 0 && (
          <details className="small">
            <summary>{c.evidence.length} evidence items</summary>
            <ul>
              {c.evidence.map((e) => (
                <li key={e.id}>
                  {e.title}{' '}
                  <span className="muted">
                    ({e.status}, {e.source}, until {formatDateTime(e.expiresAt)})
                  </span>
                </li>
              ))}
            </ul>
          </details>
        )}
      </td>
    </tr>
  );
}

export default function Evidence() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<'' | SoaControl['evidenceCoverage']>('');
  const soa = useQuery({ queryKey: ['soa'], queryFn: () => read(api.GET('/governance/soa/export')) });
  const collect = useMutation({
    mutationFn: () => unwrap(api.POST('/governance/evidence/collect', { body: {} })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['soa'] }),
  });
  const shown = useMemo(
    () => (soa.data?.controls ?? []).filter((c) => !filter || c.evidenceCoverage === filter),
    [soa.data, filter],
  );
  const counts = useMemo(() => {
    const out: Record<string, number> = {};
    for (const c of soa.data?.controls ?? []) out[c.evidenceCoverage] = (out[c.evidenceCoverage] ?? 0) + 1;
    return out;
  }, [soa.data]);

  return (
    <Page
      title="Evidence"
      actions={
        isAdmin(session) ? (
          <button type="button" disabled={collect.isPending} onClick={() => collect.mutate()}>
            {collect.isPending ? 'Collecting…' : 'Collect evidence now'}
          </button>
        ) : undefined
      }
    >
      <p className="muted">
        Bulwark checks its own data (findings, KEV, SBOMs, vendors, access reviews, policies) and records the
        result as evidence of the Annex A controls it supports, every day and on demand.
      </p>
      <ErrorMessage error={collect.error} />
      {collect.data && <LastRun run={collect.data.data} />}
      {soa.isPending && <Loading what="the Statement of Applicability" />}
      {/* 404: the organisation has no active ISO 27001 project yet, a state to explain rather than an error. */}
      {soa.error instanceof ApiError && soa.error.status === 404 ? (
        <section className="card" data-testid="no-iso-project">
          <h2>No ISO 27001 project yet</h2>
          <p>
            Evidence is recorded against the controls of the organisation's active ISO 27001 project, and
            there is none. Import one in a governance bundle (<code>isoProjects</code>, with{' '}
            <code>bulwark import governance.json --org &lt;slug&gt;</code>) or fill a trial organisation with{' '}
            <code>bulwark demo --org &lt;slug&gt;</code>. Until then the collectors still run, but record
            nothing.
          </p>
        </section>
      ) : (
        <ErrorMessage error={soa.error} />
      )}
      {soa.data && (
        <section className="card" aria-labelledby="soa-h">
          <div className="page-head">
            <h2 id="soa-h">
              Statement of Applicability: {soa.data.project}
              {soa.data.soaVersion ? `, version ${soa.data.soaVersion}` : ''}
            </h2>
            <span>
              <a href="/api/v1/governance/soa/export?format=csv" download>
                Download CSV
              </a>{' '}
              ·{' '}
              <a href="/api/v1/governance/soa/export?format=json" download>
                JSON
              </a>
            </span>
          </div>
          <div className="field inline">
            <label htmlFor="coverage-filter">Show</label>
            <select
              id="coverage-filter"
              value={filter}
              onChange={(e) => setFilter(e.target.value as typeof filter)}
            >
              <option value="">All {soa.data.controls.length} controls</option>
              {Object.entries(COVERAGE).map(([value, text]) => (
                <option key={value} value={value}>
                  {text} ({counts[value] ?? 0})
                </option>
              ))}
            </select>
          </div>
          {shown.length === 0 ? (
            <Empty>No control matches.</Empty>
          ) : (
            <div className="table-wrap">
              <table data-testid="soa">
                <thead>
                  <tr>
                    <th scope="col">Control</th>
                    <th scope="col">Title</th>
                    <th scope="col" className="wide-only">
                      Applicable
                    </th>
                    <th scope="col">Evidence</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((c) => (
                    <ControlRow key={c.controlId} control={c} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </Page>
  );
}
