// The OAuth consent page: an assistant asks to act for the signed-in person on the tool server; approve or deny.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { api, read, unwrap } from '../api/http.ts';
import { ErrorMessage, Loading } from '../components/bits.tsx';
import { Page } from '../components/Shell.tsx';
import { useSession } from '../session.tsx';

const SCOPE_TEXT: Record<string, string> = {
  'mcp:read': 'Read your organisation’s governance and supply-chain data through the tool server (masked)',
  'mcp:write': 'Create draft risks through the tool server, where the organisation allows write tools',
};

export default function Authorize() {
  const { uid } = useSearch({ from: '/authed/authorize' });
  const { session } = useSession();
  const request = useQuery({
    queryKey: ['oauth-request', uid],
    queryFn: () => read(api.GET('/oauth/requests/{uid}', { params: { path: { uid: uid ?? '' } } })),
    enabled: !!uid,
    retry: false,
  });
  // The answer sends the browser back to the authorization server, which returns to the assistant.
  const decide = useMutation({
    mutationFn: (answer: 'approve' | 'deny') =>
      unwrap(
        answer === 'approve'
          ? api.POST('/oauth/requests/{uid}/approve', { params: { path: { uid: uid ?? '' } } })
          : api.POST('/oauth/requests/{uid}/deny', { params: { path: { uid: uid ?? '' } } }),
      ),
    onSuccess: (result) => window.location.assign(result.data.redirectTo),
  });

  const data = request.data;
  const refused = data ? data.requestedScopes.filter((s) => !data.grantableScopes.includes(s)) : [];
  return (
    <Page title="Connect an application">
      {!uid && <p role="alert">This link has no authorization request. Start again from your assistant.</p>}
      {request.isPending && uid && <Loading what="the authorization request" />}
      <ErrorMessage error={request.error} />
      {data && (
        <section className="card" aria-labelledby="consent-h">
          <h2 id="consent-h">
            <span data-testid="client-name">{data.client.name ?? data.client.id}</span> wants to act as you
          </h2>
          <dl className="facts">
            <dt>Signed in as</dt>
            <dd>
              {session?.user.email} ({session?.user.role}) in {session?.org.name}
            </dd>
            <dt>Application</dt>
            <dd className="mono small">{data.client.id}</dd>
            <dt>Returns to</dt>
            <dd className="mono" data-testid="redirect-host">
              {data.redirectHost}
            </dd>
            <dt>Resource</dt>
            <dd className="mono small">{data.resource}</dd>
          </dl>
          <h3>It will be allowed to</h3>
          {data.grantableScopes.length === 0 ? (
            <p>Nothing: your role allows none of the requested permissions.</p>
          ) : (
            <ul data-testid="granted-scopes">
              {data.grantableScopes.map((s) => (
                <li key={s}>
                  <code>{s}</code>: {SCOPE_TEXT[s] ?? s}
                </li>
              ))}
            </ul>
          )}
          {refused.length > 0 && (
            <p className="muted">
              Not granted (your role does not allow it): <code>{refused.join(', ')}</code>
            </p>
          )}
          <p className="muted">You can disconnect it at any time under Access → Connected applications.</p>
          <ErrorMessage error={decide.error} />
          <div className="actions">
            <button type="button" disabled={decide.isPending} onClick={() => decide.mutate('approve')}>
              Approve
            </button>
            <button
              type="button"
              className="secondary"
              disabled={decide.isPending}
              onClick={() => decide.mutate('deny')}
            >
              Deny
            </button>
          </div>
        </section>
      )}
    </Page>
  );
}
