// Audit log: GET /audit (session only, admins), paged and filtered by actor (typed as an e-mail) and action on
// the server; actors are shown by name and e-mail (the workspace's own audit, not masked).
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, present, read } from '../api/http.ts';
import type { AuditItem } from '../api/rest.ts';
import { Empty, ErrorMessage, formatDateTime, Loading } from '../components/bits.tsx';
import { Page } from '../components/Shell.tsx';

const PAGE = 50;
/** Suggestions for the action filter; any action may be typed. */
const ACTIONS = [
  'finding.status_change',
  'governance.import',
  'org.update',
  'sbom.create',
  'sbom.delete',
  'sbom.upload',
  'session.sign_in',
  'session.sign_in_failed',
  'session.sign_out',
  'token.create',
  'token.revoke',
  'user.create',
  'user.delete',
  'user.set_password',
  'user.update',
  'vendor.create',
  'vendor.replace',
];

const actorLabel = (i: AuditItem): string =>
  i.actor.email ? (i.actor.name ? `${i.actor.name} <${i.actor.email}>` : i.actor.email) : i.actor.id;

export default function Audit() {
  const [offset, setOffset] = useState(0);
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  // The actor is typed as an e-mail (or a usr_… id): the organisation's users say which id an e-mail is.
  const users = useQuery({ queryKey: ['users'], queryFn: () => read(api.GET('/users')) });
  const typed = actor.trim();
  const byEmail = users.data?.find((u) => u.email.toLowerCase() === typed.toLowerCase());
  const actorId = typed.startsWith('usr_') ? typed : (byEmail?.id ?? '');
  const unknownActor = typed !== '' && !actorId && users.isSuccess;
  const page = useQuery({
    queryKey: ['audit', offset, actorId, action.trim()],
    queryFn: () =>
      read(
        api.GET('/audit', {
          params: {
            query: present({
              limit: PAGE,
              offset,
              actorId: actorId || undefined,
              action: action.trim() || undefined,
            }),
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: !unknownActor,
  });
  // An unknown actor has no entries: the previous filter's page (kept to avoid a flash while a new one loads)
  // would show other people's entries under this filter.
  const shown = unknownActor ? undefined : page.data;
  const items = shown?.items ?? [];
  const total = shown?.total ?? 0;

  return (
    <Page title="Audit log">
      <form
        className="filters card"
        role="search"
        aria-label="Filter the audit log"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="field">
          <label htmlFor="a-actor">Actor (e-mail or usr_… id)</label>
          <input
            id="a-actor"
            list="a-actors"
            value={actor}
            aria-describedby={unknownActor ? 'a-actor-error' : undefined}
            aria-invalid={unknownActor}
            onChange={(e) => {
              setOffset(0);
              setActor(e.target.value);
            }}
          />
          <datalist id="a-actors">
            {users.data?.map((u) => (
              <option key={u.id} value={u.email} />
            ))}
          </datalist>
          {unknownActor && (
            <p id="a-actor-error" className="error-text small">
              No user of this organisation has this e-mail.
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="a-action">Action (exact)</label>
          <input
            id="a-action"
            list="a-actions"
            value={action}
            onChange={(e) => {
              setOffset(0);
              setAction(e.target.value);
            }}
            placeholder="e.g. finding.status_change"
          />
          <datalist id="a-actions">
            {ACTIONS.map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
        </div>
      </form>
      {/* Busy while the rows are the previous filter's, kept on screen until this filter's arrive. */}
      <section className="card" aria-labelledby="al-h" aria-busy={page.isPlaceholderData}>
        <h2 id="al-h">Entries</h2>
        {page.isPending && !unknownActor && <Loading what="the audit log" />}
        <ErrorMessage error={page.error} />
        {shown && items.length === 0 && <Empty>No entries.</Empty>}
        {items.length > 0 && (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Action</th>
                  <th scope="col">Actor</th>
                </tr>
              </thead>
              <tbody>
                {items.map((i) => (
                  <tr key={i.id}>
                    <td>{formatDateTime(i.at)}</td>
                    <td className="mono">{i.action}</td>
                    <td>{actorLabel(i)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="pager">
          <button
            type="button"
            className="secondary"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - PAGE))}
          >
            Newer
          </button>
          <span role="status">
            {total === 0
              ? 'No entries'
              : `${offset + 1}–${Math.min(offset + PAGE, total)} of ${total.toLocaleString()}`}
          </span>
          <button
            type="button"
            className="secondary"
            disabled={offset + PAGE >= total}
            onClick={() => setOffset(offset + PAGE)}
          >
            Older
          </button>
        </div>
      </section>
    </Page>
  );
}
