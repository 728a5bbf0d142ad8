// One SBOM: its record, its components (virtualised: large SBOMs reach 100,000 rows) and its findings.
import { useMemo, useState } from 'react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, present, read, unwrap } from '../api/http.ts';
import type { Component } from '../api/rest.ts';
import {
  Empty,
  ErrorMessage,
  formatDateTime,
  Loading,
  SeverityBadge,
  StatusBadge,
} from '../components/bits.tsx';
import { Page } from '../components/Shell.tsx';
import { VirtualTable, type Column } from '../components/VirtualTable.tsx';
import { canWrite, useSession } from '../session.tsx';
import { FixPlan } from './FixPlan.tsx';
import { SbomViolations, StateCounts, useComponentViolations } from './ViolationBadges.tsx';

const COLUMNS: Column<Component>[] = [
  {
    key: 'name',
    header: 'Name',
    width: 'minmax(10rem, 2fr)',
    render: (c) => (c.group ? `${c.group}/${c.name}` : c.name),
  },
  { key: 'version', header: 'Version', width: 'minmax(5rem, 1fr)', render: (c) => c.version ?? '—' },
  { key: 'eco', header: 'Ecosystem', width: 'minmax(5rem, 1fr)', render: (c) => c.ecosystem ?? '—' },
  {
    key: 'purl',
    header: 'Package URL',
    width: 'minmax(12rem, 3fr)',
    render: (c) => <span className="mono">{c.purl ?? '—'}</span>,
  },
];

/** The export formats of GET /sscs/sboms/{id}/export (docs/pipeline.md). */
const EXPORTS = [
  ['cyclonedx', 'CycloneDX (with vulnerabilities)'],
  ['cyclonedx-vex', 'CycloneDX VEX'],
  ['openvex', 'OpenVEX'],
  ['sarif', 'SARIF (code scanning)'],
  ['csv', 'CSV (spreadsheet)'],
] as const;

const sbomRoute = getRouteApi('/authed/sboms/$sbomId');

export default function SbomDetail() {
  const { sbomId } = sbomRoute.useParams();
  const { session } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState('');
  const sbom = useQuery({
    queryKey: ['sbom', sbomId],
    queryFn: () => read(api.GET('/sscs/sboms/{sbomId}', { params: { path: { sbomId } } })),
  });
  const components = useQuery({
    queryKey: ['sbom', sbomId, 'components'],
    queryFn: () => read(api.GET('/sscs/sboms/{sbomId}/components', { params: { path: { sbomId } } })),
  });
  // The ten most pressing open findings and the open total: never the whole list (an SBOM can have 100,000).
  const findings = useQuery({
    queryKey: ['findings', 'list', 'top', sbomId],
    queryFn: () =>
      read(
        api.GET('/sscs/findings', {
          params: { query: present({ sbomId, status: 'open', sort: 'priority', limit: 10 }) },
        }),
      ),
  });
  const open = useQuery({
    queryKey: ['findings', 'summary', sbomId],
    queryFn: () => read(api.GET('/sscs/findings/summary', { params: { query: present({ sbomId }) } })),
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE('/sscs/sboms/{sbomId}', { params: { path: { sbomId } } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['sboms'] });
      await queryClient.invalidateQueries({ queryKey: ['findings'] });
      await navigate({ to: '/sboms' });
    },
  });

  const violationsOf = useComponentViolations(sbomId);
  const columns = useMemo<Column<Component>[]>(
    // After name and version, so a phone shows it without scrolling the table sideways.
    () => [
      ...COLUMNS.slice(0, 2),
      {
        key: 'violations',
        header: 'Violations',
        width: 'minmax(6rem, 1fr)',
        render: (c) => <StateCounts counts={violationsOf.get(c.id) ?? {}} />,
      },
      ...COLUMNS.slice(2),
    ],
    [violationsOf],
  );

  const shown = useMemo(() => {
    const all = components.data ?? [];
    const needle = filter.trim().toLowerCase();
    if (!needle) return all;
    return all.filter(
      (c) => c.name.toLowerCase().includes(needle) || (c.purl ?? '').toLowerCase().includes(needle),
    );
  }, [components.data, filter]);

  const title = sbom.data ? `${sbom.data.name}${sbom.data.version ? ' ' + sbom.data.version : ''}` : 'SBOM';
  return (
    <Page
      title={title}
      actions={
        canWrite(session) && sbom.data ? (
          <button
            type="button"
            className="danger"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(`Delete ${title} with its components and findings?`)) remove.mutate();
            }}
          >
            Delete SBOM
          </button>
        ) : undefined
      }
    >
      <p>
        <Link to="/sboms">← All SBOMs</Link>
      </p>
      <ErrorMessage error={sbom.error ?? remove.error} />
      {sbom.data && (
        <dl className="facts card">
          <dt>Asset</dt>
          <dd>{sbom.data.assetName}</dd>
          <dt>Format</dt>
          <dd>
            {sbom.data.format ?? '—'} {sbom.data.specVersion ?? ''}
          </dd>
          <dt>Components</dt>
          <dd>{sbom.data.componentCount.toLocaleString()}</dd>
          <dt>Findings</dt>
          <dd>{sbom.data.findingCount.toLocaleString()}</dd>
          <dt>Policy violations</dt>
          <dd>
            <SbomViolations sbomId={sbomId} />
          </dd>
          <dt>Uploaded</dt>
          <dd>{formatDateTime(sbom.data.createdAt)}</dd>
        </dl>
      )}

      <section className="card" aria-labelledby="f-h">
        <h2 id="f-h">Open findings</h2>
        {open.data && open.data.total > 10 && (
          <p className="muted small">
            The 10 most pressing (KEV, then EPSS, then severity) of {open.data.total.toLocaleString()}:
          </p>
        )}
        {findings.isPending && <Loading what="findings" />}
        <ErrorMessage error={findings.error} />
        {findings.data && findings.data.length === 0 && <Empty>No open findings in this SBOM.</Empty>}
        {findings.data && findings.data.length > 0 && (
          <>
            <ul className="finding-list" data-testid="sbom-findings">
              {findings.data.map((f) => (
                <li key={f.id}>
                  <SeverityBadge severity={f.severity} source={f.severitySource} />{' '}
                  <StatusBadge status={f.status} /> <strong>{f.vulnerabilityId}</strong> in {f.component.name}{' '}
                  {f.component.version ?? ''}
                </li>
              ))}
            </ul>
            <Link to="/findings" search={{ sbomId, sort: 'priority' }}>
              Triage all {(open.data?.total ?? findings.data.length).toLocaleString()} open findings of this
              SBOM
            </Link>
          </>
        )}
      </section>

      <FixPlan sbomId={sbomId} />

      <section className="card" aria-labelledby="x-h">
        <h2 id="x-h">Export</h2>
        <p className="muted small">The SBOM with its findings and triage, as a file for other tools.</p>
        <ul className="exports">
          {EXPORTS.map(([format, text]) => (
            <li key={format}>
              <a href={`/api/v1/sscs/sboms/${sbomId}/export?format=${format}`} download>
                {text}
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby="c-h">
        <h2 id="c-h">Components</h2>
        <div className="field inline">
          <label htmlFor="component-filter">Filter by name or package URL</label>
          <input
            id="component-filter"
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
        </div>
        {components.isPending && <Loading what="components" />}
        <ErrorMessage error={components.error} />
        {components.data && (
          <>
            <p className="muted small" role="status">
              {shown.length.toLocaleString()} of {components.data.length.toLocaleString()} components
            </p>
            <VirtualTable rows={shown} columns={columns} rowKey={(c) => c.id} label="Components" />
          </>
        )}
      </section>
    </Page>
  );
}
