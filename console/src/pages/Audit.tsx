// Audit log: paged through the tool audit_trail_search (the audit trail's only API), filtered by actor on the
// server and by action within the page shown (the tool has no action filter).
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callTool } from '../api/mcp.ts';
import type { AuditItem } from '../api/types.ts';
import { Empty, ErrorMessage, formatDateTime, Loading } from '../components/bits.tsx';
import { Page } from '../components/Shell.tsx';

const PAGE = 50;

export default function Audit() {
  const [offset, setOffset] = useState(0);
  const [actorId, setActorId] = useState('');
  const [action, setAction] = useState('');
  const page = useQuery({
    queryKey: ['audit', offset, actorId],
    queryFn: () =>
      callTool<{ items: AuditItem[]; total: number }>('audit_trail_search', {
        limit: PAGE,
        offset,
        ...(actorId.trim() ? { actorId: actorId.trim() } : {}),
      }),
    placeholderData: keepPreviousData,
  });
  const items = (page.data?.items ?? []).filter((i) => !action.trim() || i.action.includes(action.trim()));
  const total = page.data?.total ?? 0;

  return (
    <Page title="Audit log">
      <form
        className="filters card"
        role="search"
        aria-label="Filter the audit log"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="field">
          <label htmlFor="a-actor">Actor id (exact, e.g. usr_…)</label>
          <input
            id="a-actor"
            value={actorId}
            onChange={(e) => {
              setOffset(0);
              setActorId(e.target.value);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor="a-action">Action contains (this page)</label>
          <input
            id="a-action"
            value={action}
            onChange={(e) => setAction(e.target.value)}
            placeholder="e.g. finding."
          />
        </div>
      </form>
      <section className="card" aria-labelledby="al-h">
        <h2 id="al-h">Entries</h2>
        {page.isPending && <Loading what="the audit log" />}
        <ErrorMessage error={page.error} />
        {page.data && items.length === 0 && <Empty>No entries.</Empty>}
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
                    <td>{i.actor}</td>
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
