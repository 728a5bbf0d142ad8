// Policy violations (docs/policies.md): filtered by policy, status, state, kind, SBOM and asset (all kept in the
// URL and sent to the API), suppressed with a comment and reopened by the roles that may triage (members and up),
// each with its history.
import { useState } from 'react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, read, unwrap } from '../api/http.ts';
import {
  POLICY_KINDS,
  usePolicies,
  useViolations,
  VIOLATION_PAGE,
  VIOLATION_STATES,
  type Violation,
  type ViolationFilter,
} from '../api/policies.ts';
import { useSboms } from '../api/queries.ts';
import { Empty, ErrorMessage, formatDateTime, Loading } from '../components/bits.tsx';
import { Dialog } from '../components/Dialog.tsx';
import { Page } from '../components/Shell.tsx';
import type { ViolationSearch } from '../search.ts';
import { canWrite, useSession } from '../session.tsx';
import { StateBadge } from './Policies.tsx';

const violationsRoute = getRouteApi('/authed/violations');

export function ViolationStatusBadge({ status }: { status: Violation['status'] }) {
  return <span className={`badge vstatus-${status}`}>{status}</span>;
}

function SuppressDialog({
  violation,
  writer,
  userId,
  onClose,
}: {
  violation: Violation;
  writer: boolean;
  userId: string | undefined;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const detail = useQuery({
    queryKey: ['violations', 'detail', violation.id],
    queryFn: () =>
      read(api.GET('/sscs/violations/{violationId}', { params: { path: { violationId: violation.id } } })),
  });
  const current = detail.data ?? violation;
  const next = current.status === 'open' ? 'suppressed' : 'open';
  const change = useMutation({
    mutationFn: () =>
      unwrap(
        api.PATCH('/sscs/violations/{violationId}', {
          params: { path: { violationId: violation.id } },
          body: {
            status: next,
            ...(comment.trim() ? { comment: comment.trim() } : {}),
          },
        }),
      ),
    onSuccess: async () => {
      setComment('');
      await queryClient.invalidateQueries({ queryKey: ['violations'] });
    },
  });
  return (
    <Dialog title={`${violation.policyName}: ${violation.component.name}`} open wide onClose={onClose}>
      <dl className="facts">
        <dt>Component</dt>
        <dd>
          {violation.component.name} {violation.component.version ?? ''}
          {violation.component.purl && <div className="mono small break">{violation.component.purl}</div>}
        </dd>
        <dt>Reason</dt>
        <dd className="break">{violation.reason}</dd>
        <dt>State</dt>
        <dd>
          <StateBadge state={violation.state} />
        </dd>
        <dt>Status</dt>
        <dd>
          <ViolationStatusBadge status={current.status} />
          {current.comment && <span className="small"> {current.comment}</span>}
        </dd>
      </dl>
      {writer ? (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            change.mutate();
          }}
        >
          <label htmlFor="v-comment">
            {next === 'suppressed' ? 'Why it is suppressed' : 'Why it is reopened'}
          </label>
          <textarea
            id="v-comment"
            rows={3}
            required={next === 'suppressed'}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
          <ErrorMessage error={change.error} />
          {change.isSuccess && (
            <p className="success" role="status">
              Saved.
            </p>
          )}
          <button type="submit" disabled={change.isPending || detail.isPending}>
            {next === 'suppressed' ? 'Suppress' : 'Reopen'}
          </button>
        </form>
      ) : (
        <p className="muted">Your role reads violations; members and admins suppress them.</p>
      )}
      <h3>History</h3>
      {detail.isPending && <Loading what="history" />}
      <ErrorMessage error={detail.error} />
      {detail.data && (
        <ol className="timeline" data-testid="violation-history">
          {[...detail.data.history].reverse().map((h) => (
            <li key={h.at + h.toStatus}>
              <time dateTime={h.at}>{formatDateTime(h.at)}</time> {h.fromStatus ?? 'new'} → {h.toStatus}{' '}
              <span className="muted small">by {h.actorId === userId ? 'you' : h.actorId}</span>
              {h.comment && <div>{h.comment}</div>}
            </li>
          ))}
          <li>
            <time dateTime={violation.createdAt}>{formatDateTime(violation.createdAt)}</time> found
          </li>
        </ol>
      )}
    </Dialog>
  );
}

export default function Violations() {
  const { session } = useSession();
  const writer = canWrite(session);
  const search = violationsRoute.useSearch();
  const navigate = useNavigate();
  const policies = usePolicies();
  const sboms = useSboms();
  const filter: ViolationFilter = {
    ...(search.policyId ? { policyId: search.policyId } : {}),
    ...(search.status === 'all' ? {} : { status: search.status ?? 'open' }),
    ...(search.state ? { state: search.state } : {}),
    ...(search.kind ? { kind: search.kind } : {}),
    ...(search.sbomId ? { sbomId: search.sbomId } : {}),
    ...(search.assetName ? { assetName: search.assetName } : {}),
  };
  const violations = useViolations(filter);
  const [open, setOpen] = useState<Violation | null>(null);
  const setSearch = (patch: Partial<ViolationSearch>) =>
    void navigate({
      to: '/violations',
      search: () => {
        const next = { ...search, ...patch } as Record<string, string>;
        for (const key of Object.keys(next)) if (!next[key]) delete next[key];
        return next as ViolationSearch;
      },
      replace: true,
    });
  const sbomName = new Map(
    (sboms.data ?? []).map((s) => [s.id, `${s.name}${s.version ? ' ' + s.version : ''}`]),
  );
  const assets = [...new Set((sboms.data ?? []).map((s) => s.assetName))].sort();
  const select = (
    id: string,
    text: string,
    value: string | undefined,
    key: keyof ViolationSearch,
    options: { value: string; label: string }[],
    any = 'Any',
  ) => (
    <div className="field">
      <label htmlFor={id}>{text}</label>
      <select id={id} value={value ?? ''} onChange={(e) => setSearch({ [key]: e.target.value })}>
        <option value="">{any}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <Page title="Violations">
      <section className="card" aria-labelledby="vf-h">
        <h2 id="vf-h" className="visually-hidden">
          Filters
        </h2>
        <div className="filters">
          {select(
            'vf-policy',
            'Policy',
            search.policyId,
            'policyId',
            (policies.data ?? []).map((p) => ({ value: p.id, label: p.name })),
          )}
          {select(
            'vf-status',
            'Status',
            search.status ?? 'open',
            'status',
            [
              { value: 'open', label: 'open' },
              { value: 'suppressed', label: 'suppressed' },
              { value: 'all', label: 'all' },
            ],
            'open',
          )}
          {select(
            'vf-state',
            'State',
            search.state,
            'state',
            VIOLATION_STATES.map((s) => ({ value: s, label: s })),
          )}
          {select(
            'vf-kind',
            'Type',
            search.kind,
            'kind',
            POLICY_KINDS.map((k) => ({ value: k, label: k })),
          )}
          {select(
            'vf-sbom',
            'SBOM',
            search.sbomId,
            'sbomId',
            (sboms.data ?? []).map((s) => ({ value: s.id, label: sbomName.get(s.id) ?? s.id })),
          )}
          {select(
            'vf-asset',
            'Asset',
            search.assetName,
            'assetName',
            assets.map((a) => ({ value: a, label: a })),
          )}
        </div>
      </section>
      <section className="card" aria-labelledby="vl-h">
        <h2 id="vl-h">
          {filter.status === 'suppressed'
            ? 'Suppressed violations'
            : filter.status
              ? 'Open violations'
              : 'Violations'}
          {violations.data &&
            ` (${violations.data.items.length.toLocaleString()}${violations.data.more ? '+' : ''})`}
        </h2>
        {violations.isPending && <Loading what="violations" />}
        <ErrorMessage error={violations.error} />
        {violations.data && violations.data.items.length === 0 && (
          <Empty>
            No violations match. {policies.data?.length === 0 && <Link to="/policies">Policies</Link>}
          </Empty>
        )}
        {violations.data?.more && (
          <p className="small muted">
            The newest {VIOLATION_PAGE.toLocaleString()} are shown; narrow the filters.
          </p>
        )}
        {violations.data && violations.data.items.length > 0 && (
          <div className="table-wrap">
            <table data-testid="violations" className="fit">
              <thead>
                <tr>
                  <th scope="col">Component</th>
                  <th scope="col">Policy</th>
                  <th scope="col">State</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="wide-only">
                    Reason
                  </th>
                  <th scope="col" className="wide-only">
                    SBOM
                  </th>
                </tr>
              </thead>
              <tbody>
                {violations.data.items.map((v) => (
                  <tr key={v.id}>
                    <td>
                      <button type="button" className="linkish" onClick={() => setOpen(v)}>
                        {v.component.name} {v.component.version ?? ''}
                      </button>
                    </td>
                    <td>{v.policyName}</td>
                    <td>
                      <StateBadge state={v.state} />
                    </td>
                    <td>
                      <ViolationStatusBadge status={v.status} />
                    </td>
                    <td className="wide-only break">{v.reason}</td>
                    <td className="wide-only">
                      <Link to="/sboms/$sbomId" params={{ sbomId: v.sbomId }}>
                        {sbomName.get(v.sbomId) ?? v.sbomId}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {open && (
        <SuppressDialog
          violation={open}
          writer={writer}
          userId={session?.user.id}
          onClose={() => setOpen(null)}
        />
      )}
    </Page>
  );
}
