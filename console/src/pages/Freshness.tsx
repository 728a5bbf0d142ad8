// The overview's vulnerability data freshness: GET /vulndb/status, what `bulwark vulndb status` prints.
import { useQuery } from '@tanstack/react-query';
import { api, read } from '../api/http.ts';

import { ErrorMessage, formatDateTime, Loading } from '../components/bits.tsx';

const when = (iso: string | null): string => (iso ? formatDateTime(iso) : 'never');
/** Advisories held without a sync came from `bulwark vulndb import`: say so, not "never" (as the CLI does). */
const osvWhen = (iso: string | null, advisories: number): string =>
  iso ? formatDateTime(iso) : advisories > 0 ? 'imported, never synced' : 'never';

export function Freshness({ enabled }: { enabled: boolean }) {
  const status = useQuery({
    queryKey: ['vulndb', 'status'],
    queryFn: () => read(api.GET('/vulndb/status')),
    enabled,
  });
  const s = status.data;
  return (
    <section className="card span2" aria-labelledby="fresh-h" data-testid="vulndb-freshness">
      <h2 id="fresh-h">Vulnerability data</h2>
      {status.isPending && enabled && <Loading what="the vulnerability data status" />}
      <ErrorMessage error={status.error} />
      {s && (
        <>
          {s.ecosystemsWithoutAdvisories.length > 0 && (
            <p className="warning" role="note" data-testid="no-advisories">
              <strong>No advisories held</strong> for {s.ecosystemsWithoutAdvisories.join(', ')}: components
              of these ecosystems are not checked. Sync or import their OSV data (
              <code>bulwark vulndb sync</code>).
            </p>
          )}
          {s.osv.length === 0 ? (
            <p className="muted">No OSV advisories are held yet.</p>
          ) : (
            <div className="table-wrap">
              <table>
                <caption className="visually-hidden">OSV advisories per ecosystem</caption>
                <thead>
                  <tr>
                    <th scope="col">Ecosystem</th>
                    <th scope="col" className="count">
                      Advisories
                    </th>
                    <th scope="col">Last sync</th>
                    <th scope="col">Last error</th>
                  </tr>
                </thead>
                <tbody>
                  {s.osv.map((e) => (
                    <tr key={e.ecosystem}>
                      <td>{e.ecosystem}</td>
                      <td className="count">{e.advisories.toLocaleString()}</td>
                      <td>{osvWhen(e.lastSyncAt, e.advisories)}</td>
                      <td className={e.lastError ? 'error-text' : 'muted'}>{e.lastError ?? 'none'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <dl className="facts">
            <dt>CISA KEV</dt>
            <dd data-testid="kev-status">
              {s.kev.entries.toLocaleString()} entries
              {s.kev.catalogVersion ? `, catalog ${s.kev.catalogVersion}` : ''}, synced{' '}
              {when(s.kev.lastSyncAt)}
            </dd>
            <dt>EPSS</dt>
            <dd data-testid="epss-status">
              {s.epss.entries.toLocaleString()} scores
              {s.epss.scoreDate ? ` of ${s.epss.scoreDate}` : ''}, synced {when(s.epss.lastSyncAt)}
            </dd>
          </dl>
        </>
      )}
    </section>
  );
}
