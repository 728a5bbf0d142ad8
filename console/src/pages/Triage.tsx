// Triage dialogs: one finding (status, VEX analysis, notes and its history timeline) or many selected findings
// at once.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, read, unwrap } from '../api/http.ts';
import { FINDING_STATUSES, label } from '../api/choices.ts';
import type { FindingDetail, FindingStatus } from '../api/rest.ts';
import { ErrorMessage, formatDateTime, Loading, SeverityBadge, StatusBadge } from '../components/bits.tsx';
import { Dialog } from '../components/Dialog.tsx';
import { useSession } from '../session.tsx';
import { analysisBody, analysisOf, AnalysisFields, Paths, type Analysis } from './AnalysisFields.tsx';

function StatusFields({
  status,
  notes,
  setStatus,
  setNotes,
  disabled,
}: {
  status: FindingStatus;
  notes: string;
  setStatus: (s: FindingStatus) => void;
  setNotes: (s: string) => void;
  disabled: boolean;
}) {
  return (
    <>
      <label htmlFor="triage-status">Status</label>
      <select
        id="triage-status"
        value={status}
        disabled={disabled}
        onChange={(e) => setStatus(e.target.value as FindingStatus)}
      >
        {FINDING_STATUSES.map((s) => (
          <option key={s} value={s}>
            {label(s)}
          </option>
        ))}
      </select>
      <label htmlFor="triage-notes">Notes</label>
      <textarea
        id="triage-notes"
        rows={4}
        value={notes}
        disabled={disabled}
        onChange={(e) => setNotes(e.target.value)}
      />
    </>
  );
}

/** CVSS version, base score and vector as the advisory gave them; "unrated" when none scored it. */
function Scoring({ finding: f }: { finding: FindingDetail }) {
  if (f.severitySource === 'default')
    return (
      <p className="small" data-testid="scoring">
        Unrated: no advisory gives a score or severity, so it counts as {f.severity} by default.
      </p>
    );
  const version =
    /^CVSS:(\d\.\d)\//.exec(f.cvssVector ?? '')?.[1] ?? (f.severitySource === 'cvss_v2' ? '2.0' : null);
  return (
    <p className="small" data-testid="scoring">
      {f.cvssScore !== null ? (
        <>
          CVSS{version ? ` ${version}` : ''} base score <strong>{f.cvssScore}</strong>
        </>
      ) : (
        <>Severity as the advisory states it (no CVSS score)</>
      )}
      {f.cvssVector && (
        <>
          {' '}
          · <span className="mono">{f.cvssVector}</span>
        </>
      )}
    </p>
  );
}

export function TriageDialog({ findingId, onClose }: { findingId: string; onClose: () => void }) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: ['finding', findingId],
    queryFn: () => read(api.GET('/sscs/findings/{findingId}', { params: { path: { findingId } } })),
  });
  const [status, setStatus] = useState<FindingStatus | null>(null);
  const [notes, setNotes] = useState<string | null>(null);
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  const save = useMutation({
    mutationFn: (
      body: { status: FindingStatus; remediationNotes: string } & ReturnType<typeof analysisBody>,
    ) => unwrap(api.PATCH('/sscs/findings/{findingId}/status', { params: { path: { findingId } }, body })),
    onSuccess: async (result) => {
      queryClient.setQueryData(['finding', findingId], result.data);
      await queryClient.invalidateQueries({ queryKey: ['findings'] });
    },
  });

  const f = detail.data;
  const currentStatus = status ?? f?.status ?? 'open';
  const currentNotes = notes ?? f?.remediationNotes ?? '';
  const currentAnalysis =
    analysis ?? (f ? analysisOf(f) : analysisOf({ justification: null, response: null, detail: null }));
  const readOnly = session?.user.role === 'viewer';

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ status: currentStatus, remediationNotes: currentNotes, ...analysisBody(currentAnalysis) });
  }

  return (
    <Dialog title={f ? f.vulnerabilityId : 'Finding'} open onClose={onClose} wide>
      {detail.isPending && <Loading what="the finding" />}
      <ErrorMessage error={detail.error} />
      {f && (
        <div className="triage">
          <div>
            <p>
              <SeverityBadge severity={f.severity} source={f.severitySource} />{' '}
              <StatusBadge status={f.status} /> {f.kev && <span className="badge kev">KEV</span>}
            </p>
            <Scoring finding={f} />
            <p>
              <strong>{f.component.name}</strong> {f.component.version ?? ''}{' '}
              {f.component.purl && <span className="mono small">{f.component.purl}</span>}
            </p>
            {f.summary && <p>{f.summary}</p>}
            {f.aliases.length > 0 && <p className="small">Also known as {f.aliases.join(', ')}</p>}
            {f.references.length > 0 && (
              <details className="small">
                <summary>References ({f.references.length})</summary>
                <ul className="references">
                  {f.references.map((r) => (
                    <li key={r.url}>
                      <a href={r.url} target="_blank" rel="noreferrer noopener">
                        {r.url}
                      </a>{' '}
                      <span className="muted">{r.type.toLowerCase()}</span>
                    </li>
                  ))}
                </ul>
              </details>
            )}
            {f.fixedVersions.length > 0 && <p className="small">Fixed in {f.fixedVersions.join(', ')}</p>}
            <Paths finding={f} />
            {f.triageRuleId && (
              <p className="small" data-testid="rule">
                Triaged by the rule {f.triageRuleId}.
              </p>
            )}
            {f.kev && (
              <p className="small">
                In CISA's KEV catalog since {f.kev.dateAdded}, remediation due {f.kev.dueDate}
                {f.kev.knownRansomwareCampaignUse === 'Known' ? '; used in ransomware campaigns' : ''}.
              </p>
            )}
            {f.epss && (
              <p className="small">
                EPSS {(f.epss.score * 100).toFixed(1)} % chance of exploitation in 30 days (percentile{' '}
                {Math.round(f.epss.percentile * 100)}, {f.epss.date}).
              </p>
            )}
            <form onSubmit={submit} className="stack">
              <StatusFields
                status={currentStatus}
                notes={currentNotes}
                setStatus={setStatus}
                setNotes={setNotes}
                disabled={readOnly}
              />
              <AnalysisFields value={currentAnalysis} onChange={setAnalysis} disabled={readOnly} />
              <ErrorMessage error={save.error} />
              {save.isSuccess && (
                <p className="success" role="status">
                  Saved.
                </p>
              )}
              {!readOnly && (
                <button type="submit" disabled={save.isPending}>
                  Save triage
                </button>
              )}
            </form>
          </div>
          <section aria-labelledby="history-h">
            <h3 id="history-h">History</h3>
            <ol className="timeline" data-testid="history">
              {[...f.history].reverse().map((h, i) => (
                <li key={`${h.at}-${i}`}>
                  <time dateTime={h.at}>{formatDateTime(h.at)}</time>
                  <span>
                    {h.event === 'status_change'
                      ? `${label(h.fromStatus ?? '')} → ${label(h.toStatus ?? '')}`
                      : label(h.event)}
                  </span>
                  <span className="muted small">
                    by {h.ruleId ? `rule ${h.ruleId}` : h.actorId === session?.user.id ? 'you' : h.actorId}
                  </span>
                  {h.justification && <span className="small">{label(h.justification)}</span>}
                  {h.response && h.response.length > 0 && (
                    <span className="small">{h.response.map(label).join(', ')}</span>
                  )}
                  {h.detail && <q>{h.detail}</q>}
                  {h.notes && <q>{h.notes}</q>}
                </li>
              ))}
            </ol>
          </section>
        </div>
      )}
    </Dialog>
  );
}

export function BulkTriageDialog({ ids, onClose }: { ids: string[]; onClose: (changed: boolean) => void }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<FindingStatus>('mitigated');
  const [notes, setNotes] = useState('');
  const [doneCount, setDoneCount] = useState(0);
  const run = useMutation({
    mutationFn: async () => {
      setDoneCount(0);
      // Four at a time: enough to be quick, few enough to stay clear of the rate limit's burst.
      const queue = [...ids];
      const worker = async () => {
        for (let id = queue.shift(); id; id = queue.shift()) {
          await unwrap(
            api.PATCH('/sscs/findings/{findingId}/status', {
              params: { path: { findingId: id } },
              body: notes ? { status, remediationNotes: notes } : { status },
            }),
          );
          setDoneCount((n) => n + 1);
        }
      };
      await Promise.all([worker(), worker(), worker(), worker()]);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['findings'] }),
    onSuccess: () => onClose(true),
  });
  return (
    <Dialog title={`Triage ${ids.length} findings`} open onClose={() => onClose(doneCount > 0)}>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          run.mutate();
        }}
      >
        <StatusFields
          status={status}
          notes={notes}
          setStatus={setStatus}
          setNotes={setNotes}
          disabled={run.isPending}
        />
        {run.isPending && (
          <div className="progress-line">
            <label htmlFor="bulk-progress">
              {doneCount} of {ids.length} done
            </label>
            <progress id="bulk-progress" max={ids.length} value={doneCount} />
          </div>
        )}
        <ErrorMessage error={run.error} />
        <button type="submit" disabled={run.isPending}>
          Set {label(status)} on {ids.length} findings
        </button>
      </form>
    </Dialog>
  );
}
