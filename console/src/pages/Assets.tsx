// Assets (docs/portfolio.md): the portfolio as a tree by parent, with tags, classifier, activity, versions and
// roll-ups of open findings and violations over each asset's descendants; a tag filter; retention settings
// (edited by owners and admins).
import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { api, present, read, unwrap } from '../api/http.ts';
import type { Asset, Retention } from '../api/rest.ts';
import { Empty, ErrorMessage, formatDate, Loading } from '../components/bits.tsx';
import { Page } from '../components/Shell.tsx';
import { isAdmin, useSession } from '../session.tsx';

/** Assets in tree order with their depth: children under their parent, by name. */
function treeOrder(assets: Asset[]): { asset: Asset; depth: number }[] {
  const ids = new Set(assets.map((a) => a.id));
  const children = new Map<string | null, Asset[]>();
  for (const a of assets) {
    const parent = a.parentId && ids.has(a.parentId) ? a.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), a]);
  }
  const out: { asset: Asset; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const asset of children.get(parent) ?? []) {
      out.push({ asset, depth });
      walk(asset.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

const describeRetention = (r: Retention) =>
  [
    r.keepVersions !== undefined ? `newest ${r.keepVersions}` : '',
    r.maxAgeDays !== undefined ? `≤ ${r.maxAgeDays} days` : '',
    r.inactiveAfterDays !== undefined ? `inactive after ${r.inactiveAfterDays} d` : '',
  ]
    .filter(Boolean)
    .join(', ') || 'keep everything';

export default function Assets() {
  const { session } = useSession();
  const [tag, setTag] = useState('');
  const [showInactive, setShowInactive] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const active = showInactive ? ('all' as const) : ('true' as const);
  const assets = useQuery({
    queryKey: ['assets', tag, active],
    queryFn: () =>
      read(api.GET('/sscs/assets', { params: { query: present({ tag: tag || undefined, active }) } })),
    // The table stays while another filter loads, instead of flashing "Loading".
    placeholderData: (previous) => previous,
  });
  const allTags = useQuery({
    queryKey: ['assets', 'tags'],
    queryFn: () => read(api.GET('/sscs/assets', { params: { query: { active: 'all' } } })),
    select: (list) => [...new Set(list.flatMap((a) => a.tags))].sort(),
  });
  const rows = useMemo(() => treeOrder(assets.data ?? []), [assets.data]);
  const admin = isAdmin(session);

  return (
    <Page title="Assets">
      <section className="card" aria-labelledby="assets-h">
        <h2 id="assets-h">Portfolio</h2>
        <div className="field inline">
          <label htmlFor="asset-tag">Tag</label>
          <select id="asset-tag" value={tag} onChange={(e) => setTag(e.target.value)}>
            <option value="">All tags</option>
            {(allTags.data ?? []).map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
          <label>
            <input
              type="checkbox"
              checked={showInactive}
              onChange={(e) => setShowInactive(e.target.checked)}
            />{' '}
            Show inactive assets
          </label>
        </div>
        {assets.isPending && <Loading what="assets" />}
        <ErrorMessage error={assets.error} />
        {assets.data && assets.data.length === 0 && (
          <Empty>
            {tag ? `No asset carries the tag “${tag}”.` : 'No assets yet: an SBOM upload creates its asset.'}
          </Empty>
        )}
        {rows.length > 0 && (
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">Assets by parent; roll-ups include descendants</caption>
              <thead>
                <tr>
                  <th scope="col">Asset</th>
                  <th scope="col">Classifier</th>
                  <th scope="col">Tags</th>
                  <th scope="col" className="num">
                    Versions
                  </th>
                  <th scope="col" className="num">
                    Open findings
                  </th>
                  <th scope="col" className="num">
                    With descendants
                  </th>
                  <th scope="col" className="num">
                    Open violations
                  </th>
                  <th scope="col">Retention</th>
                  <th scope="col">Last upload</th>
                </tr>
              </thead>
              <tbody>
                {rows.map(({ asset, depth }) => (
                  <tr key={asset.id} data-testid={`asset-${asset.name}`}>
                    <th scope="row" style={{ paddingLeft: `${0.5 + depth * 1.25}rem` }}>
                      {depth > 0 && <span aria-hidden="true">└ </span>}
                      {asset.latestSbomId ? (
                        <Link to="/sboms/$sbomId" params={{ sbomId: asset.latestSbomId }}>
                          {asset.name}
                        </Link>
                      ) : (
                        asset.name
                      )}
                      {!asset.active && <span className="badge"> inactive</span>}
                    </th>
                    <td>{asset.classifier}</td>
                    <td>{asset.tags.length ? asset.tags.join(', ') : '—'}</td>
                    <td className="num">{asset.versions.length}</td>
                    <td className="num">
                      {asset.openFindings.total}
                      {asset.openFindings.CRITICAL > 0 && ` (${asset.openFindings.CRITICAL} critical)`}
                    </td>
                    <td className="num" data-testid={`rollup-${asset.name}`}>
                      {asset.rollup.openFindings.total}
                      {asset.rollup.assets > 1 && ` in ${asset.rollup.assets} assets`}
                    </td>
                    <td className="num">{asset.rollup.openViolations.total}</td>
                    <td>
                      {describeRetention(asset.effectiveRetention)}
                      {!asset.retention && Object.keys(asset.effectiveRetention).length > 0 && ' (default)'}
                      {admin && (
                        <>
                          {' '}
                          <button
                            type="button"
                            className="linkish"
                            aria-expanded={editing === asset.id}
                            onClick={() => setEditing(editing === asset.id ? null : asset.id)}
                          >
                            Edit<span className="visually-hidden"> retention of {asset.name}</span>
                          </button>
                        </>
                      )}
                    </td>
                    <td>{formatDate(asset.lastUploadAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {admin && editing && assets.data?.find((a) => a.id === editing) && (
        <RetentionForm asset={assets.data.find((a) => a.id === editing)!} onDone={() => setEditing(null)} />
      )}
    </Page>
  );
}

const FIELDS = [
  ['keepVersions', 'Keep the newest versions'],
  ['maxAgeDays', 'Delete versions older than (days)'],
  ['inactiveAfterDays', 'Inactive after days without an upload'],
] as const;

function RetentionForm({ asset, onDone }: { asset: Asset; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<string, string>>(
    Object.fromEntries(FIELDS.map(([key]) => [key, asset.retention?.[key]?.toString() ?? ''])),
  );
  const save = useMutation({
    mutationFn: (retention: Retention | null) =>
      unwrap(
        api.PATCH('/sscs/assets/{assetId}', { params: { path: { assetId: asset.id } }, body: { retention } }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['assets'] });
      onDone();
    },
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const retention: Retention = {};
    for (const [key] of FIELDS) if (values[key]?.trim()) retention[key] = Number(values[key]);
    save.mutate(Object.keys(retention).length ? retention : null);
  };
  return (
    <section className="card" aria-labelledby="retention-h">
      <h2 id="retention-h">Retention of {asset.name}</h2>
      <p className="muted">
        Empty fields fall back to the organisation’s default. The newest version is never deleted; deletions
        are audited and triage survives in the asset’s triage memory.
      </p>
      <form onSubmit={submit}>
        {FIELDS.map(([key, label]) => (
          <div className="field" key={key}>
            <label htmlFor={`ret-${key}`}>{label}</label>
            <input
              id={`ret-${key}`}
              inputMode="numeric"
              value={values[key]}
              onChange={(e) => setValues({ ...values, [key]: e.target.value })}
            />
          </div>
        ))}
        <ErrorMessage error={save.error} />
        <button type="submit" disabled={save.isPending}>
          Save retention
        </button>{' '}
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </form>
    </section>
  );
}
