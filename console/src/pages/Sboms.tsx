// SBOMs: the searchable list (server-side name search) and the upload.
import { useEffect, useState } from 'react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useSboms } from '../api/queries.ts';
import { Empty, ErrorMessage, formatDate, Loading } from '../components/bits.tsx';
import { Page } from '../components/Shell.tsx';
import { canWrite, useSession } from '../session.tsx';
import { UploadSbom } from './Upload.tsx';
import { useSbomViolationSummaries } from '../api/policies.ts';
import { SbomViolationCounts } from './ViolationBadges.tsx';

const sbomsRoute = getRouteApi('/authed/sboms');

export default function Sboms() {
  const { session } = useSession();
  const search = sbomsRoute.useSearch();
  const navigate = useNavigate();
  const [text, setText] = useState(search.q ?? '');
  const sboms = useSboms(search.q);
  const violations = useSbomViolationSummaries();

  // Typing updates the address (and so the query) after a short pause.
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((search.q ?? '') !== text.trim())
        void navigate({ to: '/sboms', search: text.trim() ? { q: text.trim() } : {}, replace: true });
    }, 250);
    return () => clearTimeout(timer);
  }, [text, search.q, navigate]);

  return (
    <Page title="SBOMs">
      {canWrite(session) && <UploadSbom />}
      <section className="card" aria-labelledby="list-h">
        <h2 id="list-h">All SBOMs</h2>
        <div className="field inline">
          <label htmlFor="sbom-search">Search by name</label>
          <input id="sbom-search" type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        {sboms.isPending && <Loading what="SBOMs" />}
        <ErrorMessage error={sboms.error} />
        {sboms.data && sboms.data.length === 0 && (
          <Empty>
            {search.q ? `No SBOM name contains “${search.q}”.` : 'No SBOMs yet. Upload one above.'}
          </Empty>
        )}
        {sboms.data && sboms.data.length > 0 && (
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">SBOMs, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Version</th>
                  <th scope="col" className="wide-only">
                    Format
                  </th>
                  <th scope="col" className="num wide-only">
                    Components
                  </th>
                  <th scope="col" className="num">
                    Findings
                  </th>
                  <th scope="col">Violations</th>
                  <th scope="col" className="wide-only">
                    Uploaded
                  </th>
                </tr>
              </thead>
              <tbody>
                {sboms.data.map((s) => (
                  <tr key={s.id}>
                    <td>
                      <Link to="/sboms/$sbomId" params={{ sbomId: s.id }}>
                        {s.name}
                      </Link>
                    </td>
                    <td>{s.version ?? '—'}</td>
                    <td className="wide-only">{s.source ?? '—'}</td>
                    <td className="num wide-only">{s.componentCount.toLocaleString()}</td>
                    <td className="num">{s.findingCount.toLocaleString()}</td>
                    <td>
                      {violations.data ? (
                        <SbomViolationCounts sbomId={s.id} summary={violations.data.get(s.id)} />
                      ) : (
                        <span className="muted">…</span>
                      )}
                    </td>
                    <td className="wide-only">{formatDate(s.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Page>
  );
}
