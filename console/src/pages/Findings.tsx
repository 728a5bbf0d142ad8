// Findings: filters (status, severity, SBOM, KEV and text) and the order, all on the server; a virtualised list
// loaded a page at a time as it scrolls, with selection of the loaded rows, the triage dialog and keyboard-driven
// bulk triage.
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { FINDINGS_PAGE, useFindingPages, useSboms } from '../api/queries.ts';
import { FINDING_STATUSES, label, SEVERITIES } from '../api/choices.ts';
import type { Finding, FindingStatus, Severity } from '../api/rest.ts';
import { Empty, ErrorMessage, Loading, SeverityBadge, StatusBadge } from '../components/bits.tsx';
import { Page } from '../components/Shell.tsx';
import { VirtualTable, type Column } from '../components/VirtualTable.tsx';
import type { FindingSearch } from '../search.ts';
import { canWrite, useSession } from '../session.tsx';
import { directionOf, FINDING_ORDERS, isFindingOrder, nextOrder } from './finding-order.ts';
import { BulkTriageDialog, TriageDialog } from './Triage.tsx';

const findingsRoute = getRouteApi('/authed/findings');

export default function Findings() {
  const { session } = useSession();
  const search = findingsRoute.useSearch();
  const navigate = useNavigate();
  const sboms = useSboms();
  const findings = useFindingPages(search);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<string | null>(null);
  const [bulk, setBulk] = useState(false);
  const writer = canWrite(session);

  const setFilter = (patch: Partial<FindingSearch>) => {
    setSelected(new Set());
    void navigate({ to: '/findings', search: { ...search, ...patch }, replace: true });
  };

  const sbomNames = useMemo(
    () => new Map((sboms.data ?? []).map((s) => [s.id, s.version ? `${s.name} ${s.version}` : s.name])),
    [sboms.data],
  );

  // The loaded pages, in the server's order; the total is the first page's (a refetch, after a triage or an
  // upload, asks for it again).
  const shown = useMemo(() => findings.data?.pages.flatMap((p) => p.findings) ?? [], [findings.data]);
  const total = findings.data?.pages[0]?.total ?? 0;
  // bench/console reads this mark: the first frame that shows finding rows (relative to navigation start).
  const hasRows = shown.length > 0;
  useEffect(() => {
    if (hasRows) requestAnimationFrame(() => performance.mark('bulwark:finding-rows-painted'));
  }, [hasRows]);
  const allLoaded = !findings.hasNextPage;
  const loadMore = () => {
    if (findings.hasNextPage && !findings.isFetchingNextPage && !findings.isFetchNextPageError)
      void findings.fetchNextPage();
  };
  const sortBy = (column: string) => ({
    direction: directionOf(search.sort, column),
    onSort: () => setFilter({ sort: nextOrder(search.sort, column) }),
  });

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns: Column<Finding>[] = [
    ...(writer
      ? [
          {
            key: 'sel',
            header: 'Select',
            width: '4.5rem',
            render: (f: Finding) => (
              <input
                type="checkbox"
                aria-label={`Select ${f.vulnerabilityId} in ${f.component.name}`}
                checked={selected.has(f.id)}
                onChange={() => toggle(f.id)}
              />
            ),
          },
        ]
      : []),
    {
      key: 'sev',
      header: 'Severity',
      width: '7.5rem',
      render: (f) => <SeverityBadge severity={f.severity} source={f.severitySource} />,
      sort: sortBy('severity'),
    },
    {
      key: 'vuln',
      header: 'Vulnerability',
      width: 'minmax(9rem, 1.5fr)',
      render: (f) => (
        <button type="button" className="linkish" onClick={() => setOpen(f.id)}>
          {f.vulnerabilityId}
          {f.kev ? ' · KEV' : ''}
        </button>
      ),
      sort: sortBy('vulnerability'),
    },
    {
      key: 'pkg',
      header: 'Package',
      width: 'minmax(9rem, 2fr)',
      render: (f) => `${f.component.name} ${f.component.version ?? ''}`,
      sort: sortBy('package'),
    },
    {
      key: 'epss',
      header: 'EPSS',
      width: '5rem',
      render: (f) =>
        f.epss ? (
          <span title={`Percentile ${Math.round(f.epss.percentile * 100)}, ${f.epss.date}`}>
            {(f.epss.score * 100).toFixed(1)} %
          </span>
        ) : (
          <span className="muted">—</span>
        ),
      sort: sortBy('epss'),
    },
    {
      key: 'sbom',
      header: 'SBOM',
      width: 'minmax(7rem, 1fr)',
      render: (f) => sbomNames.get(f.sbomId) ?? f.sbomId,
    },
    { key: 'status', header: 'Status', width: '8rem', render: (f) => <StatusBadge status={f.status} /> },
  ];

  // Shift+A selects every loaded finding, Shift+T opens bulk triage, Escape clears the selection.
  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && selected.size > 0 && !open && !bulk) {
      setSelected(new Set());
      return;
    }
    const typing = (event.target as HTMLElement).matches(
      'input[type=search], input[type=text], textarea, select',
    );
    if (!writer || !event.shiftKey || typing) return;
    if (event.key === 'A') {
      event.preventDefault();
      setSelected(new Set(shown.map((f) => f.id)));
    } else if (event.key === 'T' && selected.size > 0) {
      event.preventDefault();
      setBulk(true);
    }
  }

  return (
    <Page title="Findings">
      <div onKeyDown={onKeyDown}>
        <form
          className="filters card"
          role="search"
          aria-label="Filter findings"
          onSubmit={(e) => e.preventDefault()}
        >
          <div className="field">
            <label htmlFor="f-status">Status</label>
            <select
              id="f-status"
              value={search.status ?? 'open'}
              onChange={(e) => setFilter({ status: e.target.value as FindingStatus })}
            >
              {FINDING_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {label(s)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="f-severity">Severity</label>
            <select
              id="f-severity"
              value={search.severity ?? ''}
              onChange={(e) => setFilter({ severity: (e.target.value || undefined) as Severity | undefined })}
            >
              <option value="">Any</option>
              {SEVERITIES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="f-sbom">SBOM</label>
            <select
              id="f-sbom"
              value={search.sbomId ?? ''}
              onChange={(e) => setFilter({ sbomId: e.target.value || undefined })}
            >
              <option value="">Any</option>
              {sboms.data?.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                  {s.version ? ` ${s.version}` : ''}
                </option>
              ))}
            </select>
          </div>
          <div className="field check-field">
            <label className="check" htmlFor="f-kev">
              <input
                id="f-kev"
                type="checkbox"
                checked={search.kev === true}
                onChange={(e) => setFilter({ kev: e.target.checked || undefined })}
              />{' '}
              Known exploited (KEV) only
            </label>
          </div>
          <div className="field">
            <label htmlFor="f-sort">Order</label>
            <select
              id="f-sort"
              value={search.sort ?? ''}
              onChange={(e) =>
                setFilter({ sort: isFindingOrder(e.target.value) ? e.target.value : undefined })
              }
            >
              <option value="">Default (newest first)</option>
              {Object.entries(FINDING_ORDERS).map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </div>
          <div className="field grow">
            <label htmlFor="f-q">Text (package, package URL or vulnerability id)</label>
            <input
              id="f-q"
              type="search"
              defaultValue={search.q ?? ''}
              onChange={(e) => setFilter({ q: e.target.value.trim() || undefined })}
            />
          </div>
        </form>

        {writer && (
          <div className="toolbar" role="region" aria-label="Selection">
            <span role="status">{selected.size.toLocaleString()} selected</span>
            <button
              type="button"
              className="secondary"
              onClick={() => setSelected(new Set(shown.map((f) => f.id)))}
            >
              {allLoaded ? 'Select all' : `Select the ${shown.length.toLocaleString()} loaded`}
            </button>
            <button
              type="button"
              className="secondary"
              disabled={selected.size === 0}
              onClick={() => setSelected(new Set())}
            >
              Clear
            </button>
            <button type="button" disabled={selected.size === 0} onClick={() => setBulk(true)}>
              Triage selected
            </button>
            <span className="muted small">
              Keys: Shift+A select all loaded, Shift+T triage selected, Esc clear.
              {!allLoaded && ' Selection covers loaded rows only: scroll to load more.'}
            </span>
          </div>
        )}

        {findings.isPending && <Loading what="findings" />}
        <ErrorMessage error={findings.error} />
        {findings.data && shown.length === 0 && <Empty>No findings match these filters.</Empty>}
        {shown.length > 0 && (
          <>
            <p className="muted small" role="status">
              {allLoaded
                ? `${total.toLocaleString()} findings`
                : `Showing ${shown.length.toLocaleString()} of ${total.toLocaleString()} findings`}
              {findings.isFetchingNextPage && ' · loading more…'}
            </p>
            <VirtualTable
              rows={shown}
              rowCount={allLoaded ? shown.length : Math.max(total, shown.length)}
              onNearEnd={loadMore}
              columns={columns}
              rowKey={(f) => f.id}
              label="Findings"
              height={560}
            />
            {!allLoaded && (
              <button
                type="button"
                className="secondary"
                disabled={findings.isFetchingNextPage}
                onClick={() => void findings.fetchNextPage()}
              >
                {findings.isFetchNextPageError
                  ? 'Try loading more again'
                  : `Load ${Math.min(FINDINGS_PAGE, total - shown.length).toLocaleString()} more`}
              </button>
            )}
          </>
        )}
      </div>
      {open && <TriageDialog findingId={open} onClose={() => setOpen(null)} />}
      {bulk && (
        <BulkTriageDialog
          ids={[...selected]}
          onClose={(changed) => {
            setBulk(false);
            if (changed) setSelected(new Set());
          }}
        />
      )}
    </Page>
  );
}
