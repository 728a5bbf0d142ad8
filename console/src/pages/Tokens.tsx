// API tokens (admins): create with scopes and expiry (the secret is shown once, with a copy button), revoke.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, read, unwrap } from '../api/http.ts';
import { SCOPES } from '../api/choices.ts';
import type { Data } from '../api/rest.ts';
import { Empty, ErrorMessage, formatDate, Loading } from '../components/bits.tsx';
import { Page } from '../components/Shell.tsx';

const EXPIRIES = [
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: '90d', label: '90 days' },
  { value: '365d', label: '1 year' },
  { value: '', label: 'Never' },
];

function CreatedSecret({ token, onDismiss }: { token: Data<'postTokens'>; onDismiss: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="card secret" role="status" aria-live="polite">
      <h2>Token created: copy it now</h2>
      <p>This is the only time the secret is shown. Bulwark keeps only its hash.</p>
      <div className="secret-row">
        <label htmlFor="new-secret" className="visually-hidden">
          New token secret
        </label>
        <input
          id="new-secret"
          readOnly
          value={token.token}
          className="mono"
          onFocus={(e) => e.target.select()}
        />
        <button
          type="button"
          onClick={() =>
            void navigator.clipboard.writeText(token.token).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <button type="button" className="secondary" onClick={onDismiss}>
        I have stored it
      </button>
    </div>
  );
}

const tagList = (text: string): string[] =>
  text
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);

export default function Tokens() {
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: ['tokens'], queryFn: () => read(api.GET('/tokens')) });
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Set<string>>(new Set(['sbom:read']));
  const [expiresIn, setExpiresIn] = useState('30d');
  const [assetTags, setAssetTags] = useState('');
  const [created, setCreated] = useState<Data<'postTokens'> | null>(null);

  const create = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/tokens', {
          body: {
            ...(name.trim() ? { name: name.trim() } : {}),
            scopes: SCOPES.filter((s) => scopes.has(s)),
            ...(expiresIn ? { expiresIn } : {}),
            ...(tagList(assetTags).length > 0 ? { assetTags: tagList(assetTags) } : {}),
          },
        }),
      ),
    onSuccess: async (result) => {
      setCreated(result.data);
      setName('');
      setAssetTags('');
      await queryClient.invalidateQueries({ queryKey: ['tokens'] });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) =>
      unwrap(api.DELETE('/tokens/{tokenId}', { params: { path: { tokenId: id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tokens'] }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };

  const live = (tokens.data ?? []).filter((t) => !t.revokedAt);
  return (
    <Page title="API tokens">
      {created && <CreatedSecret token={created} onDismiss={() => setCreated(null)} />}
      <section className="card" aria-labelledby="new-h">
        <h2 id="new-h">New token</h2>
        <form className="stack" onSubmit={submit}>
          <label htmlFor="t-name">Name</label>
          <input
            id="t-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. CI pipeline"
          />
          <fieldset>
            <legend>Scopes</legend>
            {SCOPES.map((scope) => (
              <label key={scope} className="check">
                <input
                  type="checkbox"
                  checked={scopes.has(scope)}
                  onChange={() =>
                    setScopes((prev) => {
                      const next = new Set(prev);
                      if (next.has(scope)) next.delete(scope);
                      else next.add(scope);
                      return next;
                    })
                  }
                />{' '}
                {scope}
              </label>
            ))}
          </fieldset>
          <label htmlFor="t-expiry">Expires in</label>
          <select id="t-expiry" value={expiresIn} onChange={(e) => setExpiresIn(e.target.value)}>
            {EXPIRIES.map((e) => (
              <option key={e.value} value={e.value}>
                {e.label}
              </option>
            ))}
          </select>
          <label htmlFor="t-tags">Asset tags (optional)</label>
          <input
            id="t-tags"
            value={assetTags}
            onChange={(e) => setAssetTags(e.target.value)}
            placeholder="e.g. pay, web"
            aria-describedby="t-tags-help"
          />
          <p id="t-tags-help" className="muted small">
            Restricts the token to assets carrying one of these tags (and their children), whatever its
            user&apos;s role.
          </p>
          <ErrorMessage error={create.error} />
          <button type="submit" disabled={create.isPending || scopes.size === 0}>
            Create token
          </button>
        </form>
      </section>
      <section className="card" aria-labelledby="tl-h">
        <h2 id="tl-h">Active tokens</h2>
        {tokens.isPending && <Loading what="tokens" />}
        <ErrorMessage error={tokens.error ?? revoke.error} />
        {tokens.data && live.length === 0 && <Empty>No active tokens.</Empty>}
        {live.length > 0 && (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col" className="wide-only">
                    Id
                  </th>
                  <th scope="col">Scopes</th>
                  <th scope="col">Asset tags</th>
                  <th scope="col">Expires</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {live.map((t) => (
                  <tr key={t.id} data-token-id={t.id}>
                    <td>{t.name ?? '—'}</td>
                    <td className="mono small wide-only">{t.id}</td>
                    <td>{t.scopes.join(', ')}</td>
                    <td data-testid="token-tags">
                      {t.assetTags?.length ? t.assetTags.join(', ') : 'all assets'}
                    </td>
                    <td>{t.expiresAt ? formatDate(t.expiresAt) : 'never'}</td>
                    <td>
                      <button
                        type="button"
                        className="danger"
                        disabled={revoke.isPending}
                        onClick={() => {
                          if (
                            window.confirm(
                              `Revoke ${t.name ?? t.id}? Programs using it will get 401 at once.`,
                            )
                          )
                            revoke.mutate(t.id);
                        }}
                      >
                        Revoke<span className="visually-hidden"> {t.name ?? t.id}</span>
                      </button>
                    </td>
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
